//! No peer takes the HTTP server, on loopback with small caps: one peer
//! address holding half-sent request heads leaves slots for another, every
//! `Origin` header is checked, a session's `DELETE` is answered `204` (an
//! unknown one `404`), an address that is not loopback is served only with
//! authentication or an explicit opt-in, and a stateless server says why it
//! cannot ask a 2025-era client and cancels a call whose client went away.
//! Peers are told apart by their source address: `127.0.0.2` is another
//! peer than `127.0.0.1`, on the same loopback interface.

#![cfg(feature = "mcp-http")]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use toolsmith::mcp::{HttpOptions, McpServer};

use crate::mcp_http::InProcess;
use crate::raw_http::{exchange, post, request};

const CALL: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}"#;
const ANSWER: &str =
    r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"3"}],"isError":false}}"#;

/// A connection to `addr` from the loopback address `from`.
async fn connect_from(from: &str, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.expect("connects")
}

/// Polls `done` every 20 ms until it holds, for 10 seconds at most.
async fn until(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..500 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{what}: not within 10 s");
}

#[tokio::test]
async fn one_peer_holding_half_sent_heads_leaves_slots_for_another() {
    let server = InProcess::start(
        HttpOptions::new()
            .stateless(true)
            .head_timeout(Duration::from_secs(120))
            .max_connections(8)
            .max_connections_per_peer(4),
    )
    .await;
    // Twice the whole cap from one address, each with half a head.
    let mut held = Vec::new();
    for _ in 0..16 {
        let mut stream = connect_from("127.0.0.2", server.addr).await;
        stream
            .write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            .await
            .unwrap();
        held.push(stream);
    }
    // Past its four, the peer's connections are closed unanswered (reset,
    // as what they sent is left unread).
    let mut closed = 0;
    for stream in &mut held[4..] {
        let mut sent = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut sent))
            .await
            .expect("closed by the server");
        assert!(
            read.is_ok() || read.is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset),
            "closed or reset"
        );
        assert_eq!(sent, b"");
        closed += 1;
    }
    assert_eq!(closed, 12);
    // Another address is served, while the first four still hang.
    let mut other = connect_from("127.0.0.1", server.addr).await;
    other.write_all(post(CALL, &[]).as_bytes()).await.unwrap();
    let reply = crate::raw_http::read_reply(&mut other).await;
    assert_eq!((reply.status, reply.body.as_str()), (200, ANSWER));
    // The first peer's own share comes back once its connections go.
    held.truncate(0);
    let mut again = None;
    for _ in 0..500 {
        let mut stream = connect_from("127.0.0.2", server.addr).await;
        stream.write_all(post(CALL, &[]).as_bytes()).await.unwrap();
        let mut sent = Vec::new();
        let _ = stream.read_to_end(&mut sent).await;
        if !sent.is_empty() {
            again = Some(crate::raw_http::parse(&String::from_utf8_lossy(&sent)));
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let again = again.expect("the first peer is served again within 10 s");
    assert_eq!((again.status, again.body.as_str()), (200, ANSWER));
    server.shut_down().await;
}

#[tokio::test]
async fn every_origin_header_is_checked() {
    let server = InProcess::start(HttpOptions::new().stateless(true)).await;
    let good = ("Origin", "http://localhost:3000");
    let bad = ("Origin", "https://evil.example");
    let forbidden = "Forbidden: Origin header is not allowed";
    for (origins, status) in [
        (vec![good], 200),
        (vec![bad], 403),
        (vec![good, bad], 403),
        (vec![bad, good], 403),
        (vec![good, good], 200),
    ] {
        let reply = exchange(server.addr, &post(CALL, &origins)).await;
        let expected = if status == 200 { ANSWER } else { forbidden };
        assert_eq!(
            (reply.status, reply.body.as_str()),
            (status, expected),
            "{origins:?}"
        );
    }
    server.shut_down().await;
}

/// An `initialize` over HTTP that opens a session; its id.
async fn open_session(addr: SocketAddr) -> String {
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"peers","version":"0"}}}"#;
    let reply = exchange(addr, &post(initialize, &[])).await;
    assert_eq!(reply.status, 200, "{reply:?}");
    reply
        .header("mcp-session-id")
        .expect("a session id")
        .to_owned()
}

