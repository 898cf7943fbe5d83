//! The MCP server on a byte stream, line by line, as a client sees it on
//! stdio: every line gets exactly one answer, whatever is in it, and a
//! slow, blocking or panicking tool holds up no one else.

#![cfg(feature = "mcp")]

use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines};
use toolsmith::mcp::McpServer;
use toolsmith::{Limits, ToolSet, tool};

/// Echoes its text
///
/// # Arguments
///
/// * `text` - What to echo
#[tool(title = "Echo", read_only, idempotent, open_world = false)]
fn echo(text: String) -> String {
    text
}

/// Deletes everything
#[tool(destructive)]
fn wipe() -> String {
    "wiped".into()
}

/// Panics with a hostile message
#[tool]
fn boom() -> String {
    panic!("\u{1b}[2J\nInvalid arguments: forged line")
}

/// Waits for the test to let it go
#[tool]
fn hold() -> String {
    // Each call takes the next receiver the test handed out and blocks on it.
    let next = HELD.lock().unwrap().pop();
    if let Some(release) = next {
        let _ = release.recv();
    }
    "released".into()
}

static HELD: Mutex<Vec<std_mpsc::Receiver<()>>> = Mutex::new(Vec::new());

/// Never finishes
#[tool]
async fn stall() -> String {
    std::future::pending().await
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new().on_panic(|_, _| {});
    tools
        .register(Echo)
        .and_then(|t| t.register(Wipe))
        .and_then(|t| t.register(Boom))
        .and_then(|t| t.register(Hold))
        .unwrap();
    tools
}

/// A client on one end of an in-memory pipe, the server on the other.
struct Client {
    write: tokio::io::WriteHalf<DuplexStream>,
    lines: Lines<BufReader<tokio::io::ReadHalf<DuplexStream>>>,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Client {
    async fn start(server: McpServer) -> Client {
        let (ours, theirs) = tokio::io::duplex(1 << 16);
        let (server_read, server_write) = tokio::io::split(theirs);
        let server = tokio::spawn(server.serve_lines(server_read, server_write));
        let (read, write) = tokio::io::split(ours);
        let mut client = Client {
            write,
            lines: BufReader::new(read).lines(),
            server,
        };
        let init = client
            .request(json!({
                "jsonrpc": "2.0", "id": 0, "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "test", "version": "0"}
                }
            }))
            .await;
        assert!(init.get("result").is_some(), "{init}");
        client
            .send_line(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            .await;
        client
    }

    async fn send_line(&mut self, line: &[u8]) {
        self.write.write_all(line).await.unwrap();
        self.write.write_all(b"\n").await.unwrap();
        self.write.flush().await.unwrap();
    }

    /// The next line the server writes, as JSON; a hang fails the test.
    async fn answer(&mut self) -> Value {
        let line = tokio::time::timeout(Duration::from_secs(30), self.lines.next_line())
            .await
            .expect("the server answers")
            .unwrap()
            .expect("the server is still running");
        serde_json::from_str(&line).unwrap()
    }

    async fn request(&mut self, message: Value) -> Value {
        self.send_line(message.to_string().as_bytes()).await;
        self.answer().await
    }

    async fn call(&mut self, id: i64, params: Value) -> Value {
        self.request(json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}))
            .await
    }

    /// Closes the client's side and waits for the server to finish.
    async fn finish(mut self) {
        self.write.shutdown().await.unwrap();
        let server = tokio::time::timeout(Duration::from_secs(30), self.server);
        server
            .await
            .expect("the server ends at end of input")
            .unwrap()
            .unwrap();
    }
}

/// The text blocks and `isError` of a `tools/call` answer.
fn outcome(answer: &Value) -> (Vec<String>, bool) {
    let result = &answer["result"];
    let texts = result["content"]
        .as_array()
        .unwrap_or_else(|| panic!("not a call result: {answer}"))
        .iter()
        .map(|block| block["text"].as_str().unwrap().to_owned())
        .collect();
    (texts, result["isError"] == json!(true))
}

