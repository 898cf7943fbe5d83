//! Streams resumed on another replica: two replicas in this process on
//! one real `redis-server` the test starts (`HttpOptions::redis`). A call's
//! stream cut on the first replica after its first event is resumed on the
//! second with `Last-Event-ID`, and the client receives every progress
//! report and the answer it missed, once each, in order; a session's own
//! stream resumed on the second replica receives the change it missed
//! and, live, the changes made on the first after it; a resume that names
//! another session's stream receives nothing of it.

#![cfg(all(feature = "mcp-http", feature = "redis"))]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use toolsmith::{Call, ToolSet, tool};

use crate::mcp_http_streams::{get_stream, get_stream_with, open_session, read_head, rest};
use crate::mcp_tools_bus::{Goodbye, two_replicas};
use crate::raw_http::post;
use crate::support::redis_server::RedisServer;

/// Takes three steps, reporting each, then says it is done.
#[tool]
async fn three_steps(#[call] call: Call) -> &'static str {
    for step in [1.0, 2.0, 3.0] {
        tokio::time::sleep(Duration::from_millis(300)).await;
        call.progress(step, Some(3.0), &format!("step {step}"));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    "three steps done"
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(ThreeSteps).unwrap();
    tools
}

/// What `stream` sends until `seen` holds `until`, or 20 s pass.
pub(crate) async fn read_until(stream: &mut TcpStream, seen: &mut String, until: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut chunk = [0u8; 4096];
    while !seen.contains(until) {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "no {until:?} within 20 s: {seen}");
        match tokio::time::timeout(left, stream.read(&mut chunk)).await {
            Ok(Ok(0)) => panic!("the stream ended before {until:?}: {seen}"),
            Ok(Ok(read)) => seen.push_str(&String::from_utf8_lossy(&chunk[..read])),
            Ok(Err(err)) => panic!("{err}: {seen}"),
            Err(_) => {}
        }
    }
}

/// The event ids in `seen`, in order.
fn event_ids(seen: &str) -> Vec<&str> {
    seen.lines()
        .filter_map(|line| {
            line.strip_prefix("id: ")
                .or_else(|| line.strip_prefix("id:"))
        })
        .map(str::trim)
        .collect()
}

/// A `GET` of `session`'s stream from after `last`.
async fn resume(addr: SocketAddr, session: &str, last: &str) -> (u16, String, TcpStream) {
    get_stream_with(addr, session, &[("Last-Event-ID", last)]).await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_cut_on_one_replica_is_resumed_on_another_with_all_it_missed() {
    let redis = RedisServer::start();
    let (_, first, second) = two_replicas(&redis, tools()).await;
    let session = open_session(first).await;

    let call = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"three_steps","arguments":{},"_meta":{"progressToken":"p"}}}"#;
    let mut stream = TcpStream::connect(first).await.unwrap();
    let sent = post(
        call,
        &[
            ("Mcp-Session-Id", &session),
            ("MCP-Protocol-Version", "2025-11-25"),
        ],
    );
    stream.write_all(sent.as_bytes()).await.unwrap();
    let (status, head, mut stream) = read_head(stream).await;
    assert_eq!(status, 200, "{head}");
    let mut before = String::new();
    read_until(&mut stream, &mut before, "\n\n").await;
    let first_id = event_ids(&before)[0].to_owned();
    assert!(
        !before.contains("notifications/progress"),
        "cut before the first report: {before}"
    );
    drop(stream);

    let (status, head, mut resumed) = resume(second, &session, &first_id).await;
    assert_eq!(status, 200, "{head}");
    let mut after = String::new();
    read_until(&mut resumed, &mut after, "three steps done").await;

    let reports: Vec<&str> = after
        .match_indices(r#""message":"step "#)
        .map(|(at, _)| &after[at + 11..at + 17])
        .collect();
    assert_eq!(reports, ["step 1", "step 2", "step 3"], "{after}");
    assert_eq!(after.matches("three steps done").count(), 1, "{after}");
    assert!(
        after.find("step 3").unwrap() < after.find("three steps done").unwrap(),
        "{after}"
    );
    // Every event has an id of the shared log, none the one resumed from.
    let ids = event_ids(&after);
    assert_eq!(ids.len(), 4, "{after}");
    assert!(!ids.contains(&first_id.as_str()), "{after}");
    // The answer ends the resumed stream.
    let rest = rest(&mut resumed).await;
    assert!(!rest.contains("data:"), "{rest}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_stream_resumed_on_another_replica_receives_what_it_missed_and_what_follows() {
    let redis = RedisServer::start();
    let (handle, first, second) = two_replicas(&redis, tools()).await;
    let session = open_session(first).await;
    let changed = r#""method":"notifications/tools/list_changed""#;

    let (status, head, mut stream) = get_stream(first, &session).await;
    assert_eq!(status, 200, "{head}");
    handle.register(Goodbye).unwrap();
    let mut before = String::new();
    read_until(&mut stream, &mut before, changed).await;
    let last = event_ids(&before).last().expect("an event id").to_string();
    drop(stream);

    // Missed: the change made while no stream was open.
    assert!(handle.remove("goodbye"));
    let (status, head, mut resumed) = resume(second, &session, &last).await;
    assert_eq!(status, 200, "{head}");
    let mut after = String::new();
    read_until(&mut resumed, &mut after, changed).await;
    assert!(!event_ids(&after).contains(&last.as_str()), "{after}");

    // Followed: a change on the first replica after the resume.
    let missed = after.matches(changed).count();
    handle.register(Goodbye).unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut chunk = [0u8; 4096];
    while after.matches(changed).count() == missed {
        assert!(Instant::now() < deadline, "not followed: {after}");
        if let Ok(Ok(read)) =
            tokio::time::timeout(Duration::from_millis(200), resumed.read(&mut chunk)).await
        {
            after.push_str(&String::from_utf8_lossy(&chunk[..read]));
        }
    }
    drop(resumed);

    // Another session naming this session's stream receives none of it.
    let other = open_session(second).await;
    let (status, head, mut foreign) = resume(second, &other, &last).await;
    assert_eq!(status, 200, "{head}");
    let seen = rest(&mut foreign).await;
    assert!(!seen.contains("data:"), "{seen}");
}