#[tokio::test]
async fn deleting_a_session_is_answered_204_and_an_unknown_one_404() {
    let server = InProcess::start(HttpOptions::new()).await;
    let session = open_session(server.addr).await;
    let delete = |id: &str| {
        request(
            "DELETE",
            "/mcp",
            &[
                ("Mcp-Session-Id", id),
                ("MCP-Protocol-Version", "2025-11-25"),
            ],
            "",
        )
    };
    let deleted = exchange(server.addr, &delete(&session)).await;
    assert_eq!((deleted.status, deleted.body.as_str()), (204, ""));
    assert_eq!(deleted.header("content-length"), None);
    for id in [session.as_str(), "no-such-session"] {
        let unknown = exchange(server.addr, &delete(id)).await;
        assert_eq!(
            (unknown.status, unknown.body.as_str()),
            (404, "Not Found: Session not found"),
            "{id}"
        );
    }
    server.shut_down().await;
}

#[tokio::test]
async fn an_address_beyond_loopback_needs_authentication_or_an_opt_in() {
    let tools = || toolsmith::toolset![crate::mcp_http::adder::Add].unwrap();
    let refused = McpServer::new(tools())
        .bind_http("0.0.0.0:0")
        .await
        .expect_err("no authentication on every address");
    assert_eq!(refused.kind(), std::io::ErrorKind::PermissionDenied);
    let message = refused.to_string();
    assert!(
        message.starts_with("refusing to serve MCP on 0.0.0.0:")
            && message.ends_with(
                " with no authentication: that address is not loopback, so anyone who \
                 reaches it could call every tool; set a bearer check (HttpOptions::bearer), \
                 bind a loopback address (127.0.0.1), or opt in with \
                 HttpOptions::allow_unauthenticated_network()"
            ),
        "{message}"
    );
    let opted_in = McpServer::new(tools())
        .with_http_options(HttpOptions::new().allow_unauthenticated_network())
        .bind_http("0.0.0.0:0")
        .await;
    assert!(opted_in.is_ok(), "{opted_in:?}");
    let with_bearer = McpServer::new(tools())
        .with_http_options(HttpOptions::new().bearer(
            |token: &str| token == "t",
            "https://tools.example.com/mcp",
            ["https://auth.example.com"],
        ))
        .bind_http("0.0.0.0:0")
        .await;
    assert!(with_bearer.is_ok(), "{with_bearer:?}");
    let loopback = McpServer::new(tools()).bind_http("127.0.0.1:0").await;
    assert!(loopback.is_ok(), "{loopback:?}");
}

/// Tools for the stateless server.
mod stateless_tools {
    use std::sync::atomic::Ordering;

    use toolsmith::{Answer, Call, ToolArg, ToolError, tool};

    /// What `confirm` asks.
    #[derive(serde::Deserialize, ToolArg)]
    #[serde(deny_unknown_fields)]
    pub struct Sure {
        /// Yes or no
        pub yes: bool,
    }

    /// Asks before it answers.
    #[tool]
    pub async fn confirm(#[call] call: Call) -> Result<String, ToolError> {
        Ok(match call.ask::<Sure>("Sure?").await? {
            Answer::Accepted(sure) => format!("sure: {}", sure.yes),
            _ => "not asked".to_owned(),
        })
    }

    /// Answers `n` bytes of `x`.
    #[tool]
    pub fn big(n: u32) -> String {
        "x".repeat(n as usize)
    }

    /// Marks the tool stopped when dropped: by its cancellation, or
    /// after it saw it.
    struct Stopped;

