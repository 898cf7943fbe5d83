//! MCP's tasks extension (`io.modelcontextprotocol/tasks`) on
//! `examples/conformance_server.rs`, over stdio: the exact JSON of each
//! state a task goes through, and of a task that asks first. The official
//! conformance suite's tasks scenarios run with the 2026-07-28
//! requirements, in `mcp_conformance.rs`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::example;

/// A child process killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The example over stdio, spoken to one JSON-RPC line at a time.
struct StdioClient {
    _child: Running,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    next_id: u64,
}

impl StdioClient {
    /// The example, initialized by a client that declares the tasks
    /// extension and elicitation.
    fn start() -> StdioClient {
        StdioClient::declaring(json!({
            "elicitation": {},
            "extensions": { "io.modelcontextprotocol/tasks": {} }
        }))
    }

    /// The example, initialized by a client that declares `capabilities`.
    fn declaring(capabilities: Value) -> StdioClient {
        let mut child = Command::new(example("conformance_server"))
            .arg("mcp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the example server starts");
        let input = child.stdin.take().expect("stdin is piped");
        let output = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let mut client = StdioClient {
            _child: Running(child),
            input,
            output,
            next_id: 0,
        };
        let init = client.request(
            "initialize",
            json!({
                "protocolVersion": "2025-11-25",
                "capabilities": capabilities,
                "clientInfo": { "name": "tasks-test", "version": "1" }
            }),
        );
        assert_eq!(
            init["result"]["capabilities"]["extensions"],
            json!({ "io.modelcontextprotocol/tasks": {} })
        );
        client.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
        client
    }

    fn send(&mut self, message: &Value) {
        writeln!(self.input, "{message}").expect("the server reads");
        self.input.flush().expect("the server reads");
    }

    /// Sends a request; its answer (notifications before it are skipped).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let mut line = String::new();
            let read = self
                .output
                .read_line(&mut line)
                .expect("the server answers");
            assert!(
                read > 0,
                "the server closed stdout before answering {method}"
            );
            let message: Value = serde_json::from_str(&line).expect("a JSON line");
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    /// The result of a request, which must not be an error.
    fn result(&mut self, method: &str, params: Value) -> Value {
        let answer = self.request(method, params);
        assert!(answer.get("error").is_none(), "{method} failed: {answer}");
        answer["result"].clone()
    }

    /// Calls `tool` and returns the task it became, with its id.
    fn start_task(&mut self, tool: &str, arguments: Value) -> (String, Value) {
        let created = self.result(
            "tools/call",
            json!({ "name": tool, "arguments": arguments }),
        );
        let id = created["taskId"]
            .as_str()
            .unwrap_or_else(|| panic!("{tool} made no task: {created}"))
            .to_owned();
        (id, created)
    }

