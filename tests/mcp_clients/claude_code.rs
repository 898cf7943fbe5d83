//! The real Claude Code (the pinned `@anthropic-ai/claude-code` the hooks'
//! agent tests install, from `hooks/tests/agents/claude-code/`) with the
//! example MCP server in its `--mcp-config`, run as `claude -p` against the
//! scripted Anthropic model in a sealed session: the tools it offers the
//! model, and the `tool_result` blocks it sends back for each call.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::model::{Model, Turn};
use crate::sealed::{Dirs, finish};
use crate::server::{Log, served_tools, stdio_command};
use crate::support::npm_ci;

/// The Claude Code version run; the hooks' package pins the same.
const CLAUDE_CODE: &str = "2.1.332";

/// The installed `claude` binary (shared with the hooks' tests: the same
/// directory under the target directory).
fn claude_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("hooks/tests/agents/claude-code");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("claude-code");
        npm_ci(&source, &dir);
        let platform = match (std::env::consts::OS, std::env::consts::ARCH) {
            ("linux", "x86_64") => "linux-x64",
            ("linux", "aarch64") => "linux-arm64",
            ("macos", "x86_64") => "darwin-x64",
            ("macos", "aarch64") => "darwin-arm64",
            (os, arch) => panic!("no Claude Code binary for {os} on {arch}"),
        };
        let package = dir.join(format!("node_modules/@anthropic-ai/claude-code-{platform}"));
        let manifest: Value =
            serde_json::from_slice(&std::fs::read(package.join("package.json")).unwrap()).unwrap();
        assert_eq!(manifest["version"], CLAUDE_CODE);
        package.join("claude")
    })
}

/// What one session printed, and what it sent the model.
#[derive(Debug)]
struct Session {
    /// `claude -p`'s standard output: the final answer.
    stdout: String,
    /// Its standard error, shown when an assertion fails.
    #[allow(dead_code)]
    stderr: String,
    /// Its exit code.
    code: Option<i32>,
    /// Every request body the model received, in order.
    requests: Vec<Value>,
}

impl Session {
    /// The `tool_result` for `id` in request `n`: `(text, is_error)`.
    fn tool_result(&self, n: usize, id: &str) -> (String, bool) {
        let request = self
            .requests
            .get(n)
            .unwrap_or_else(|| panic!("no request {n}: {self:#?}"));
        let block = request["messages"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|message| message["content"].as_array())
            .flatten()
            .find(|b| b["type"] == "tool_result" && b["tool_use_id"] == id)
            .unwrap_or_else(|| panic!("no tool result for {id} in {request:#}"));
        let text = match &block["content"] {
            Value::String(text) => text.clone(),
            Value::Array(parts) => parts
                .iter()
                .filter_map(|p| p["text"].as_str())
                .collect::<Vec<_>>()
                .join("\n"),
            other => other.to_string(),
        };
        (text, block["is_error"] == true)
    }
}

/// Runs `claude -p` with the example server as the MCP server `toolsmith`
/// (its stderr to `log`), every tool of it allowed, against `script`, with
/// `env` added to the sealed environment.
fn claude(dirs: &Dirs, log: &Log, script: Vec<Turn>, env: &[(&str, &str)]) -> Session {
    let (command, args) = stdio_command(log);
    let config = json!({ "mcpServers": { "toolsmith": { "command": command, "args": args } } });
    let config_path = dirs.root.join("mcp.json");
    std::fs::write(&config_path, config.to_string()).unwrap();
    let model = Model::start(script);
    let child = Command::new(claude_binary())
        .args(["-p", "use the tools", "--strict-mcp-config", "--mcp-config"])
        .arg(&config_path)
        .args(["--allowedTools", "mcp__toolsmith"])
        .args(args)
        .current_dir(&dirs.work)
        .env_clear()
        .env("PATH", dirs.path())
        .env("HOME", &dirs.home)
        .env("ANTHROPIC_BASE_URL", model.base_url())
        .env("ANTHROPIC_API_KEY", "dummy")
        .env("DISABLE_AUTOUPDATER", "1")
        .env("DISABLE_TELEMETRY", "1")
        .env("DISABLE_ERROR_REPORTING", "1")
        .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
        // Every MCP tool in the first request, rather than behind the
        // tool search the model would call first.
        .env("ENABLE_TOOL_SEARCH", "false")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run claude: {e}"));
    let output = finish(child, "claude -p");
    let requests = model.requests();
    // Kept beside the session, for reading a failure.
    std::fs::write(
        dirs.root.join("requests.json"),
        serde_json::to_string_pretty(&requests).unwrap(),
    )
    .unwrap();
    Session {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
        requests,
    }
}

