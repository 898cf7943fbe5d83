//! Tasks belong to the caller that made them: over HTTP with two real
//! sessions of `examples/conformance_server.rs`, with two bearer tokens on
//! a stateless server, and on two stdio connections of one server, the
//! other caller's `tasks/get`, `tasks/update` and `tasks/cancel` are
//! answered exactly as for an id never given, while the owner's still
//! work; one client runs at most its share of the server's tasks.

#![cfg(feature = "mcp-http")]

use std::net::SocketAddr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolsmith::mcp::{HttpOptions, McpServer};
use toolsmith::{Answer, Call, ToolArg, ToolError, ToolSet};

use crate::raw_http::{event_data, exchange, post, serve};
use crate::support::http_example::HttpExample;

/// The `_meta` of a request from a client that takes tasks and can ask its
/// user, for a server that keeps no session.
fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2025-11-25",
        "io.modelcontextprotocol/clientCapabilities": {
            "elicitation": {},
            "extensions": { "io.modelcontextprotocol/tasks": {} }
        },
        "io.modelcontextprotocol/clientInfo": { "name": "owners-test", "version": "1" }
    })
}

/// A client speaking JSON-RPC over HTTP, one request per connection, with
/// its session (when the server gives one) and its token (when it has
/// one).
pub(crate) struct Client {
    addr: SocketAddr,
    headers: Vec<(String, String)>,
    next_id: u64,
}