    /// `tasks/get` until the task's status is `status`.
    fn until(&mut self, id: &str, status: &str) -> Value {
        for _ in 0..400 {
            let task = self.result("tasks/get", json!({ "taskId": id }));
            if task["status"] == status {
                return task;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        panic!("task {id} never became {status}")
    }
}

/// The task with its id and times (each checked for its form) replaced by
/// placeholders, so that the rest compares exactly.
fn masked(mut task: Value) -> Value {
    let id = task["taskId"].as_str().expect("a task id");
    assert_eq!(id.len(), 36, "a UUID: {id}");
    task["taskId"] = json!("<id>");
    for key in ["createdAt", "lastUpdatedAt"] {
        let time = task[key].as_str().expect("a timestamp");
        assert!(
            time.len() >= 20 && time.as_bytes()[4] == b'-' && time.as_bytes()[10] == b'T',
            "{key} is no ISO 8601 time: {time}"
        );
        task[key] = json!("<time>");
    }
    task
}

#[test]
fn a_task_is_working_then_completed_with_the_result_a_plain_call_gets() {
    let mut client = StdioClient::start();
    let (id, created) = client.start_task("slow_compute", json!({ "seconds": 1, "label": "x" }));
    assert_eq!(
        masked(created),
        json!({
            "resultType": "task",
            "taskId": "<id>",
            "status": "working",
            "createdAt": "<time>",
            "lastUpdatedAt": "<time>",
            "ttlMs": 300000,
            "pollIntervalMs": 1000
        })
    );
    let working = client.result("tasks/get", json!({ "taskId": id }));
    assert_eq!(
        masked(working),
        json!({
            "resultType": "complete",
            "taskId": "<id>",
            "status": "working",
            "createdAt": "<time>",
            "lastUpdatedAt": "<time>",
            "ttlMs": 300000,
            "pollIntervalMs": 1000
        })
    );
    let completed = client.until(&id, "completed");
    assert_eq!(
        masked(completed),
        json!({
            "resultType": "complete",
            "taskId": "<id>",
            "status": "completed",
            "createdAt": "<time>",
            "lastUpdatedAt": "<time>",
            "ttlMs": 300000,
            "pollIntervalMs": 1000,
            "result": {
                "resultType": "complete",
                "content": [{ "type": "text", "text": "computed x in 1s" }],
                "isError": false
            }
        })
    );
}

#[test]
fn a_failing_tool_completes_with_is_error_and_a_panic_fails_with_the_error_inlined() {
    let mut client = StdioClient::start();
    let (failing, _) = client.start_task("failing_job", json!({}));
    let (panicking, _) = client.start_task("protocol_error_job", json!({}));
    assert_eq!(
        masked(client.until(&failing, "completed"))["result"],
        json!({
            "resultType": "complete",
            "content": [{ "type": "text", "text": "failing_job failed: the job found nothing to do" }],
            "isError": true
        })
    );
    assert_eq!(
        masked(client.until(&panicking, "failed")),
        json!({
            "resultType": "complete",
            "taskId": "<id>",
            "status": "failed",
            "createdAt": "<time>",
            "lastUpdatedAt": "<time>",
            "ttlMs": 300000,
            "pollIntervalMs": 1000,
            "error": {
                "code": -32603,
                "message": "protocol_error_job failed: the tool panicked"
            }
        })
    );
}

#[test]
fn bad_arguments_complete_the_task_with_the_lines_of_a_plain_call() {
    let mut client = StdioClient::start();
    let (id, _) = client.start_task("slow_compute", json!({ "seconds": "5", "lable": "x" }));
    assert_eq!(
        masked(client.until(&id, "completed"))["result"],
        json!({
            "resultType": "complete",
            "content": [
                { "type": "text", "text": "Invalid arguments at /seconds: must be an integer, got string \"5\"" },
                { "type": "text", "text": "Invalid arguments: unknown property \"lable\" (did you mean \"label\"?); takes seconds, label" }
            ],
            "isError": true
        })
    );
}

#[test]
fn tasks_cancel_cancels_the_call_and_the_task_settles_cancelled() {
    let mut client = StdioClient::start();
    let (id, _) = client.start_task("slow_compute", json!({ "seconds": 600 }));
    let ack = client.result("tasks/cancel", json!({ "taskId": id }));
    assert_eq!(ack, json!({ "resultType": "complete" }));
    assert_eq!(
        masked(client.until(&id, "cancelled")),
        json!({
            "resultType": "complete",
            "taskId": "<id>",
            "status": "cancelled",
            "createdAt": "<time>",
            "lastUpdatedAt": "<time>",
            "ttlMs": 300000,
            "pollIntervalMs": 1000
        })
    );
    let unknown = client.request("tasks/get", json!({ "taskId": "no-such-task" }));
    assert_eq!(
        unknown["error"],
        json!({ "code": -32602, "message": "unknown task: no-such-task" })
    );
}

#[test]
fn a_tasks_question_waits_as_an_input_request_until_tasks_update_answers_it() {
    let mut client = StdioClient::start();
    let (id, _) = client.start_task("confirm_delete", json!({ "filename": "notes.txt" }));
    let asking = client.until(&id, "input_required");
    assert_eq!(
        masked(asking),
        json!({
            "resultType": "complete",
            "taskId": "<id>",
            "status": "input_required",
            "createdAt": "<time>",
            "lastUpdatedAt": "<time>",
            "ttlMs": 300000,
            "pollIntervalMs": 1000,
            "inputRequests": {
                "ask-1": {
                    "method": "elicitation/create",
                    "params": {
                        "mode": "form",
                        "message": "Delete notes.txt?",
                        "requestedSchema": {
                            "type": "object",
                            "properties": {
                                "confirm": { "type": "boolean", "description": "Whether to go ahead" }
                            },
                            "required": ["confirm"],
                            "description": "The user's go-ahead."
                        }
                    }
                }
            }
        })
    );
    let answer = json!({ "ask-1": { "action": "accept", "content": { "confirm": true } } });
    let ack = client.result(
        "tasks/update",
        json!({ "taskId": id, "inputResponses": answer }),
    );
    assert_eq!(ack, json!({ "resultType": "complete" }));
    assert_eq!(
        masked(client.until(&id, "completed"))["result"]["content"],
        json!([{ "type": "text", "text": "deleted notes.txt" }])
    );
}

#[test]
fn a_tool_that_runs_only_as_a_task_refuses_a_client_without_tasks_with_32021() {
    let mut client = StdioClient::declaring(json!({}));
    let refused = client.request(
        "tools/call",
        json!({ "name": "failing_job", "arguments": {} }),
    );
    assert_eq!(
        refused,
        json!({
            "jsonrpc": "2.0",
            "id": 2,
            "error": {
                "code": -32021,
                "message": "failing_job runs only as a task: declare the io.modelcontextprotocol/tasks extension",
                "data": {
                    "requiredCapabilities": {
                        "extensions": { "io.modelcontextprotocol/tasks": {} }
                    }
                }
            }
        })
    );
    // A tool that may run as a task runs as a plain call for this client.
    let plain = client.result(
        "tools/call",
        json!({ "name": "slow_compute", "arguments": { "seconds": 0 } }),
    );
    assert_eq!(
        plain["content"],
        json!([{ "type": "text", "text": "computed in 0s" }])
    );
}

/// `params` with the `_meta` of a 2026-07-28 request from a client that
/// takes tasks and can ask its user: it is asked in rounds.
fn in_rounds(mut params: Value) -> Value {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {
            "elicitation": {},
            "extensions": { "io.modelcontextprotocol/tasks": {} }
        },
        "io.modelcontextprotocol/clientInfo": { "name": "tasks-test", "version": "1" }
    });
    params
}

