//! `GET` event streams on loopback with small caps: one per session (a
//! second is answered `409` while the first is open, and served once it
//! has gone), no more than the stream cap across sessions (`503`), and
//! each ended by the server at its lifetime, or once it has sent no message
//! for the idle timeout, so that a stream nobody reads holds no connection
//! for longer.

#![cfg(feature = "mcp-http")]

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use toolsmith::mcp::HttpOptions;

use crate::mcp_http::InProcess;
use crate::raw_http::{exchange, post, request};

/// A session opened and initialized; its id.
pub(crate) async fn open_session(addr: SocketAddr) -> String {
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"streams","version":"0"}}}"#;
    let reply = exchange(addr, &post(initialize, &[])).await;
    assert_eq!(reply.status, 200, "{reply:?}");
    let session = reply
        .header("mcp-session-id")
        .expect("a session")
        .to_owned();
    let initialized = exchange(
        addr,
        &post(
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            &[("Mcp-Session-Id", &session)],
        ),
    )
    .await;
    assert_eq!(initialized.status, 202, "{initialized:?}");
    session
}

/// A `GET` of `session`'s event stream: the status, the head's text, and
/// the connection, left open.
pub(crate) async fn get_stream(addr: SocketAddr, session: &str) -> (u16, String, TcpStream) {
    get_stream_with(addr, session, &[]).await
}

/// [`get_stream`] with more headers.
pub(crate) async fn get_stream_with(
    addr: SocketAddr,
    session: &str,
    more: &[(&str, &str)],
) -> (u16, String, TcpStream) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut headers = vec![
        ("Accept", "text/event-stream"),
        ("Mcp-Session-Id", session),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    headers.extend_from_slice(more);
    let get = request("GET", "/mcp", &headers, "");
    stream.write_all(get.as_bytes()).await.unwrap();
    read_head(stream).await
}

/// The status, the head's text and the connection of a response whose
/// request was sent on `stream`, its body left to read.
pub(crate) async fn read_head(mut stream: TcpStream) -> (u16, String, TcpStream) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let read = tokio::time::timeout(Duration::from_secs(30), stream.read(&mut byte))
            .await
            .expect("the server answers")
            .unwrap();
        assert_eq!(
            read,
            1,
            "a whole head: {:?}",
            String::from_utf8_lossy(&head)
        );
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap();
    let status = head[9..12].parse().unwrap();
    (status, head, stream)
}

/// The rest of a response, to the end of the connection.
pub(crate) async fn rest(stream: &mut TcpStream) -> String {
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut rest))
        .await
        .expect("the server ends the stream")
        .expect("ended, not reset");
    String::from_utf8(rest).unwrap()
}

/// The body of a response whose head was `head`, read to the end.
async fn body(head: &str, stream: &mut TcpStream) -> String {
    let rest = rest(stream).await;
    crate::raw_http::parse(&format!("{head}{rest}")).body
}

/// `GET` of `session`'s stream until one is served (the server has seen
/// the previous one go), for 10 seconds at most.
async fn served_stream(addr: SocketAddr, session: &str) -> TcpStream {
    for _ in 0..500 {
        let (status, _, stream) = get_stream(addr, session).await;
        if status == 200 {
            return stream;
        }
        assert_eq!(status, 409);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no stream served within 10 s");
}

#[tokio::test]
async fn a_session_has_one_event_stream_at_a_time() {
    let server = InProcess::start(HttpOptions::new()).await;
    let session = open_session(server.addr).await;
    let (status, head, first) = get_stream(server.addr, &session).await;
    assert_eq!(status, 200, "{head}");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: text/event-stream"),
        "{head}"
    );
    let (status, head, mut second) = get_stream(server.addr, &session).await;
    assert_eq!(status, 409);
    assert_eq!(
        body(&head, &mut second).await,
        "Conflict: the session has an event stream open already; one is served per session"
    );
    // Another session has a stream of its own.
    let other = open_session(server.addr).await;
    let (status, _, _other_stream) = get_stream(server.addr, &other).await;
    assert_eq!(status, 200);
    // Once the first has gone, the session opens one again.
    drop(first);
    let _again = served_stream(server.addr, &session).await;
    server.shut_down().await;
}

#[tokio::test]
async fn event_streams_past_the_cap_are_answered_503() {
    let server = InProcess::start(HttpOptions::new().max_event_streams(2)).await;
    let mut open = Vec::new();
    for _ in 0..2 {
        let session = open_session(server.addr).await;
        let (status, _, stream) = get_stream(server.addr, &session).await;
        assert_eq!(status, 200);
        open.push(stream);
    }
    let third = open_session(server.addr).await;
    let (status, head, mut refused) = get_stream(server.addr, &third).await;
    assert_eq!(status, 503);
    assert!(
        head.to_ascii_lowercase().contains("retry-after: 1"),
        "{head}"
    );
    assert_eq!(
        body(&head, &mut refused).await,
        "Service Unavailable: the server holds its limit of 2 event streams; retry later"
    );
    open.pop();
    let _served = served_stream_of_any(server.addr, &third).await;
    server.shut_down().await;
}

/// [`served_stream`], where the refusal is the cap's `503`.
async fn served_stream_of_any(addr: SocketAddr, session: &str) -> TcpStream {
    for _ in 0..500 {
        let (status, _, stream) = get_stream(addr, session).await;
        if status == 200 {
            return stream;
        }
        assert_eq!(status, 503);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("no stream served within 10 s");
}

/// The stream cap stays below the connection cap: calls always find a
/// slot.
#[tokio::test]
async fn event_streams_leave_connections_for_calls() {
    let server = InProcess::start(HttpOptions::new().max_connections(4)).await;
    let mut open = Vec::new();
    let mut refused = 0;
    for _ in 0..4 {
        let session = open_session(server.addr).await;
        let (status, _, stream) = get_stream(server.addr, &session).await;
        match status {
            200 => open.push(stream),
            503 => refused += 1,
            other => panic!("{other}"),
        }
    }
    assert_eq!((open.len(), refused), (3, 1), "three of four connections");
    let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#;
    let session = open_session(server.addr).await;
    let listed = exchange(
        server.addr,
        &post(
            list,
            &[
                ("Mcp-Session-Id", &session),
                ("MCP-Protocol-Version", "2025-11-25"),
            ],
        ),
    )
    .await;
    assert_eq!(listed.status, 200, "{listed:?}");
    server.shut_down().await;
}

/// A server with `options`, a session on it, and its stream, which the
/// server has ended cleanly (the last chunk sent).
async fn ended_stream(options: HttpOptions) -> (InProcess, String) {
    let server = InProcess::start(options).await;
    let session = open_session(server.addr).await;
    let (status, _, mut stream) = get_stream(server.addr, &session).await;
    assert_eq!(status, 200);
    let sent = rest(&mut stream).await;
    assert!(sent.ends_with("0\r\n\r\n"), "a clean end: {sent:?}");
    (server, session)
}

#[tokio::test]
async fn an_event_stream_ends_at_its_lifetime_and_opens_again() {
    let (server, session) = ended_stream(
        HttpOptions::new()
            .stream_lifetime(Duration::from_millis(300))
            .idle_timeout(Duration::from_secs(120)),
    )
    .await;
    let _again = served_stream(server.addr, &session).await;
    server.shut_down().await;
}

#[tokio::test]
async fn an_event_stream_without_messages_ends_at_the_idle_timeout() {
    let (server, _) = ended_stream(
        HttpOptions::new()
            .idle_timeout(Duration::from_millis(300))
            .stream_lifetime(Duration::from_secs(120)),
    )
    .await;
    server.shut_down().await;
}
