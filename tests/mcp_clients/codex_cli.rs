//! The real Codex CLI (the pinned `@openai/codex` the hooks' agent tests
//! install, from `hooks/tests/agents/codex/`) with the example MCP server
//! in its `config.toml`'s `[mcp_servers.toolsmith]`, run as `codex exec`
//! against a scripted Responses API model in a sealed session: the tools it
//! offers the model, and the `function_call_output` it sends back for each
//! call.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, OnceLock};

use serde_json::{Value, json};

use crate::loopback::{Reply, Script, Server};
use crate::sealed::{Dirs, finish};
use crate::server::{Log, served_tools, stdio_command};
use crate::support::npm_ci;

/// The Codex CLI version run; the hooks' package pins the same.
const CODEX: &str = "0.171.0";

/// The installed `codex` binary (shared with the hooks' tests).
fn codex_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("hooks/tests/agents/codex");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("codex-cli");
        npm_ci(&source, &dir);
        let (platform, triple) = match (std::env::consts::OS, std::env::consts::ARCH) {
            ("linux", "x86_64") => ("linux-x64", "x86_64-unknown-linux-musl"),
            ("linux", "aarch64") => ("linux-arm64", "aarch64-unknown-linux-musl"),
            ("macos", "x86_64") => ("darwin-x64", "x86_64-apple-darwin"),
            ("macos", "aarch64") => ("darwin-arm64", "aarch64-apple-darwin"),
            (os, arch) => panic!("no Codex binary for {os} on {arch}"),
        };
        let binary = dir.join(format!(
            "node_modules/@openai/codex-{platform}/vendor/{triple}/bin/codex"
        ));
        let output = Command::new(&binary).arg("--version").output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&output.stdout).trim(),
            format!("codex-cli {CODEX}")
        );
        binary
    })
}

