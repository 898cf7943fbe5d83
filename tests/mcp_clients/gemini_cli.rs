//! The real Gemini CLI (the pinned `@google/gemini-cli` the hooks' agent
//! tests install, from `hooks/tests/agents/gemini-cli/`) with the example
//! MCP server in its settings' `mcpServers`, run as `gemini -p --yolo`
//! against the scripted Gemini model in a sealed session: the function
//! declarations it offers the model, and the `functionResponse` it sends
//! back for each call.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::gemini_model::{GeminiModel, GeminiTurn};
use crate::sealed::{Dirs, finish};
use crate::server::{Log, served_tools, stdio_command};
use crate::support::npm_ci;

/// The Gemini CLI version run; the hooks' package pins the same.
const GEMINI_CLI: &str = "0.61.0";

/// The installed `gemini` script (shared with the hooks' tests).
fn gemini_script() -> &'static Path {
    static SCRIPT: OnceLock<PathBuf> = OnceLock::new();
    SCRIPT.get_or_init(|| {
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("hooks/tests/agents/gemini-cli");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gemini-cli");
        npm_ci(&source, &dir);
        let package = dir.join("node_modules/@google/gemini-cli");
        let manifest: Value =
            serde_json::from_slice(&std::fs::read(package.join("package.json")).unwrap()).unwrap();
        assert_eq!(manifest["version"], GEMINI_CLI);
        package.join("bundle/gemini.js")
    })
}