    impl Drop for Stopped {
        fn drop(&mut self) {
            super::SAW_CANCEL.store(true, Ordering::SeqCst);
        }
    }

    /// Waits until cancelled; stopped then, whether it is dropped or sees
    /// the cancellation itself.
    #[tool]
    pub async fn wait_for_cancel(#[call] call: Call) -> &'static str {
        let _stopped = Stopped;
        super::STARTED.store(true, Ordering::SeqCst);
        call.cancelled().await;
        "cancelled"
    }
}

static STARTED: AtomicBool = AtomicBool::new(false);
static SAW_CANCEL: AtomicBool = AtomicBool::new(false);

/// A stateless server of `confirm`, `wait_for_cancel` and `big`, on a
/// free loopback port; its address and the sender that stops it.
async fn stateless_server() -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    server_with(HttpOptions::new().stateless(true)).await
}

/// A server of the same tools with `options`.
async fn server_with(options: HttpOptions) -> (SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let tools = toolsmith::toolset![
        stateless_tools::Confirm,
        stateless_tools::WaitForCancel,
        stateless_tools::Big
    ]
    .unwrap();
    let server = McpServer::new(tools)
        .with_http_options(options)
        .bind_http("127.0.0.1:0")
        .await
        .unwrap();
    let addr = server.local_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(server.serve_with_shutdown(async {
        let _ = stopped.await;
    }));
    (addr, stop)
}

#[tokio::test]
async fn a_stateless_server_says_why_it_cannot_ask_a_2025_client() {
    let (addr, _stop) = stateless_server().await;
    let call = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"confirm","arguments":{}}}"#;
    let reply = exchange(addr, &post(call, &[("MCP-Protocol-Version", "2025-11-25")])).await;
    assert_eq!(
        (reply.status, reply.body.as_str()),
        (
            200,
            r#"{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"confirm failed: this server runs stateless: it cannot ask a 2025-11-25 client mid-call; serve with sessions (HttpOptions::stateless(false)), or call from a client of protocol 2026-07-28 or later"}],"isError":true}}"#
        )
    );
}

#[tokio::test]
async fn a_stateless_call_is_cancelled_when_its_client_goes_away() {
    let (addr, _stop) = stateless_server().await;
    let call = r#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"wait_for_cancel","arguments":{}}}"#;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = post(call, &[("MCP-Protocol-Version", "2025-11-25")]);
    stream.write_all(request.as_bytes()).await.unwrap();
    until("the tool starts", || STARTED.load(Ordering::SeqCst)).await;
    drop(stream);
    until("the tool sees the cancellation", || {
        SAW_CANCEL.load(Ordering::SeqCst)
    })
    .await;
}

/// A peer that reads nothing of a large answer on its session's event
/// stream loses its connection at the idle timeout: the answer is dropped with it, not held for as long as
/// the peer wants.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn an_answer_nobody_reads_is_dropped_with_its_connection() {
    use crate::raw_http::accepted_connections;

    let (addr, _stop) =
        server_with(HttpOptions::new().idle_timeout(Duration::from_millis(300))).await;
    let session = open_session(addr).await;
    let call = r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"big","arguments":{"n":16777216}}}"#;
    let socket = TcpSocket::new_v4().unwrap();
    // A small window: the server's writes block as soon as its own buffer
    // is full.
    socket.set_recv_buffer_size(4096).unwrap();
    let mut unread = socket.connect(addr).await.unwrap();
    let request = post(
        call,
        &[
            ("Mcp-Session-Id", &session),
            ("MCP-Protocol-Version", "2025-11-25"),
        ],
    )
    .replace("Connection: close\r\n", "");
    unread.write_all(request.as_bytes()).await.unwrap();
    until("the server accepts the connection", || {
        accepted_connections(addr.port()) == 1
    })
    .await;
    until("the server drops the connection", || {
        accepted_connections(addr.port()) == 0
    })
    .await;
    drop(unread);
}
