//! Two replicas in this process on one real `redis-server` the test
//! starts (`HttpOptions::redis`), a client with its event stream open on
//! each: a tool added and one removed through a `ToolsHandle` of the
//! first replica reach both clients as `notifications/tools/list_changed`,
//! the second replica's from the second replica. And a session opened on
//! one replica, whose client's `initialized` (and call) reach the other,
//! receives on its stream on the first the call's log messages and the
//! first replica's change to its tools.

#![cfg(all(feature = "mcp-http", feature = "redis"))]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;
use toolsmith::mcp::{HttpOptions, McpServer, ToolsHandle};
use toolsmith::{ToolSet, tool};

use crate::mcp_http_streams::{get_stream, open_session};
use crate::raw_http::{exchange, post, serve};
use crate::support::redis_server::RedisServer;

/// Says hello.
#[tool]
fn hello() -> &'static str {
    "hello"
}

/// Says goodbye.
#[tool]
pub(crate) fn goodbye() -> &'static str {
    "goodbye"
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(Hello).unwrap();
    tools
}

/// Two replicas of `tools` on `redis`, each on a free loopback port, and a
/// handle on the first one's tools.
pub(crate) async fn two_replicas(
    redis: &RedisServer,
    tools: ToolSet,
) -> (ToolsHandle, SocketAddr, SocketAddr) {
    let options = || HttpOptions::new().redis(redis.url());
    let first = McpServer::new(tools.clone()).with_http_options(options());
    let handle = first.tools_handle();
    let second = McpServer::new(tools).with_http_options(options());
    (handle, serve(first).await, serve(second).await)
}

/// What `stream` says within 200 ms, added to `seen`.
async fn read_for(stream: &mut TcpStream, seen: &mut String) {
    let mut chunk = [0u8; 4096];
    if let Ok(Ok(read)) =
        tokio::time::timeout(Duration::from_millis(200), stream.read(&mut chunk)).await
    {
        seen.push_str(&String::from_utf8_lossy(&chunk[..read]));
    }
}

/// How many times `seen` says the tools changed.
fn changes(seen: &str) -> usize {
    seen.matches(r#""method":"notifications/tools/list_changed""#)
        .count()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_change_on_one_replica_is_announced_by_every_replica_to_its_own_clients() {
    let redis = RedisServer::start();
    let (handle, first, second) = two_replicas(&redis, tools()).await;

    let mut streams = Vec::new();
    for addr in [first, second] {
        let session = open_session(addr).await;
        let (status, head, stream) = get_stream(addr, &session).await;
        assert_eq!(status, 200, "{head}");
        streams.push((stream, String::new()));
    }

    // The second replica may not listen yet when the first change is
    // published: the tool goes and comes back until both clients heard.
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut present = false;
    while streams.iter().any(|(_, seen)| changes(seen) == 0) {
        assert!(
            Instant::now() < deadline,
            "not told within 20 s: {:?}",
            streams.iter().map(|(_, seen)| seen).collect::<Vec<_>>()
        );
        if present {
            assert!(handle.remove("goodbye"));
        } else {
            handle.register(Goodbye).unwrap();
        }
        present = !present;
        for (stream, seen) in &mut streams {
            read_for(stream, seen).await;
        }
    }
    // The second replica's own tools are its own; it only told its client.
    let (_, second_seen) = &streams[1];
    assert!(
        second_seen.contains(r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#),
        "{second_seen}"
    );
}

/// Logs two lines while it runs.
#[tool]
async fn chatty(#[call] call: toolsmith::Call) -> &'static str {
    call.log(toolsmith::LogLevel::Info, "first line");
    tokio::time::sleep(Duration::from_millis(50)).await;
    call.log(toolsmith::LogLevel::Info, "second line");
    "said"
}

/// A session opened on `first` whose client's `initialized` reaches
/// `second`; its id.
async fn opened_here_initialized_there(first: SocketAddr, second: SocketAddr) -> String {
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bus","version":"0"}}}"#;
    let reply = exchange(first, &post(initialize, &[])).await;
    let session = reply.header("mcp-session-id").unwrap().to_owned();
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let reply = exchange(second, &post(initialized, &headers(&session))).await;
    assert_eq!(reply.status, 202, "{reply:?}");
    session
}

fn headers(session: &str) -> [(&str, &str); 2] {
    [
        ("Mcp-Session-Id", session),
        ("MCP-Protocol-Version", "2025-11-25"),
    ]
}

#[tokio::test(flavor = "multi_thread")]
async fn log_messages_reach_the_stream_on_the_replica_that_opened_the_session() {
    let redis = RedisServer::start();
    let mut tools = ToolSet::new();
    tools.register(Chatty).unwrap();
    let (_, first, second) = two_replicas(&redis, tools).await;
    let session = opened_here_initialized_there(first, second).await;
    let headers = headers(&session);

    let (status, head, mut stream) = get_stream(first, &session).await;
    assert_eq!(status, 200, "{head}");
    let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"chatty","arguments":{}}}"#;
    let reply = exchange(second, &post(call, &headers)).await;
    assert!(reply.body.contains("said"), "{reply:?}");

    let mut seen = String::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !seen.contains("second line") {
        assert!(Instant::now() < deadline, "not sent within 10 s: {seen:?}");
        read_for(&mut stream, &mut seen).await;
    }
    assert!(seen.find("first line") < seen.find("second line"), "{seen}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_change_reaches_the_stream_on_the_replica_that_opened_the_session() {
    let redis = RedisServer::start();
    let (handle, first, second) = two_replicas(&redis, tools()).await;
    let session = opened_here_initialized_there(first, second).await;

    let (status, head, mut stream) = get_stream(first, &session).await;
    assert_eq!(status, 200, "{head}");
    handle.register(Goodbye).unwrap();
    let mut seen = String::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    while changes(&seen) == 0 {
        assert!(Instant::now() < deadline, "not told within 10 s: {seen:?}");
        read_for(&mut stream, &mut seen).await;
    }
}
