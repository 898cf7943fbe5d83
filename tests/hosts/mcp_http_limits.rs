//! The HTTP server under a flood, on loopback: connections that send
//! nothing (or a byte, or only the HTTP/2 preface) are closed at the head
//! deadline and idle ones at the idle timeout, no more than
//! `max_connections` are accepted at once, running out of descriptors is
//! reported once and not the end, the session past `max_sessions` and the
//! body past the bytes in flight are answered `503` with a JSON-RPC error,
//! and a real client is served all along. Limits are small so that each
//! flood is a few dozen sockets.

#![cfg(feature = "mcp-http")]

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use toolsmith::mcp::HttpOptions;

use crate::mcp_http::InProcess;
use crate::raw_http::{Reply, event_data, exchange, post, read_reply, request};

const CALL: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}"#;
const ANSWER: &str =
    r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"3"}],"isError":false}}"#;

/// The HTTP/2 connection preface a client opens with.
const H2_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
/// An empty HTTP/2 SETTINGS frame.
const H2_SETTINGS: &[u8] = &[0, 0, 0, 4, 0, 0, 0, 0, 0];

const SETTINGS: u8 = 4;
const GOAWAY: u8 = 7;

/// The type of each HTTP/2 frame in `bytes`.
fn frame_types(mut bytes: &[u8]) -> Vec<u8> {
    let mut types = Vec::new();
    while bytes.len() >= 9 {
        let length =
            usize::from(bytes[0]) << 16 | usize::from(bytes[1]) << 8 | usize::from(bytes[2]);
        types.push(bytes[3]);
        bytes = &bytes[(9 + length).min(bytes.len())..];
    }
    assert!(bytes.is_empty(), "whole frames only");
    types
}

/// The call answered `3` on a fresh connection.
async fn assert_served(server: &InProcess) {
    let reply = exchange(server.addr, &post(CALL, &[])).await;
    assert_eq!((reply.status, reply.body.as_str()), (200, ANSWER));
}

/// Reads until the server closes the connection; what it sent before.
async fn until_closed(stream: &mut TcpStream) -> Vec<u8> {
    let mut sent = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut sent))
        .await
        .expect("the server closes the connection")
        .expect("closed, not reset");
    sent
}

#[tokio::test]
async fn connections_that_never_send_a_request_head_are_closed() {
    let server = InProcess::start(
        HttpOptions::new()
            .stateless(true)
            .head_timeout(Duration::from_millis(200))
            .max_connections(8),
    )
    .await;
    let openings: [&[u8]; 5] = [
        b"",
        b"P",
        b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n",
        H2_PREFACE,
        &[H2_PREFACE, H2_SETTINGS].concat(),
    ];
    // Three times the cap: the last ones are accepted only once the
    // first are closed.
    let mut idle = Vec::new();
    for round in 0..24 {
        let opening = openings[round % openings.len()];
        let mut stream = TcpStream::connect(server.addr).await.unwrap();
        stream.write_all(opening).await.unwrap();
        idle.push((opening, stream));
    }
    for (opening, stream) in &mut idle {
        let sent = until_closed(stream).await;
        if opening.starts_with(H2_PREFACE) {
            // HTTP/2: the server's SETTINGS, and a GOAWAY before it closes.
            let frames = frame_types(&sent);
            assert_eq!(frames.first(), Some(&SETTINGS), "{opening:?}: {frames:?}");
            assert!(frames.contains(&GOAWAY), "{opening:?}: {frames:?}");
        } else {
            assert_eq!(sent, b"", "{opening:?}: closed without an answer");
        }
    }
    assert_served(&server).await;
    server.shut_down().await;
}

/// After its answer, a kept-alive connection that sends nothing more is
/// closed at the idle timeout.
#[tokio::test]
async fn a_kept_alive_connection_is_closed_once_idle() {
    let server = InProcess::start(
        HttpOptions::new()
            .stateless(true)
            .idle_timeout(Duration::from_millis(200)),
    )
    .await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let keep_alive = post(CALL, &[]).replace("Connection: close\r\n", "");
    stream.write_all(keep_alive.as_bytes()).await.unwrap();
    let sent = String::from_utf8(until_closed(&mut stream).await).unwrap();
    let reply = crate::raw_http::parse(&sent);
    assert_eq!((reply.status, reply.body.as_str()), (200, ANSWER));
    assert_eq!(reply.header("connection"), None, "kept alive until idle");
    server.shut_down().await;
}