impl Client {
    /// A client of the server at `addr`, initialized when the server keeps
    /// sessions.
    pub(crate) async fn start(addr: SocketAddr, token: Option<&str>, sessions: bool) -> Client {
        let mut headers = vec![("MCP-Protocol-Version".to_owned(), "2025-11-25".to_owned())];
        if let Some(token) = token {
            headers.push(("Authorization".to_owned(), format!("Bearer {token}")));
        }
        let mut client = Client {
            addr,
            headers,
            next_id: 0,
        };
        if sessions {
            let init = json!({
                "jsonrpc": "2.0",
                "id": 0,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {
                        "elicitation": {},
                        "extensions": { "io.modelcontextprotocol/tasks": {} }
                    },
                    "clientInfo": { "name": "owners-test", "version": "1" }
                }
            });
            let reply = exchange(addr, &post(&init.to_string(), &client.header_refs())).await;
            assert_eq!(reply.status, 200, "{reply:?}");
            let session = reply
                .header("mcp-session-id")
                .expect("a session")
                .to_owned();
            client.headers.push(("Mcp-Session-Id".to_owned(), session));
            let ready = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
            let reply = exchange(addr, &post(&ready.to_string(), &client.header_refs())).await;
            assert_eq!(reply.status, 202, "{reply:?}");
        }
        client
    }

    fn header_refs(&self) -> Vec<(&str, &str)> {
        self.headers
            .iter()
            .map(|(name, value)| (name.as_str(), value.as_str()))
            .collect()
    }

    /// Sends a request; its answer, the whole JSON-RPC message.
    pub(crate) async fn request(&mut self, method: &str, mut params: Value) -> Value {
        self.next_id += 1;
        params["_meta"] = meta();
        let body =
            json!({ "jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params });
        let reply = exchange(self.addr, &post(&body.to_string(), &self.header_refs())).await;
        assert_eq!(reply.status, 200, "{method}: {reply:?}");
        let text = match reply.header("content-type") {
            Some(kind) if kind.starts_with("text/event-stream") => event_data(&reply.body),
            _ => reply.body.as_str(),
        };
        let mut message: Value = serde_json::from_str(text).expect("a JSON-RPC message");
        message.as_object_mut().unwrap().remove("id");
        message
    }

    /// The result of a request, which must not be an error.
    pub(crate) async fn result(&mut self, method: &str, params: Value) -> Value {
        let answer = self.request(method, params).await;
        assert!(answer.get("error").is_none(), "{method} failed: {answer}");
        answer["result"].clone()
    }

    /// Calls `tool` and returns the id of the task it became.
    pub(crate) async fn start_task(&mut self, tool: &str, arguments: Value) -> String {
        let created = self
            .result(
                "tools/call",
                json!({ "name": tool, "arguments": arguments }),
            )
            .await;
        created["taskId"]
            .as_str()
            .unwrap_or_else(|| panic!("{tool} made no task: {created}"))
            .to_owned()
    }

    /// `tasks/get` until the task's status is `status`.
    pub(crate) async fn until(&mut self, id: &str, status: &str) -> Value {
        for _ in 0..400 {
            let task = self.result("tasks/get", json!({ "taskId": id })).await;
            if task["status"] == status {
                return task;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("task {id} never became {status}")
    }
}

/// The answer to a request about a task the caller may not know of.
pub(crate) fn unknown(id: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "error": { "code": -32602, "message": format!("unknown task: {id}") }
    })
}

/// Checks that `other`'s `tasks/get`, `tasks/update` and `tasks/cancel`
/// of `id` read exactly as those of an id never given.
async fn is_unknown_to(other: &mut Client, id: &str) {
    let yes = json!({ "ask-1": { "action": "accept", "content": { "confirm": true } } });
    for never in [id, "00000000-0000-4000-8000-000000000000"] {
        let calls = [
            ("tasks/get", json!({ "taskId": never })),
            (
                "tasks/update",
                json!({ "taskId": never, "inputResponses": yes }),
            ),
            ("tasks/cancel", json!({ "taskId": never })),
        ];
        for (method, params) in calls {
            assert_eq!(
                other.request(method, params).await,
                unknown(never),
                "{method} {never}"
            );
        }
    }
}

#[tokio::test]
async fn another_sessions_get_update_and_cancel_of_a_task_read_as_unknown() {
    let server = HttpExample::start("conformance_server", &[]);
    let addr: SocketAddr = server.url["http://".len()..server.url.len() - "/mcp".len()]
        .parse()
        .unwrap();
    let mut alice = Client::start(addr, None, true).await;
    let mut bob = Client::start(addr, None, true).await;

    let asking = alice
        .start_task("confirm_delete", json!({ "filename": "prod.db" }))
        .await;
    let waiting = alice.until(&asking, "input_required").await;
    assert_eq!(
        waiting["inputRequests"]["ask-1"]["params"]["message"],
        "Delete prod.db?"
    );
    is_unknown_to(&mut bob, &asking).await;
    // Bob's answer and cancel changed nothing: Alice's task still asks her.
    assert_eq!(
        alice.result("tasks/get", json!({ "taskId": asking })).await["status"],
        "input_required"
    );
    let no = json!({ "ask-1": { "action": "accept", "content": { "confirm": false } } });
    alice
        .result(
            "tasks/update",
            json!({ "taskId": asking, "inputResponses": no }),
        )
        .await;
    assert_eq!(
        alice.until(&asking, "completed").await["result"]["content"],
        json!([{ "type": "text", "text": "kept prod.db" }])
    );

    let slow = alice
        .start_task("slow_compute", json!({ "seconds": 600 }))
        .await;
    is_unknown_to(&mut bob, &slow).await;
    assert_eq!(
        alice.result("tasks/get", json!({ "taskId": slow })).await["status"],
        "working"
    );
    alice
        .result("tasks/cancel", json!({ "taskId": slow }))
        .await;
    alice.until(&slow, "cancelled").await;
    // Settled, the task is still Alice's alone.
    is_unknown_to(&mut bob, &slow).await;
}

/// The user's go-ahead.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Confirmation {
    /// Whether to go ahead
    confirm: bool,
}

/// Deletes `filename` once the user confirms.
#[toolsmith::tool(task)]
async fn confirm_delete(filename: String, #[call] call: Call) -> Result<String, ToolError> {
    Ok(
        match call
            .ask::<Confirmation>(&format!("Delete {filename}?"))
            .await?
        {
            Answer::Accepted(Confirmation { confirm: true }) => format!("deleted {filename}"),
            _ => format!("kept {filename}"),
        },
    )
}

/// Waits until it is cancelled.
#[toolsmith::tool(task)]
async fn hold() -> String {
    std::future::pending::<()>().await;
    "never".to_owned()
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(ConfirmDelete).unwrap();
    tools.register(Hold).unwrap();
    tools
}