#[test]
fn claude_code_offers_every_tool_and_reads_toolsmiths_lines_as_errors() {
    let dirs = Dirs::new("mcp-claude-code-calls");
    let log = Log::new(dirs.root.join("server.log"));
    let session = claude(
        &dirs,
        &log,
        vec![
            Turn::Tools(vec![(
                "toolu_bad",
                "mcp__toolsmith__slugify",
                json!({ "text": " ", "separator": "+", "sep": "-" }),
            )]),
            Turn::Tools(vec![(
                "toolu_good",
                "mcp__toolsmith__slugify",
                json!({ "text": "Hello World", "separator": "_" }),
            )]),
            Turn::Tools(vec![(
                "toolu_injected",
                "mcp__toolsmith__slugify",
                json!({ "text": "x", "separator": "-\n\u{1b}[31m\u{202e}evil" }),
            )]),
            Turn::Tools(vec![(
                "toolu_ask",
                "mcp__toolsmith__confirm",
                json!({ "question": "Go ahead?" }),
            )]),
            Turn::Text("done"),
        ],
        &[],
    );
    assert_eq!(
        (
            session.stdout.as_str(),
            session.code,
            session.requests.len()
        ),
        ("done\n", Some(0), 5),
        "{session:#?}"
    );
    // Every tool of the server, with its schema as served.
    // Claude Code lists its tools by name.
    let offered: Vec<(String, Value)> = session.requests[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|tool| {
            let name = tool["name"].as_str()?.strip_prefix("mcp__toolsmith__")?;
            Some((name.to_owned(), tool["input_schema"].clone()))
        })
        .collect();
    let mut served = served_tools();
    served.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(offered, served);
    assert_eq!(
        session.tool_result(1, "toolu_bad"),
        (
            "Invalid arguments at /text: must match pattern \"\\S\"\n\
             Invalid arguments at /separator: must be one of -, _, ., got \"+\"\n\
             Invalid arguments: unknown property \"sep\"; takes text, separator"
                .to_owned(),
            true
        )
    );
    assert_eq!(
        session.tool_result(2, "toolu_good"),
        // The structured result, as JSON text.
        ("\"hello_world\"".to_owned(), false)
    );
    assert_eq!(
        session.tool_result(3, "toolu_injected"),
        (
            "Invalid arguments at /separator: must be one of -, _, ., got \"- evil\"".to_owned(),
            true
        )
    );
    // Claude Code declares elicitation; in print mode a question is
    // dismissed unanswered.
    assert_eq!(
        session.tool_result(4, "toolu_ask"),
        ("\"the user dismissed the question\"".to_owned(), false)
    );
}

#[test]
fn a_call_claude_code_times_out_is_cancelled_on_the_server() {
    let dirs = Dirs::new("mcp-claude-code-timeout");
    let log = Log::new(dirs.root.join("server.log"));
    let session = claude(
        &dirs,
        &log,
        vec![
            Turn::Tools(vec![(
                "toolu_slow",
                "mcp__toolsmith__countdown",
                json!({ "steps": 600 }),
            )]),
            // The server keeps running while the first call winds down.
            Turn::Tools(vec![(
                "toolu_short",
                "mcp__toolsmith__countdown",
                json!({ "steps": 3 }),
            )]),
            Turn::Text("done"),
        ],
        &[("MCP_TOOL_TIMEOUT", "2000")],
    );
    assert_eq!(
        (session.stdout.as_str(), session.code),
        ("done\n", Some(0)),
        "{session:#?}"
    );
    assert_eq!(
        session.tool_result(1, "toolu_slow"),
        (
            "MCP server \"toolsmith\" tool \"countdown\" timed out after 2s".to_owned(),
            true
        )
    );
    assert_eq!(
        session.tool_result(2, "toolu_short"),
        ("\"counted 3 steps\"".to_owned(), false)
    );
    // Claude Code sent `notifications/cancelled`: the tool stopped.
    log.assert_stopped_early();
}
