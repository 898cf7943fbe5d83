//! Answers nobody reads, bounded in bytes: a session whose client leaves
//! an 8 MB answer unread gets no further large answer past its cap (each
//! is dropped with its stream, the response ending without it) while
//! another session is still answered; past the overall cap, another
//! session's large answer is dropped too, and its small ones still pass.
//! The unread answer itself arrives whole once its client reads.

#![cfg(feature = "mcp-http")]

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use toolsmith::mcp::{HttpOptions, McpServer};

use crate::raw_http::{exchange, post, serve};

mod tools {
    /// Answers `n` bytes of `x`.
    #[toolsmith::tool]
    pub fn big(n: u32) -> String {
        "x".repeat(n as usize)
    }
}

/// An answer larger than the socket's send buffer can ever grow to (4 MiB
/// at most on Linux), so that much of it stays on the server's side.
const LARGE: u32 = 8_000_000;
const MIB: usize = 1024 * 1024;

async fn server(per_session: usize, total: usize) -> SocketAddr {
    let tools = toolsmith::toolset![tools::Big].unwrap();
    let options = HttpOptions::new()
        .max_unread_bytes_per_session(per_session)
        .max_unread_bytes(total);
    serve(McpServer::new(tools).with_http_options(options)).await
}

async fn session(addr: SocketAddr) -> String {
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"unread","version":"0"}}}"#;
    let reply = exchange(addr, &post(initialize, &[])).await;
    let id = reply.header("mcp-session-id").unwrap().to_owned();
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    exchange(addr, &post(initialized, &[("Mcp-Session-Id", &id)])).await;
    id
}

fn call(n: u32) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":"big","arguments":{{"n":{n}}}}}}}"#
    )
}

/// A call and what its client has read of the response.
struct Call {
    stream: TcpStream,
    read: Vec<u8>,
    n: u32,
}

/// A call of `big(n)` in `session`, on a connection with a small receive
/// window that keeps the answer on the server's side until it is read.
async fn send(addr: SocketAddr, session: &str, n: u32) -> Call {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    let headers = [
        ("Mcp-Session-Id", session),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    stream
        .write_all(post(&call(n), &headers).as_bytes())
        .await
        .unwrap();
    Call {
        stream,
        read: Vec::new(),
        n,
    }
}

/// What a client reading the response sees.
#[derive(Debug, PartialEq, Eq)]
enum Seen {
    /// The answer is arriving: 64 KiB of it read, the rest left unread.
    Flowing,
    /// The response ended (or the connection closed) before the answer:
    /// it was dropped.
    Dropped,
    /// The response ended with the whole answer.
    Whole,
}

fn ended(read: &[u8]) -> bool {
    read.ends_with(b"\r\n0\r\n\r\n")
}

fn whole(read: &[u8], n: u32) -> bool {
    let xs = "x".repeat(n as usize);
    String::from_utf8_lossy(read).contains(&format!("\"text\":\"{xs}\""))
}

/// Reads until the answer flows (64 KiB in, when `stop_when_flowing`) or
/// the response ends; 30 seconds at most.
async fn look(call: &mut Call, stop_when_flowing: bool) -> Seen {
    let Call { stream, read, n } = call;
    let n = *n;
    let mut buf = vec![0; 64 * 1024];
    let deadline = Duration::from_secs(30);
    tokio::time::timeout(deadline, async {
        loop {
            let got = stream.read(&mut buf).await.unwrap_or(0);
            read.extend_from_slice(&buf[..got]);
            if got == 0 || ended(read) {
                return if whole(read, n) {
                    Seen::Whole
                } else {
                    Seen::Dropped
                };
            }
            if stop_when_flowing && read.len() >= 64 * 1024 {
                return Seen::Flowing;
            }
        }
    })
    .await
    .expect("the response goes on or ends")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_cap_a_sessions_unread_answers_are_dropped_and_others_served() {
    let addr = server(10 * MIB, 100 * MIB).await;
    let (mine, other) = (session(addr).await, session(addr).await);
    let mut unread = send(addr, &mine, LARGE).await;
    assert_eq!(look(&mut unread, true).await, Seen::Flowing);
    // The session holds more than 2 MiB unread: 8 MB more would pass 10.
    for _ in 0..3 {
        let mut next = send(addr, &mine, LARGE).await;
        assert_eq!(look(&mut next, false).await, Seen::Dropped);
    }
    // A small answer fits under the cap.
    let mut small = send(addr, &mine, 1000).await;
    assert_eq!(look(&mut small, false).await, Seen::Whole);
    // Another session is under its own cap.
    let mut theirs = send(addr, &other, LARGE).await;
    assert_eq!(look(&mut theirs, false).await, Seen::Whole);
    // The answer left unread is whole once read.
    assert_eq!(look(&mut unread, false).await, Seen::Whole);
    // Read, it holds nothing: the session's next large answer goes out.
    let mut again = send(addr, &mine, LARGE).await;
    assert_eq!(look(&mut again, false).await, Seen::Whole);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_overall_cap_any_sessions_large_answer_is_dropped() {
    let addr = server(10 * MIB, 10 * MIB).await;
    let (mine, other) = (session(addr).await, session(addr).await);
    let mut unread = send(addr, &mine, LARGE).await;
    assert_eq!(look(&mut unread, true).await, Seen::Flowing);
    let mut theirs = send(addr, &other, LARGE).await;
    assert_eq!(look(&mut theirs, false).await, Seen::Dropped);
    let mut small = send(addr, &other, 1000).await;
    assert_eq!(look(&mut small, false).await, Seen::Whole);
    assert_eq!(look(&mut unread, false).await, Seen::Whole);
}