#[tokio::test]
async fn every_malformed_line_is_answered_with_a_parse_error() {
    let mut client = Client::start(McpServer::new(tools())).await;
    let mut deep = String::from(r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":"#);
    deep.push_str(&"[".repeat(140));
    deep.push_str(&"]".repeat(140));
    deep.push('}');
    let cases: Vec<(&str, Vec<u8>, Value)> = vec![
        (
            "a number out of range",
            br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":1e400}}}"#.to_vec(),
            json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32700, "message": "Parse error: number out of range at line 1 column 95"}}),
        ),
        (
            "a lone surrogate",
            br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"\ud800"}}}"#.to_vec(),
            json!({"jsonrpc": "2.0", "id": 2, "error": {"code": -32700, "message": "Parse error: lone surrogate in a string at line 1 column 98"}}),
        ),
        (
            "invalid UTF-8",
            b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"\xff\"}}}".to_vec(),
            json!({"jsonrpc": "2.0", "id": 3, "error": {"code": -32700, "message": "Parse error: invalid UTF-8 at line 1 column 92"}}),
        ),
        (
            "nesting deeper than a message may",
            deep.into_bytes(),
            json!({"jsonrpc": "2.0", "id": 4, "error": {"code": -32700, "message": "Parse error: nests deeper than 131 levels at line 1 column 186"}}),
        ),
        (
            "a trailing comma",
            br#"{"jsonrpc":"2.0","id":"five","method":"tools/list",}"#.to_vec(),
            json!({"jsonrpc": "2.0", "id": "five", "error": {"code": -32700, "message": "Parse error: trailing comma at line 1 column 52"}}),
        ),
        (
            "no id to recover",
            br#"{"jsonrpc":"2.0","method":"tools/list","id":[1}"#.to_vec(),
            json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error: expected \",\" or \"]\" at line 1 column 47"}}),
        ),
        (
            "JSON but no message",
            br#"[{"jsonrpc":"2.0","id":6,"method":"tools/list"}]"#.to_vec(),
            json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": "Invalid Request: a message is one JSON object per line (no batches)"}}),
        ),
        (
            "no jsonrpc version",
            br#"{"id":7,"method":"tools/list"}"#.to_vec(),
            json!({"jsonrpc": "2.0", "id": 7, "error": {"code": -32600, "message": "Invalid Request: \"jsonrpc\" must be \"2.0\""}}),
        ),
    ];
    for (what, line, expected) in cases {
        client.send_line(&line).await;
        assert_eq!(client.answer().await, expected, "{what}");
    }
    // The connection still serves.
    let listed = client
        .request(json!({"jsonrpc": "2.0", "id": 8, "method": "tools/list"}))
        .await;
    assert_eq!(listed["id"], json!(8));
    client.finish().await;
}

#[tokio::test]
async fn a_line_over_the_cap_is_answered_without_being_held() {
    let server = McpServer::new(tools()).with_max_line_bytes(1000);
    let mut client = Client::start(server).await;
    let text = "x".repeat(50_000);
    let line = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
        "params": {"name": "echo", "arguments": {"text": text}}});
    assert_eq!(
        client.request(line).await,
        json!({"jsonrpc": "2.0", "id": 9, "error": {"code": -32600,
            "message": "Invalid Request: the message is larger than the limit of 1000 bytes"}})
    );
    let answer = client
        .call(10, json!({"name": "echo", "arguments": {"text": "fits"}}))
        .await;
    assert_eq!(outcome(&answer), (vec!["fits".to_owned()], false));
    client.finish().await;
}

#[tokio::test]
async fn arguments_over_the_sets_limit_are_refused_with_a_line() {
    let tools = tools().with_limits(Limits {
        max_bytes: 1000,
        max_depth: 4,
    });
    let mut client = Client::start(McpServer::new(tools)).await;
    let answer = client
        .call(
            1,
            json!({"name": "echo", "arguments": {"text": "x".repeat(2000)}}),
        )
        .await;
    assert_eq!(
        outcome(&answer),
        (
            vec!["Invalid arguments: larger than the limit of 1000 bytes".to_owned()],
            true
        )
    );
    let answer = client
        .call(2, json!({"name": "echo", "arguments": {"text": [[[[1]]]]}}))
        .await;
    assert_eq!(
        outcome(&answer),
        (
            vec!["Invalid arguments: nests deeper than 4 levels".to_owned()],
            true
        )
    );
    client.finish().await;
}

#[tokio::test]
async fn a_panicking_tool_is_answered_as_a_failure() {
    let panics = Arc::new(Mutex::new(Vec::new()));
    let seen = panics.clone();
    let mut set = ToolSet::new().on_panic(move |tool, message| {
        seen.lock().unwrap().push(format!("{tool}: {message}"));
    });
    set.register(Boom).unwrap();
    let mut client = Client::start(McpServer::new(set)).await;
    let answer = client.call(1, json!({"name": "boom"})).await;
    assert_eq!(answer["id"], json!(1));
    assert_eq!(
        outcome(&answer),
        (vec!["boom failed: the tool panicked".to_owned()], true)
    );
    let panics = panics.lock().unwrap().clone();
    assert_eq!(panics.len(), 1);
    assert!(
        panics[0].starts_with("boom: Invalid arguments: forged line (at tests/hosts/mcp_lines.rs:"),
        "{panics:?}"
    );
    client.finish().await;
}

#[tokio::test]
async fn a_call_past_the_sets_timeout_is_answered_as_a_failure() {
    let mut set = ToolSet::new().with_timeout(Duration::from_millis(50));
    set.register(Stall).unwrap().register(Echo).unwrap();
    let mut client = Client::start(McpServer::new(set)).await;
    let answer = client.call(1, json!({"name": "stall"})).await;
    assert_eq!(answer["id"], json!(1));
    assert_eq!(
        outcome(&answer),
        (vec!["stall failed: timed out after 50ms".to_owned()], true)
    );
    // The server goes on answering.
    let answer = client
        .call(
            2,
            json!({"name": "echo", "arguments": {"text": "still here"}}),
        )
        .await;
    assert_eq!(outcome(&answer), (vec!["still here".to_owned()], false));
    client.finish().await;
}