/// Runs `gemini -p --yolo` with the example server as the MCP server
/// `toolsmith` (its stderr to `log`, `server` added to its settings),
/// against `script`: the request bodies
/// the model received, and what the agent printed.
fn gemini(
    dirs: &Dirs,
    log: &Log,
    script: Vec<GeminiTurn>,
    server: &[(&str, Value)],
) -> (Vec<Value>, String) {
    let (command, args) = stdio_command(log);
    let mut toolsmith = json!({ "command": command, "args": args, "trust": true });
    for (key, value) in server {
        toolsmith[*key] = value.clone();
    }
    let settings = json!({
        "security": { "auth": { "selectedType": "gemini-api-key" } },
        "privacy": { "usageStatisticsEnabled": false },
        "telemetry": { "enabled": false },
        "general": { "enableAutoUpdate": false, "enableAutoUpdateNotification": false },
        "mcpServers": { "toolsmith": toolsmith }
    });
    let gemini_dir = dirs.home.join(".gemini");
    std::fs::create_dir_all(&gemini_dir).unwrap();
    std::fs::write(gemini_dir.join("settings.json"), settings.to_string()).unwrap();
    let trusted = json!({ dirs.work.display().to_string(): "TRUST_FOLDER" });
    std::fs::write(gemini_dir.join("trustedFolders.json"), trusted.to_string()).unwrap();
    let model = GeminiModel::start(script);
    let child = Command::new("node")
        .arg(gemini_script())
        .args([
            "-p",
            "use the tools",
            "--yolo",
            "--model",
            "gemini-2.5-flash",
        ])
        .current_dir(&dirs.work)
        .env_clear()
        .env("PATH", dirs.path())
        .env("HOME", &dirs.home)
        .env("GOOGLE_GEMINI_BASE_URL", model.base_url())
        .env("GEMINI_API_KEY", "dummy")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run gemini: {e}"));
    let output = finish(child, "gemini -p");
    let requests = model.requests();
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

/// The `response` of the `functionResponse` parts in the last content of
/// `request`.
fn responses(request: &Value) -> Vec<Value> {
    request["contents"]
        .as_array()
        .and_then(|contents| contents.last())
        .and_then(|last| last["parts"].as_array())
        .into_iter()
        .flatten()
        .filter_map(|part| part.get("functionResponse"))
        .map(|call| call["response"].clone())
        .collect()
}

#[test]
fn gemini_cli_offers_every_tool_but_answers_a_bad_call_in_its_own_words() {
    let dirs = Dirs::new("mcp-gemini-cli-calls");
    let log = Log::new(dirs.root.join("server.log"));
    let (requests, printed) = gemini(
        &dirs,
        &log,
        vec![
            GeminiTurn::Calls(vec![(
                "mcp_toolsmith_slugify",
                json!({ "text": " ", "separator": "+", "sep": "-" }),
            )]),
            GeminiTurn::Calls(vec![(
                "mcp_toolsmith_slugify",
                json!({ "text": "Hello World", "separator": "_" }),
            )]),
            GeminiTurn::Calls(vec![(
                "mcp_toolsmith_slugify",
                json!({ "text": "x", "separator": "-\n\u{1b}[31m\u{202e}evil" }),
            )]),
            GeminiTurn::Calls(vec![(
                "mcp_toolsmith_divide",
                json!({ "dividend": 1, "divisor": 0 }),
            )]),
            GeminiTurn::Calls(vec![(
                "mcp_toolsmith_confirm",
                json!({ "question": "Go ahead?" }),
            )]),
            GeminiTurn::Text("done"),
        ],
        &[],
    );
    assert_eq!(requests.len(), 6, "{printed}");

    // Every tool of the server, as `mcp_toolsmith_TOOL`: none dropped.
    let declarations: Vec<Value> = requests[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|tool| tool["functionDeclarations"].as_array())
        .flatten()
        .filter(|declaration| {
            declaration["name"]
                .as_str()
                .is_some_and(|name| name.starts_with("mcp_toolsmith_"))
        })
        .cloned()
        .collect();
    let names: Vec<String> = declarations
        .iter()
        .map(|declaration| declaration["name"].as_str().unwrap().to_owned())
        .collect();
    let served: Vec<String> = served_tools()
        .into_iter()
        .map(|(name, _)| format!("mcp_toolsmith_{name}"))
        .collect();
    assert_eq!(names, served);
    // The schema as served, with a property of Gemini CLI's own added.
    assert_eq!(
        declarations[0]["parametersJsonSchema"],
        json!({
            "type": "object",
            "properties": {
                "text": { "type": "string", "description": "the text to slugify", "pattern": "\\S" },
                "separator": {
                    "type": "string", "description": "what goes between words", "enum": ["-", "_", "."]
                },
                "wait_for_previous": {
                    "type": "boolean",
                    "description": "Set to true to wait for all previously requested tools in this turn to complete before starting. Set to false (or omit) to run in parallel. Use true when this tool depends on the output of previous tools."
                }
            },
            "required": ["text", "separator"],
            "additionalProperties": false
        })
    );
    // Gemini CLI checks an MCP tool's arguments against its schema itself
    // and answers a miss in its own words, the first problem only: the
    // call never reaches the server.
    assert_eq!(
        responses(&requests[1]),
        [json!({ "error": "params must NOT have additional properties" })]
    );
    assert_eq!(
        responses(&requests[2]),
        [json!({ "output": "<untrusted_context>\nhello_world\n</untrusted_context>" })]
    );
    assert_eq!(
        responses(&requests[3]),
        [json!({ "error": "params/separator must be equal to one of the allowed values" })]
    );
    // A call that passes Gemini CLI's check reaches the server; an
    // `isError` result comes back inside Gemini CLI's own sentence.
    assert_eq!(
        responses(&requests[4]),
        [json!({
            "error": "MCP tool 'divide' reported tool error for function call: \
                {\"name\":\"divide\",\"args\":{\"dividend\":1,\"divisor\":0}} with response: \
                [{\"functionResponse\":{\"name\":\"divide\",\"response\":{\"content\":\
                [{\"type\":\"text\",\"text\":\"divide failed: cannot divide by zero\"}],\"isError\":true}}}]"
        })]
    );
    // Gemini CLI declares no elicitation: the tool's question fails it
    // with toolsmith's line, inside the same sentence.
    assert_eq!(
        responses(&requests[5]),
        [json!({
            "error": "MCP tool 'confirm' reported tool error for function call: \
                {\"name\":\"confirm\",\"args\":{\"question\":\"Go ahead?\"}} with response: \
                [{\"functionResponse\":{\"name\":\"confirm\",\"response\":{\"content\":\
                [{\"type\":\"text\",\"text\":\"confirm failed: the client cannot ask the user \
                (it declared no elicitation)\"}],\"isError\":true}}}]"
        })]
    );
}

#[test]
fn a_call_gemini_cli_times_out_is_cancelled_on_the_server() {
    let dirs = Dirs::new("mcp-gemini-cli-timeout");
    let log = Log::new(dirs.root.join("server.log"));
    let (requests, printed) = gemini(
        &dirs,
        &log,
        vec![
            GeminiTurn::Calls(vec![("mcp_toolsmith_countdown", json!({ "steps": 600 }))]),
            GeminiTurn::Calls(vec![("mcp_toolsmith_countdown", json!({ "steps": 3 }))]),
            GeminiTurn::Text("done"),
        ],
        &[("timeout", json!(2000))],
    );
    assert_eq!(requests.len(), 3, "{printed}");
    assert_eq!(
        responses(&requests[1]),
        [json!({
            "error": "MCP tool 'countdown' reported tool error for function call: \
                {\"name\":\"countdown\",\"args\":{\"steps\":600}} with response: \
                [{\"functionResponse\":{\"name\":\"countdown\",\"response\":{\"error\":\
                {\"message\":\"MCP error -32001: Request timed out\",\"isError\":true}}}}]"
        })]
    );
    assert_eq!(
        responses(&requests[2]),
        [json!({ "output": "<untrusted_context>\ncounted 3 steps\n</untrusted_context>" })]
    );
    // Gemini CLI sent `notifications/cancelled`: the tool stopped.
    log.assert_stopped_early();
}
