//! Two replicas in this process on one real `redis-server` the test
//! starts, one session, a call on each asking the client at once: each
//! replica's question carries an id of its own, and each answer, posted to
//! the other replica, reaches the call that asked it and no other.

#![cfg(all(feature = "mcp-http", feature = "redis"))]

use std::net::SocketAddr;

use serde::Deserialize;
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use toolsmith::{Answer, Call, ToolArg, ToolError, ToolSet, tool};

use crate::mcp_http_streams::read_head;
use crate::mcp_resume::read_until;
use crate::mcp_tools_bus::two_replicas;
use crate::raw_http::{exchange, post};
use crate::support::redis_server::RedisServer;

/// A name the user gives.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Name {
    /// Your name
    name: String,
}

/// Asks the user's name, and says it.
#[tool]
async fn whose_name(#[call] call: Call) -> Result<String, ToolError> {
    Ok(match call.ask::<Name>("Your name?").await? {
        Answer::Accepted(Name { name }) => name,
        Answer::Declined | Answer::Cancelled => "(no name)".to_owned(),
    })
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(WhoseName).unwrap();
    tools
}

/// A session of a client that answers questions, opened on `addr`.
async fn asking_session(addr: SocketAddr) -> String {
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"answers","version":"0"}}}"#;
    let reply = exchange(addr, &post(initialize, &[])).await;
    assert_eq!(reply.status, 200, "{reply:?}");
    let session = reply.header("mcp-session-id").unwrap().to_owned();
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let reply = exchange(addr, &post(initialized, &headers(&session))).await;
    assert_eq!(reply.status, 202, "{reply:?}");
    session
}

fn headers(session: &str) -> [(&str, &str); 2] {
    [
        ("Mcp-Session-Id", session),
        ("MCP-Protocol-Version", "2025-11-25"),
    ]
}

/// A call of `whose_name` with JSON-RPC id `id` on `addr`, its stream
/// read up to the question: the stream, and the question's id.
async fn asked(addr: SocketAddr, session: &str, id: u32) -> (TcpStream, String, Value) {
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"whose_name","arguments":{{}}}}}}"#
    );
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let sent = post(&call, &headers(session)).replace("Connection: close\r\n", "");
    stream.write_all(sent.as_bytes()).await.unwrap();
    let (status, head, mut stream) = read_head(stream).await;
    assert_eq!(status, 200, "{head}");
    let mut seen = String::new();
    read_until(&mut stream, &mut seen, "elicitation/create").await;
    read_until(&mut stream, &mut seen, "\n\n").await;
    let question = seen
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| message["method"] == "elicitation/create")
        .expect("a question");
    (stream, seen, question["id"].clone())
}

/// Answers the question `id` with `name`, posted to `addr`.
async fn answer(addr: SocketAddr, session: &str, id: &Value, name: &str) {
    let answer = json!({
        "jsonrpc": "2.0",
        "id": id,
        "result": { "action": "accept", "content": { "name": name } }
    });
    let reply = exchange(addr, &post(&answer.to_string(), &headers(session))).await;
    assert!(matches!(reply.status, 202 | 204), "{reply:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn each_replicas_question_takes_its_own_answer_wherever_it_is_posted() {
    let redis = RedisServer::start();
    let (_, first, second) = two_replicas(&redis, tools()).await;
    let session = asking_session(first).await;

    let (mut on_first, mut first_seen, first_question) = asked(first, &session, 11).await;
    let (mut on_second, mut second_seen, second_question) = asked(second, &session, 12).await;
    assert_ne!(
        first_question, second_question,
        "{first_seen}\n{second_seen}"
    );

    // Each answer goes to the replica that did not ask.
    answer(second, &session, &first_question, "alice").await;
    answer(first, &session, &second_question, "bob").await;

    read_until(&mut on_first, &mut first_seen, r#""id":11"#).await;
    read_until(&mut on_second, &mut second_seen, r#""id":12"#).await;
    assert!(
        first_seen.contains(r#"{"type":"text","text":"alice"}"#),
        "{first_seen}"
    );
    assert!(
        second_seen.contains(r#"{"type":"text","text":"bob"}"#),
        "{second_seen}"
    );
}
