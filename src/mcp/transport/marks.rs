//! What the HTTP endpoint marks a request with (in its parts' extensions)
//! for the server's calls to read: the connection it came on, and whether
//! it is served without a session.

use std::sync::atomic::{AtomicU64, Ordering};

/// The mark of a request served without a session, which its call reads
/// (through the request's parts) to say why the client cannot be asked
/// mid-call.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stateless;

/// One client connection of [`serve`](crate::mcp::HttpServer::serve):
/// what stands for the caller of a server with neither an authenticator
/// nor sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Client(pub(crate) u64);

impl Client {
    /// A number no connection of this process had.
    pub(crate) fn next() -> Client {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Client(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}