#[tokio::test]
async fn tools_call_without_a_name_is_invalid_params() {
    let mut client = Client::start(McpServer::new(tools())).await;
    let cases = [
        (
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call"}),
            "tools/call needs params with a tool \"name\"",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"arguments": {}}}),
            "tools/call params need a tool \"name\"",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": 5}}),
            "the tool \"name\" must be a string, got number",
        ),
    ];
    for (request, message) in cases {
        let id = request["id"].clone();
        assert_eq!(
            client.request(request).await,
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32602, "message": message}})
        );
    }
    client.finish().await;
}

/// A call rmcp would take as typed, its `task` dropped unread, is
/// refused naming the field; so is a mistyped round field.
#[tokio::test]
async fn mistyped_round_and_task_fields_are_invalid_params() {
    let mut client = Client::start(McpServer::new(tools())).await;
    let call = |id: u64, extra: Value| {
        let mut params = json!({"name": "echo", "arguments": {"text": "x"}});
        for (key, value) in extra.as_object().unwrap() {
            params[key] = value.clone();
        }
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
    };
    let cases = [
        (
            call(1, json!({"task": 5})),
            "tools/call params: task must be an object, got number",
        ),
        (
            call(2, json!({"task": [60]})),
            "tools/call params: task must be an object, got array",
        ),
        (
            call(3, json!({"requestState": 5})),
            "tools/call params: requestState must be a string, got number",
        ),
    ];
    for (request, message) in cases {
        let id = request["id"].clone();
        assert_eq!(
            client.request(request).await,
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32602, "message": message}})
        );
    }
    let answer = client.request(call(4, json!({"task": null}))).await;
    assert_eq!(outcome(&answer), (vec!["x".to_owned()], false));
    client.finish().await;
}

#[tokio::test]
async fn annotations_are_listed_where_a_tool_gives_them() {
    let mut client = Client::start(McpServer::new(tools())).await;
    let listed = client
        .request(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))
        .await;
    let annotations: Vec<(String, Value)> = listed["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| {
            let hints = tool.get("annotations").cloned().unwrap_or(Value::Null);
            (tool["name"].as_str().unwrap().to_owned(), hints)
        })
        .collect();
    assert_eq!(
        annotations,
        [
            (
                "echo".to_owned(),
                json!({"title": "Echo", "readOnlyHint": true, "idempotentHint": true, "openWorldHint": false})
            ),
            ("wipe".to_owned(), json!({"destructiveHint": true})),
            ("boom".to_owned(), Value::Null),
            ("hold".to_owned(), Value::Null),
        ]
    );
    client.finish().await;
}

/// More blocked calls than the runtime has worker threads: were they on the
/// workers, nothing could answer `tools/list` until the test let them go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn blocking_tools_leave_the_server_free() {
    const HELD_CALLS: i64 = 6;
    let mut releases = Vec::new();
    {
        let mut held = HELD.lock().unwrap();
        for _ in 0..HELD_CALLS {
            let (release, wait) = std_mpsc::channel();
            releases.push(release);
            held.push(wait);
        }
    }
    let mut client = Client::start(McpServer::new(tools())).await;
    for id in 1..=HELD_CALLS {
        let call =
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "hold"}});
        client.send_line(call.to_string().as_bytes()).await;
    }
    // Every call has taken its receiver: all of them are blocked now. On
    // the worker threads, only two could ever start.
    let all_started = async {
        while !HELD.lock().unwrap().is_empty() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(30), all_started)
        .await
        .expect("every blocked call started, none on a worker thread");
    let listed = client
        .request(json!({"jsonrpc": "2.0", "id": 100, "method": "tools/list"}))
        .await;
    assert_eq!(listed["id"], json!(100));
    for release in releases {
        release.send(()).unwrap();
    }
    let mut ids = Vec::new();
    for _ in 0..HELD_CALLS {
        let answer = client.answer().await;
        assert_eq!(outcome(&answer), (vec!["released".to_owned()], false));
        ids.push(answer["id"].as_i64().unwrap());
    }
    ids.sort_unstable();
    assert_eq!(ids, (1..=HELD_CALLS).collect::<Vec<_>>());
    client.finish().await;
}

/// The typed path and the validator agree on generated calls of every
/// tool here (see `crate::support::agreement`); no call here reaches a function.
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&Echo);
    crate::support::agreement::assert_agreement(&Wipe);
    crate::support::agreement::assert_agreement(&Boom);
    crate::support::agreement::assert_agreement(&Hold);
    crate::support::agreement::assert_agreement(&Stall);
}