#[cfg(target_os = "linux")]
#[tokio::test]
async fn past_max_connections_new_connections_wait_in_the_listen_queue() {
    use crate::raw_http::accepted_connections;

    let server = InProcess::start(
        HttpOptions::new()
            .stateless(true)
            .head_timeout(Duration::from_secs(60))
            .max_connections(8),
    )
    .await;
    let port = server.addr.port();
    let mut idle = Vec::new();
    for _ in 0..30 {
        idle.push(TcpStream::connect(server.addr).await.unwrap());
    }
    // All 30 are connected (the kernel completed them); the server takes
    // 8 of them, and no more however long it is given.
    let mut seen = Vec::new();
    for _ in 0..100 {
        let accepted = accepted_connections(port);
        seen.push(accepted);
        if accepted == 8 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(seen.last(), Some(&8), "{seen:?}");
    assert!(seen.iter().all(|&n| n <= 8), "{seen:?}");

    // A client waiting behind them is served once they go.
    let mut waiting = TcpStream::connect(server.addr).await.unwrap();
    waiting.write_all(post(CALL, &[]).as_bytes()).await.unwrap();
    drop(idle);
    let reply = read_reply(&mut waiting).await;
    assert_eq!((reply.status, reply.body.as_str()), (200, ANSWER));
    server.shut_down().await;
}

/// An `initialize` over HTTP, with `id`.
fn initialize(id: u32) -> String {
    post(
        &format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"initialize","params":{{"protocolVersion":"2025-06-18","capabilities":{{}},"clientInfo":{{"name":"flood","version":"0"}}}}}}"#
        ),
        &[],
    )
}

/// The session a successful `initialize` opened.
fn session_of(reply: &Reply) -> String {
    assert_eq!(reply.status, 200, "{reply:?}");
    assert!(
        event_data(&reply.body).contains(r#""result":{"protocolVersion""#),
        "{reply:?}"
    );
    reply
        .header("mcp-session-id")
        .expect("a session id")
        .to_owned()
}

fn sessions_full(id: u32) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32000,"message":"Server busy: the server holds its limit of 5 sessions; retry later, or end a session of yours (DELETE) first"}}}}"#
    )
}

