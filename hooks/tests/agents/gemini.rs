//! toolsmith hooks inside the real Gemini CLI: each test wires hook
//! programs into `~/.gemini/settings.json`, runs `gemini -p --yolo`
//! against the scripted Gemini model, and asserts what the agent did with
//! each answer, from what the model received next and from the disk.

use std::collections::BTreeSet;
use std::process::Command;

use serde_json::{Value, json};
use toolsmith_hooks::gemini::{GeminiEvent, validate_gemini_hook_input};

use crate::claude_code::Sandbox;
use crate::gemini_cli::{GeminiSession, settings};
use crate::gemini_model::GeminiTurn;
use crate::support::example;

/// One command hook on `event`, for the tools `matcher` when given.
fn hook_on(event: GeminiEvent, matcher: Option<&str>, command: &str) -> Value {
    let mut group = json!({ "hooks": [{ "type": "command", "command": command }] });
    if let Some(matcher) = matcher {
        group["matcher"] = json!(matcher);
    }
    json!({ event.as_str(): [group] })
}

/// Runs a hook program on `payload` as the agent would: its stdout.
fn answer_of(program: &Command, payload: &Value) -> String {
    use std::io::Write;
    let mut child = Command::new(program.get_program())
        .args(program.get_args())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(payload.to_string().as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

fn assert_ended(session: &GeminiSession, requests: usize, answer: &str) {
    assert_eq!(
        (
            session.requests.len(),
            session.stdout.as_str(),
            session.code
        ),
        (requests, format!("{answer}\n").as_str(), Some(0)),
        "{session:#?}"
    );
}

/// The bash guard, unchanged, is a Gemini CLI hook: `run_any` tells
/// Gemini CLI's `BeforeTool` from the payload, reads `run_shell_command`
/// as Bash, and prints the denial in Gemini CLI's shape.
#[test]
fn the_bash_guard_stops_rm_rf_home_in_gemini_cli_and_lets_a_harmless_command_run() {
    let sandbox = Sandbox::new("gemini-bash-guard");
    let guard = format!("'{}'", example("bash_guard").display());
    sandbox.gemini_settings(&settings(hook_on(
        GeminiEvent::BeforeTool,
        Some("run_shell_command"),
        &guard,
    )));
    std::fs::write(sandbox.home.join("keep.txt"), "precious").unwrap();

    let session = sandbox.gemini(
        "clean up",
        &[],
        vec![
            GeminiTurn::shell("rm -rf ~/"),
            GeminiTurn::shell("echo harmless > ran.txt && echo done"),
            GeminiTurn::Text("cleaned"),
        ],
    );
    assert_ended(&session, 3, "cleaned");

    // The guard's answer to Gemini CLI's payload, exactly; the model reads
    // its reason as the call's error.
    let payload = json!({
        "session_id": "s", "transcript_path": "/t.json", "cwd": sandbox.work,
        "hook_event_name": "BeforeTool", "timestamp": "2026-12-02T00:00:00.000Z",
        "tool_name": "run_shell_command", "tool_input": { "command": "rm -rf ~/" }
    });
    let denied: Value =
        serde_json::from_str(&answer_of(&Command::new(example("bash_guard")), &payload)).unwrap();
    let reason = denied["reason"].as_str().unwrap();
    assert_eq!(
        denied,
        json!({ "decision": "deny", "reason": reason }),
        "the answer is Gemini CLI's shape"
    );
    assert!(
        reason.starts_with("Refused command \"rm -rf ~/\" (rule rm-recursive-root)"),
        "{reason}"
    );
    assert_eq!(
        session.function_responses(1),
        [(
            "run_shell_command".to_owned(),
            json!({ "error": format!("Tool execution blocked: {reason}") })
        )]
    );
    // The user reads it too.
    assert!(
        session.stderr.contains(&format!(
            "Error executing tool run_shell_command: Tool execution blocked: {reason}\n"
        )),
        "{session:#?}"
    );
    assert_eq!(
        std::fs::read_to_string(sandbox.home.join("keep.txt")).unwrap(),
        "precious"
    );
    assert_eq!(sandbox.stand_in_calls(), "", "rm never ran");

    // The harmless command ran, and the model read its output.
    let responses = session.function_responses(2);
    let output = responses[0].1["output"].as_str().unwrap_or_default();
    assert_eq!(responses[0].0, "run_shell_command");
    assert!(
        output.starts_with("<untrusted_context>\nOutput: done\n"),
        "{responses:#?}"
    );
    assert_eq!(
        std::fs::read_to_string(sandbox.work.join("ran.txt")).unwrap(),
        "harmless\n"
    );
}

/// The payloads Gemini CLI really sends: a hook on every event saves each
/// one during a session that runs a command; each reads as toolsmith's
/// typed input, with nothing in `extra` (every field sent is one the
/// pinned declarations have).
#[test]
fn every_payload_gemini_cli_sends_reads_as_its_typed_input() {
    let sandbox = Sandbox::new("gemini-payloads");
    let save = format!("cat > '{}'/payload-$$.json", sandbox.payloads.display());
    let mut hooks = serde_json::Map::new();
    for &event in GeminiEvent::ALL {
        hooks.extend(hook_on(event, None, &save).as_object().unwrap().clone());
    }
    sandbox.gemini_settings(&settings(Value::Object(hooks)));
    let session = sandbox.gemini(
        "run the checks",
        &[],
        vec![GeminiTurn::shell("echo fine"), GeminiTurn::Text("checked")],
    );
    assert_ended(&session, 2, "checked");

    let mut fired = BTreeSet::new();
    for entry in std::fs::read_dir(&sandbox.payloads).unwrap() {
        let path = entry.unwrap().path();
        let payload: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let input = validate_gemini_hook_input(&payload)
            .unwrap_or_else(|err| panic!("{}: {err}\n{payload:#}", path.display()));
        assert!(
            input.extra().is_empty(),
            "{}: sent but not declared: {:?}",
            input.event(),
            input.extra()
        );
        fired.insert(input.event().as_str());
    }
    assert_eq!(
        fired,
        BTreeSet::from([
            "AfterAgent",
            "AfterModel",
            "AfterTool",
            "BeforeAgent",
            "BeforeModel",
            "BeforeTool",
            "BeforeToolSelection",
            "PreCompress",
            "SessionEnd",
            "SessionStart",
        ]),
        "the events a non-interactive session fires"
    );
}

/// Settings whose hooks Gemini CLI skips: the linter names each, and the
/// agent runs the valid hook beside them only.
#[test]
fn hooks_gemini_cli_skips_are_refused_by_the_linter() {
    let sandbox = Sandbox::new("gemini-lint");
    let save = format!("cat > '{}'/payload-$$.json", sandbox.payloads.display());
    let mut hooks = hook_on(GeminiEvent::BeforeTool, None, &save);
    hooks["BeforeTol"] = json!([{ "hooks": [{ "type": "command", "command": save }] }]);
    hooks["AfterTool"] = json!([{ "hooks": [{ "type": "command" }] }]);
    let settings = settings(hooks);
    assert_eq!(
        toolsmith_hooks::gemini::validate_gemini_hooks_config(&settings)
            .unwrap_err()
            .lines(),
        [
            "Invalid hooks settings at /hooks/BeforeTol: unknown Gemini CLI hook event \"BeforeTol\" (did you mean \"BeforeTool\"?); known events: BeforeTool, AfterTool, BeforeAgent, Notification, AfterAgent, SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection",
            "Invalid hooks settings at /hooks/AfterTool/0/hooks/0: missing required property \"command\"",
        ]
    );
    sandbox.gemini_settings(&settings);
    let session = sandbox.gemini(
        "say hi",
        &[],
        vec![GeminiTurn::shell("echo hi"), GeminiTurn::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    // Gemini CLI says so on stderr, and skips them.
    for skipped in [
        "Invalid hook event name: \"BeforeTol\" from ",
        "Discarding invalid hook configuration for AfterTool from ",
    ] {
        assert!(session.stderr.contains(skipped), "{}", session.stderr);
    }
    // Only the valid BeforeTool hook ran.
    let saved: Vec<Value> = std::fs::read_dir(&sandbox.payloads)
        .unwrap()
        .map(|entry| {
            serde_json::from_slice(&std::fs::read(entry.unwrap().path()).unwrap()).unwrap()
        })
        .collect();
    assert_eq!(saved.len(), 1, "{saved:#?}");
    assert_eq!(saved[0]["hook_event_name"], "BeforeTool");
}

/// A command running the example `gemini_answers` with `args`.
fn gemini_answers(args: &[&str]) -> String {
    let mut command = format!("'{}'", example("gemini_answers").display());
    for arg in args {
        command.push_str(&format!(" '{arg}'"));
    }
    command
}

#[test]
fn gemini_additional_context_reaches_the_model_after_the_result() {
    let sandbox = Sandbox::new("gemini-context");
    let hook = gemini_answers(&["context", "the build directory is ./out"]);
    sandbox.gemini_settings(&settings(hook_on(
        GeminiEvent::AfterTool,
        Some("run_shell_command"),
        &hook,
    )));
    let session = sandbox.gemini(
        "say hi",
        &[],
        vec![GeminiTurn::shell("echo hi"), GeminiTurn::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    let responses = session.function_responses(1);
    let output = responses[0].1["output"].as_str().unwrap_or_default();
    assert!(
        output.starts_with("<untrusted_context>\nOutput: hi\n"),
        "{responses:#?}"
    );
    assert!(
        output.ends_with("\n\n<hook_context>the build directory is ./out</hook_context>"),
        "{responses:#?}"
    );
}

#[test]
fn gemini_tool_input_runs_the_rewritten_command() {
    let sandbox = Sandbox::new("gemini-rewrite");
    let hook = gemini_answers(&["rewrite", "original", "rewritten"]);
    sandbox.gemini_settings(&settings(hook_on(
        GeminiEvent::BeforeTool,
        Some("run_shell_command"),
        &hook,
    )));
    let session = sandbox.gemini(
        "write it",
        &[],
        vec![
            GeminiTurn::shell("echo original > out.txt && cat out.txt"),
            GeminiTurn::Text("ok"),
        ],
    );
    assert_ended(&session, 2, "ok");
    assert_eq!(
        std::fs::read_to_string(sandbox.work.join("out.txt")).unwrap(),
        "rewritten\n"
    );
    let responses = session.function_responses(1);
    let output = responses[0].1["output"].as_str().unwrap_or_default();
    assert!(
        output.starts_with("<untrusted_context>\nOutput: rewritten\n"),
        "{responses:#?}"
    );
    // The model is told, without being shown the new arguments.
    assert!(
        output.ends_with(
            "</untrusted_context>\n\n[System] Tool input parameters were modified by a hook before execution."
        ),
        "{responses:#?}"
    );
}

#[test]
fn a_gemini_after_agent_block_keeps_the_agent_working_with_the_reason_as_its_prompt() {
    let sandbox = Sandbox::new("gemini-keep-going");
    let hook = gemini_answers(&["keep-going", "run the tests before you stop"]);
    sandbox.gemini_settings(&settings(hook_on(GeminiEvent::AfterAgent, None, &hook)));
    let session = sandbox.gemini(
        "finish the work",
        &[],
        vec![
            GeminiTurn::Text("finished"),
            GeminiTurn::Text("tests green"),
        ],
    );
    assert_eq!(session.requests.len(), 2, "{session:#?}");
    let prompt = session.requests[1]["contents"]
        .as_array()
        .and_then(|contents| contents.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        prompt,
        json!({ "role": "user", "parts": [{ "text": "run the tests before you stop" }] })
    );
    assert_eq!(session.code, Some(0), "{session:#?}");
    assert!(session.stdout.ends_with("tests green\n"), "{session:#?}");
}
