//! Everything but tools: a user's own rmcp [`ServerHandler`] (resources,
//! prompts, completions), behind one erased type so that the server stays
//! one type, compiled once. Its methods are the
//! [delegated requests](super::forward), declared and implemented for any
//! handler from that one list.

use rmcp::ServerHandler;
use rmcp::model::ServerConfig;

use super::forward::delegated_requests;

/// The requests an [`McpServer`](crate::mcp::McpServer) hands to the
/// user's handler: every one but `initialize`, tools and logging; at
/// 2026-07-28, `subscriptions/listen` too.
pub(crate) trait Delegate: Send + Sync + 'static {
    /// What the handler says of itself in `initialize`.
    fn info(&self) -> ServerConfig;

    delegated_requests!(declare);
}

impl<H: ServerHandler> Delegate for H {
    fn info(&self) -> ServerConfig {
        self.get_info()
    }

    delegated_requests!(boxed);
}

/// The handler of a server given none: rmcp's defaults, which answer
/// `-32601 Method not found`.
pub(crate) struct NoHandler;

impl ServerHandler for NoHandler {}