#[tokio::test]
async fn the_session_past_max_sessions_is_answered_503_until_one_ends() {
    let server = InProcess::start(HttpOptions::new().max_sessions(5)).await;
    let mut sessions = Vec::new();
    for id in 1..=5 {
        sessions.push(session_of(&exchange(server.addr, &initialize(id)).await));
    }
    let refused = exchange(server.addr, &initialize(6)).await;
    assert_eq!(
        (refused.status, refused.body.as_str()),
        (503, sessions_full(6).as_str())
    );
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert_eq!(refused.header("content-type"), Some("application/json"));

    // A request in a session still open is served as before.
    let initialized = exchange(
        server.addr,
        &post(
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            &[("Mcp-Session-Id", &sessions[0])],
        ),
    )
    .await;
    assert_eq!(initialized.status, 202, "{initialized:?}");
    let listed = exchange(
        server.addr,
        &post(
            r#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#,
            &[
                ("Mcp-Session-Id", &sessions[0]),
                ("MCP-Protocol-Version", "2025-06-18"),
            ],
        ),
    )
    .await;
    assert_eq!(listed.status, 200, "{listed:?}");
    assert!(
        event_data(&listed.body).starts_with(r#"{"jsonrpc":"2.0","id":7,"result":{"tools":[{"#),
        "{listed:?}"
    );

    // A client ends its session: the next initialize takes its place.
    let ended = exchange(
        server.addr,
        &request("DELETE", "/mcp", &[("Mcp-Session-Id", &sessions[0])], ""),
    )
    .await;
    assert_eq!(ended.status, 204, "{ended:?}");
    session_of(&exchange(server.addr, &initialize(8)).await);
    let refused = exchange(server.addr, &initialize(9)).await;
    assert_eq!(
        (refused.status, refused.body.as_str()),
        (503, sessions_full(9).as_str())
    );
    server.shut_down().await;
}

#[tokio::test]
async fn an_idle_session_ends_and_frees_its_place() {
    let server = InProcess::start(
        HttpOptions::new()
            .max_sessions(1)
            .session_idle(Duration::from_millis(300)),
    )
    .await;
    let first = session_of(&exchange(server.addr, &initialize(1)).await);
    let mut statuses = Vec::new();
    for id in 2..100 {
        let reply = exchange(server.addr, &initialize(id)).await;
        statuses.push(reply.status);
        if reply.status == 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(statuses.first(), Some(&503), "{statuses:?}");
    assert_eq!(statuses.last(), Some(&200), "{statuses:?}");
    let gone = exchange(
        server.addr,
        &post(
            r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            &[("Mcp-Session-Id", &first)],
        ),
    )
    .await;
    assert_eq!(
        (gone.status, gone.body.as_str()),
        (404, "Not Found: Session not found")
    );
    server.shut_down().await;
}

#[tokio::test]
async fn a_body_past_the_bytes_in_flight_is_answered_503() {
    let server = InProcess::start(
        HttpOptions::new()
            .stateless(true)
            .max_body_bytes_in_flight(64 * 1024),
    )
    .await;
    // Two slow bodies of 40 KiB each (of 100 KiB announced): whichever is
    // read second goes past the 60 KiB large bodies may hold (the last
    // 4 KiB are kept for small ones) and is answered; the other waits for
    // the rest of its body.
    let start = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add","arguments":{"pad":""#;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut stream = TcpStream::connect(server.addr).await.unwrap();
        let head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Accept: application/json, text/event-stream\r\nContent-Length: 102400\r\n\r\n";
        let body = format!("{start}{}", "x".repeat(40 * 1024 - start.len()));
        stream
            .write_all(format!("{head}{body}").as_bytes())
            .await
            .unwrap();
        held.push(stream);
    }
    let [mut first, mut second] = <[TcpStream; 2]>::try_from(held).unwrap();
    let (refused, waiting) = tokio::select! {
        reply = read_reply(&mut first) => (reply, second),
        reply = read_reply(&mut second) => (reply, first),
    };
    assert_eq!(
        (refused.status, refused.body.as_str()),
        (
            503,
            r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32000,"message":"Server busy: the request bodies being read fill the limit of 65536 bytes; retry later"}}"#
        )
    );
    assert_eq!(refused.header("retry-after"), Some("1"));
    assert_eq!(refused.header("connection"), Some("close"));
    // While one body is held, a small call still fits.
    assert_served(&server).await;
    // Once the held body's connection is gone, its bytes are given back:
    // a body of 50 KiB fits again.
    drop(waiting);
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"add","arguments":{{"a":1,"b":2}},"_meta":{{"pad":"{}"}}}}}}"#,
        "x".repeat(50 * 1024)
    );
    let mut statuses = Vec::new();
    let answered = loop {
        let reply = exchange(server.addr, &post(&big, &[])).await;
        statuses.push(reply.status);
        if reply.status != 503 || statuses.len() == 100 {
            break reply;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        (answered.status, answered.body.as_str()),
        (200, ANSWER),
        "{statuses:?}"
    );
    server.shut_down().await;
}

/// Out of file descriptors (the example server under `ulimit -n 48`, with
/// 80 connections open), the server says so on stderr once, not once per
/// retry, and serves again as soon as the connections go.
#[cfg(target_os = "linux")]
#[test]
fn out_of_descriptors_the_server_says_so_once_and_serves_again() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};

    let server = crate::support::example("mcp_server");
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -n 48 && exec '{}' mcp --http 127.0.0.1:0",
            server.display()
        ))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example server starts");
    let (lines, stderr) = std::sync::mpsc::channel();
    let pipe = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let wait = Duration::from_secs(30);
    let first = stderr.recv_timeout(wait).expect("the server starts");
    let addr = first
        .strip_prefix("serving MCP at http://")
        .and_then(|rest| rest.strip_suffix("/mcp"))
        .unwrap_or_else(|| panic!("{first}"))
        .to_owned();

    let idle: Vec<_> = (0..80)
        .map(|_| std::net::TcpStream::connect(&addr).unwrap())
        .collect();
    let report = stderr.recv_timeout(wait).expect("the server reports");
    assert_eq!(
        report,
        "mcp: cannot accept a connection: Too many open files (os error 24)"
    );
    // Ten retries later, still one report.
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(stderr.try_iter().collect::<Vec<_>>(), Vec::<String>::new());

    drop(idle);
    let mut client = std::net::TcpStream::connect(&addr).unwrap();
    client.set_read_timeout(Some(wait)).unwrap();
    client.write_all(initialize(1).as_bytes()).unwrap();
    let mut response = String::new();
    client.read_to_string(&mut response).unwrap();
    session_of(&crate::raw_http::parse(&response));
    let _ = child.kill();
    let _ = child.wait();
}