/// What the scripted model answers one request with.
#[derive(Debug, Clone)]
enum Step {
    /// One call of a tool of the MCP server `toolsmith`, which Codex
    /// offers in the namespace `mcp__toolsmith`: `(call id, tool name,
    /// arguments)`.
    Call(&'static str, &'static str, Value),
    /// A final text answer.
    Text(&'static str),
}

/// A Responses API model on loopback answering each `POST /v1/responses`
/// with the next step as server-sent events; stops when dropped.
struct Model {
    server: Server,
    script: Arc<Script<Step>>,
}

impl Model {
    fn start(script: Vec<Step>) -> Model {
        let script = Arc::new(Script::new(script));
        let server = {
            let script = script.clone();
            Server::start(move |path, body| answer(&script, path, body))
        };
        Model { server, script }
    }
}

fn answer(script: &Script<Step>, path: &str, body: &[u8]) -> Reply {
    if path != "/v1/responses" {
        return Reply::NotFound;
    }
    let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let n = script.requests().len();
    let step = script.next(request).unwrap_or(Step::Text("(over)"));
    let id = format!("resp_{n}");
    let item = match step {
        Step::Call(call_id, name, arguments) => json!({
            "type": "function_call", "id": format!("fc_{n}"), "call_id": call_id,
            "namespace": "mcp__toolsmith", "name": name, "arguments": arguments.to_string()
        }),
        Step::Text(text) => json!({
            "type": "message", "id": format!("msg_{n}"), "role": "assistant",
            "content": [{ "type": "output_text", "text": text, "annotations": [] }]
        }),
    };
    Reply::Events(vec![
        json!({ "type": "response.created", "response": { "id": id } }),
        json!({ "type": "response.output_item.added", "output_index": 0, "item": item }),
        json!({ "type": "response.output_item.done", "output_index": 0, "item": item }),
        json!({
            "type": "response.completed",
            "response": {
                "id": id,
                "usage": { "input_tokens": 1, "output_tokens": 1, "total_tokens": 2 }
            }
        }),
    ])
}

/// Runs `codex exec` with the example server as the MCP server
/// `toolsmith` (its stderr to `log`, `server` added to its table) against
/// `script`: the request bodies
/// the model received, and what the agent printed.
fn codex(dirs: &Dirs, log: &Log, script: Vec<Step>, server: &str) -> (Vec<Value>, String) {
    let model = Model::start(script);
    let (command, args) = stdio_command(log);
    let codex_home = dirs.home.join(".codex");
    std::fs::create_dir_all(&codex_home).unwrap();
    let config = format!(
        r#"model = "scripted"
model_provider = "scripted"
check_for_update_on_startup = false

[model_providers.scripted]
name = "scripted model"
base_url = "{}/v1"
wire_api = "responses"
env_key = "SCRIPTED_API_KEY"

[analytics]
enabled = false

# Off, or Codex looks up api.github.com and chatgpt.com.
[features]
apps = false
plugins = false
remote_plugin = false
api_key_model_discovery = false

[mcp_servers.toolsmith]
command = {}
args = {}
# `codex exec` asks no one: the server's tools run without asking.
default_tools_approval_mode = "approve"
{}"#,
        model.server.base_url(),
        json!(command),
        json!(args),
        server
    );
    std::fs::write(codex_home.join("config.toml"), config).unwrap();
    let child = Command::new(codex_binary())
        .args(["exec", "--skip-git-repo-check", "--ephemeral"])
        .args([
            "--sandbox",
            "workspace-write",
            "--color",
            "never",
            "use the tools",
        ])
        .current_dir(&dirs.work)
        .env_clear()
        .env("PATH", dirs.path())
        .env("HOME", &dirs.home)
        .env("CODEX_HOME", &codex_home)
        .env("SCRIPTED_API_KEY", "dummy")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run codex: {e}"));
    let output = finish(child, "codex exec");
    let requests = model.script.requests();
    std::fs::write(
        dirs.root.join("requests.json"),
        serde_json::to_string_pretty(&requests).unwrap(),
    )
    .unwrap();
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (requests, printed)
}

/// The output of the call `call_id` in `request`.
fn output(request: &Value, call_id: &str) -> Value {
    request["input"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|item| item["type"] == "function_call_output" && item["call_id"] == call_id)
        .map(|item| item["output"].clone())
        .unwrap_or_else(|| panic!("no output for {call_id} in {request:#}"))
}

/// The text blocks of a call's output, past the header Codex puts first
/// (`Wall time: 0.0032 seconds` and `Output:`, whose time varies).
fn texts(output: &Value) -> Vec<String> {
    let blocks = output.as_array().expect("the output is a list of blocks");
    let header = blocks[0]["text"].as_str().unwrap_or_default();
    assert!(
        header.starts_with("Wall time: ") && header.ends_with(" seconds\nOutput:"),
        "{output:#}"
    );
    blocks[1..]
        .iter()
        .map(|block| block["text"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn codex_offers_every_tool_and_hands_back_toolsmiths_lines() {
    let dirs = Dirs::new("mcp-codex-calls");
    let log = Log::new(dirs.root.join("server.log"));
    let (requests, printed) = codex(
        &dirs,
        &log,
        vec![
            Step::Call(
                "call_bad",
                "slugify",
                json!({ "text": " ", "separator": "+", "sep": "-" }),
            ),
            Step::Call(
                "call_good",
                "slugify",
                json!({ "text": "Hello World", "separator": "_" }),
            ),
            Step::Call(
                "call_injected",
                "slugify",
                json!({ "text": "x", "separator": "-\n\u{1b}[31m\u{202e}evil" }),
            ),
            Step::Call(
                "call_failed",
                "divide",
                json!({ "dividend": 1, "divisor": 0 }),
            ),
            Step::Call("call_ask", "confirm", json!({ "question": "Go ahead?" })),
            Step::Text("done"),
        ],
        "",
    );
    assert_eq!(requests.len(), 6, "{printed}");
    // Every tool of the server, in the namespace `mcp__toolsmith`, by name.
    let namespace = requests[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|tool| tool["type"] == "namespace" && tool["name"] == "mcp__toolsmith")
        .unwrap_or_else(|| panic!("no mcp__toolsmith namespace: {:#}", requests[0]["tools"]));
    let offered: Vec<&str> = namespace["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["name"].as_str().unwrap())
        .collect();
    let mut served: Vec<String> = served_tools().into_iter().map(|(name, _)| name).collect();
    served.sort();
    assert_eq!(offered, served);
    // Codex keeps the types, enums and descriptions, and drops `pattern`,
    // the bounds and the lengths: toolsmith's lines say them when missed.
    let slugify = namespace["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|tool| tool["name"] == "slugify")
        .unwrap();
    assert_eq!(
        slugify["parameters"],
        json!({
            "type": "object",
            "properties": {
                "separator": { "type": "string", "description": "what goes between words", "enum": ["-", "_", "."] },
                "text": { "type": "string", "description": "the text to slugify" }
            },
            "required": ["text", "separator"],
            "additionalProperties": false
        })
    );
    // One text block per line; the Responses API has no error flag, so a
    // failed call looks like any other to the model (Codex says `failed`
    // on its own transcript).
    assert_eq!(
        texts(&output(&requests[1], "call_bad")),
        [
            "Invalid arguments at /text: must match pattern \"\\S\"",
            "Invalid arguments at /separator: must be one of -, _, ., got \"+\"",
            "Invalid arguments: unknown property \"sep\"; takes text, separator",
        ]
    );
    assert_eq!(texts(&output(&requests[2], "call_good")), ["hello_world"]);
    assert_eq!(
        texts(&output(&requests[3], "call_injected")),
        ["Invalid arguments at /separator: must be one of -, _, ., got \"- evil\""]
    );
    assert_eq!(
        texts(&output(&requests[4], "call_failed")),
        ["divide failed: cannot divide by zero"]
    );
    let failed: Vec<&str> = printed
        .lines()
        .filter(|line| line.starts_with("mcp: toolsmith/"))
        .collect();
    assert_eq!(
        failed,
        [
            "mcp: toolsmith/slugify started",
            "mcp: toolsmith/slugify (failed)",
            "mcp: toolsmith/slugify started",
            "mcp: toolsmith/slugify (completed)",
            "mcp: toolsmith/slugify started",
            "mcp: toolsmith/slugify (failed)",
            "mcp: toolsmith/divide started",
            "mcp: toolsmith/divide (failed)",
            "mcp: toolsmith/confirm started",
            "mcp: toolsmith/confirm (completed)",
        ]
    );
    // Codex declares elicitation; `codex exec` declines every question.
    assert_eq!(
        texts(&output(&requests[5], "call_ask")),
        ["the user declined"]
    );
}

#[test]
fn a_call_codex_times_out_is_cancelled_on_the_server() {
    let dirs = Dirs::new("mcp-codex-timeout");
    let log = Log::new(dirs.root.join("server.log"));
    let (requests, printed) = codex(
        &dirs,
        &log,
        vec![
            Step::Call("call_slow", "countdown", json!({ "steps": 600 })),
            Step::Call("call_short", "countdown", json!({ "steps": 3 })),
            Step::Text("done"),
        ],
        "tool_timeout_sec = 2\n",
    );
    assert_eq!(requests.len(), 3, "{printed}");
    assert_eq!(
        texts(&output(&requests[1], "call_slow")),
        [
            "tool call error: tool call failed for `toolsmith/countdown`\n\nCaused by:\n    timed out awaiting tools/call after 2s"
        ]
    );
    assert_eq!(
        texts(&output(&requests[2], "call_short")),
        ["counted 3 steps"]
    );
    // Codex sent `notifications/cancelled`: the tool stopped.
    log.assert_stopped_early();
}