#[tokio::test]
async fn on_a_stateless_server_another_tokens_requests_read_a_task_as_unknown() {
    let options = HttpOptions::new().stateless(true).bearer(
        |token: &str| token == "alice-token" || token == "mallory-token",
        "http://127.0.0.1/mcp",
        ["https://auth.example.com"],
    );
    let addr = serve(McpServer::new(tools()).with_http_options(options)).await;
    let mut alice = Client::start(addr, Some("alice-token"), false).await;
    let mut mallory = Client::start(addr, Some("mallory-token"), false).await;

    let asking = alice
        .start_task("confirm_delete", json!({ "filename": "alice.db" }))
        .await;
    alice.until(&asking, "input_required").await;
    is_unknown_to(&mut mallory, &asking).await;
    let yes = json!({ "ask-1": { "action": "accept", "content": { "confirm": true } } });
    alice
        .result(
            "tasks/update",
            json!({ "taskId": asking, "inputResponses": yes }),
        )
        .await;
    assert_eq!(
        alice.until(&asking, "completed").await["result"]["content"],
        json!([{ "type": "text", "text": "deleted alice.db" }])
    );
}

#[tokio::test]
async fn one_client_runs_its_share_of_the_tasks_and_leaves_the_rest_to_others() {
    let server = McpServer::new(tools())
        .with_max_tasks(3)
        .with_max_tasks_per_client(2);
    let addr = serve(server).await;
    let mut greedy = Client::start(addr, None, true).await;
    let mut other = Client::start(addr, None, true).await;
    greedy.start_task("hold", json!({})).await;
    greedy.start_task("hold", json!({})).await;
    let refused = greedy
        .result("tools/call", json!({ "name": "hold", "arguments": {} }))
        .await;
    assert_eq!(
        refused,
        json!({
            "content": [{
                "type": "text",
                "text": "hold was not started: this client runs as many tasks as it may (2); call again once one of them has settled"
            }],
            "isError": true
        })
    );
    let third = other.start_task("hold", json!({})).await;
    let refused = other
        .result("tools/call", json!({ "name": "hold", "arguments": {} }))
        .await;
    assert_eq!(
        refused["content"][0]["text"],
        "hold was not started: the server runs as many tasks as it may (3); call again once one has settled"
    );
    other
        .result("tasks/cancel", json!({ "taskId": third }))
        .await;
    other.until(&third, "cancelled").await;
    other.start_task("hold", json!({})).await;
}

/// Two stdio connections served by one server (clones share the tasks):
/// the second's requests about the first's task read as unknown.
#[tokio::test]
async fn on_stdio_another_connections_requests_read_a_task_as_unknown() {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

    let server = McpServer::new(tools());
    let mut lines = Vec::new();
    let mut writers = Vec::new();
    for _ in 0..2 {
        let (ours, theirs) = tokio::io::duplex(1 << 16);
        let (read, write) = tokio::io::split(theirs);
        tokio::spawn(server.clone().serve_lines(read, write));
        let (read, write) = tokio::io::split(ours);
        lines.push(BufReader::new(read).lines());
        writers.push(write);
    }
    let mut ask = async |who: usize, id: u64, method: &str, params: Value| -> Value {
        let mut params = params;
        params["_meta"] = meta();
        let line = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        writers[who]
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
        loop {
            let line = lines[who].next_line().await.unwrap().expect("an answer");
            let mut message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == json!(id) {
                message.as_object_mut().unwrap().remove("id");
                return message;
            }
        }
    };
    let created = ask(
        0,
        1,
        "tools/call",
        json!({ "name": "hold", "arguments": {} }),
    )
    .await;
    let id = created["result"]["taskId"].as_str().unwrap().to_owned();
    for (n, method) in ["tasks/get", "tasks/cancel"].into_iter().enumerate() {
        let answer = ask(1, 10 + n as u64, method, json!({ "taskId": id })).await;
        assert_eq!(answer, unknown(&id), "{method}");
    }
    let mine = ask(0, 2, "tasks/get", json!({ "taskId": id })).await;
    assert_eq!(mine["result"]["status"], "working", "{mine}");
}