/// The first round of `test_tool_with_task`, which asks first: a plain
/// `input_required` result, no task yet; and its sealed `requestState`.
fn first_round(client: &mut StdioClient) -> String {
    let mut round = client.result(
        "tools/call",
        in_rounds(json!({ "name": "test_tool_with_task", "arguments": {} })),
    );
    let state = round["requestState"]
        .as_str()
        .unwrap_or_else(|| panic!("a round carries its state: {round}"))
        .to_owned();
    round["requestState"] = json!("<sealed>");
    assert_eq!(
        round,
        json!({
            "resultType": "input_required",
            "inputRequests": {
                "user_name": {
                    "method": "elicitation/create",
                    "params": {
                        "mode": "form",
                        "message": "What is your name?",
                        "requestedSchema": {
                            "type": "object",
                            "properties": {
                                "name": { "type": "string", "description": "Your name" }
                            },
                            "required": ["name"],
                            "description": "Who the user is."
                        }
                    }
                }
            },
            "requestState": "<sealed>"
        })
    );
    state
}

/// The second round, answered with `answer`: the task, without the
/// rounds' `requestState` or `inputRequests`.
fn last_round(client: &mut StdioClient, state: &str, answer: Value) -> String {
    let created = client.result(
        "tools/call",
        in_rounds(json!({
            "name": "test_tool_with_task",
            "arguments": {},
            "inputResponses": { "user_name": answer },
            "requestState": state
        })),
    );
    assert_eq!(created["resultType"], "task", "{created}");
    assert!(created.get("requestState").is_none(), "{created}");
    assert!(created.get("inputRequests").is_none(), "{created}");
    created["taskId"].as_str().expect("a task id").to_owned()
}

#[test]
fn a_task_that_asks_first_asks_in_rounds_and_becomes_a_task_on_the_last() {
    let mut client = StdioClient::start();
    let state = first_round(&mut client);
    let answer = json!({ "action": "accept", "content": { "name": "Alice" } });
    let id = last_round(&mut client, &state, answer);
    // The task runs the call again with the rounds' answer: it asks nothing.
    let done = masked(client.until(&id, "completed"));
    assert_eq!(
        done["result"]["content"],
        json!([{ "type": "text", "text": "Hello, Alice, from a task!" }])
    );
    assert_eq!(done["result"]["isError"], json!(false));
}

#[test]
fn a_task_that_asks_first_and_answers_in_its_round_is_a_completed_task() {
    let mut client = StdioClient::start();
    let state = first_round(&mut client);
    let id = last_round(&mut client, &state, json!({ "action": "decline" }));
    assert_eq!(
        masked(client.until(&id, "completed"))["result"]["content"],
        json!([{ "type": "text", "text": "no name given" }])
    );
}

#[test]
fn a_task_that_asks_first_is_a_task_at_once_for_a_client_not_asked_in_rounds() {
    let mut client = StdioClient::start();
    let (id, _) = client.start_task("test_tool_with_task", json!({}));
    let asking = client.until(&id, "input_required");
    assert_eq!(
        asking["inputRequests"]["user_name"]["params"]["message"],
        "What is your name?"
    );
    let answer = json!({ "user_name": { "action": "accept", "content": { "name": "Bo" } } });
    client.result(
        "tasks/update",
        json!({ "taskId": id, "inputResponses": answer }),
    );
    assert_eq!(
        masked(client.until(&id, "completed"))["result"]["content"],
        json!([{ "type": "text", "text": "Hello, Bo, from a task!" }])
    );
}

/// Waits until it is cancelled.
#[toolsmith::tool(task)]
async fn hold() -> String {
    std::future::pending::<()>().await;
    "never".to_owned()
}

#[tokio::test]
async fn a_task_past_the_servers_cap_is_refused_with_a_line() {
    let mut tools = toolsmith::ToolSet::new();
    tools.register(Hold).unwrap();
    let server = toolsmith::mcp::McpServer::new(tools).with_max_tasks(1);
    let call = |id: u64| {
        json!({
            "jsonrpc": "2.0",
            "id": id,
            "method": "tools/call",
            "params": in_rounds(json!({ "name": "hold", "arguments": {} }))
        })
    };
    let answers = crate::mcp_metadata::exchange(server, &[call(1), call(2)]).await;
    assert_eq!(answers[0]["result"]["resultType"], "task", "{}", answers[0]);
    assert_eq!(
        answers[1],
        json!({
            "jsonrpc": "2.0",
            "id": 2,
            "result": {
                "resultType": "complete",
                "content": [{
                    "type": "text",
                    "text": "hold was not started: the server runs as many tasks as it may (1); call again once one has settled"
                }],
                "isError": true
            }
        })
    );
}
