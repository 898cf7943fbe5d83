//! toolsmith hooks inside the real Claude Code: each test wires hook
//! programs (the examples) into a settings file, runs `claude -p` against
//! the scripted model, and asserts what the agent did with each answer,
//! from what the model received next and from the disk. Every settings
//! file used passes `hooks_lint` first.

use std::process::Command;

use serde_json::{Value, json};

use crate::claude_code::{Sandbox, Session};
use crate::model::Turn;
use crate::support::example;

/// A settings command running the example `name` with `args`.
pub fn program(name: &str, args: &[&str]) -> String {
    let mut command = format!("'{}'", example(name).display());
    for arg in args {
        command.push_str(&format!(" '{arg}'"));
    }
    command
}

/// Settings with one command hook on `event` (for the tools `matcher`,
/// when given).
fn settings(event: &str, matcher: Option<&str>, command: &str) -> Value {
    let mut group = json!({ "hooks": [{ "type": "command", "command": command }] });
    if let Some(matcher) = matcher {
        group["matcher"] = json!(matcher);
    }
    json!({ "hooks": { event: [group] } })
}

/// Runs a hook program on `payload` as the agent would: its stdout.
pub fn answer_of(command_name: &str, args: &[&str], payload: &Value) -> String {
    use std::io::Write;
    let mut child = Command::new(example(command_name))
        .args(args)
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

fn read(path: impl AsRef<std::path::Path>) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn assert_ended(session: &Session, requests: usize, answer: &str) {
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

#[test]
fn the_bash_guard_stops_rm_rf_home_and_lets_a_harmless_command_run() {
    let sandbox = Sandbox::new("bash-guard");
    sandbox.wire(&settings(
        "PreToolUse",
        Some("Bash"),
        &program("bash_guard", &[]),
    ));
    std::fs::write(sandbox.home.join("keep.txt"), "precious").unwrap();

    let session = sandbox.claude(
        "clean up",
        &["--allowedTools", "Bash"],
        vec![
            Turn::bash("toolu_rm", "rm -rf ~/"),
            Turn::bash("toolu_echo", "echo harmless > ran.txt && echo done"),
            Turn::Text("cleaned"),
        ],
    );
    assert_ended(&session, 3, "cleaned");

    // The model reads the guard's reason, exactly, as the call's result.
    let payload = json!({
        "session_id": "s", "transcript_path": "/t", "cwd": sandbox.work,
        "hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": { "command": "rm -rf ~/" }, "tool_use_id": "toolu_rm"
    });
    let denied: Value = serde_json::from_str(&answer_of("bash_guard", &[], &payload)).unwrap();
    let reason = denied["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap();
    assert!(
        reason.starts_with("Refused command \"rm -rf ~/\""),
        "{reason}"
    );
    assert_eq!(
        session.tool_result(1, "toolu_rm"),
        (format!("PreToolUse:Bash hook error: {reason}"), true)
    );
    assert_eq!(
        read(sandbox.home.join("keep.txt")).as_deref(),
        Some("precious")
    );
    assert_eq!(sandbox.stand_in_calls(), "");

    assert_eq!(
        session.tool_result(2, "toolu_echo"),
        ("done".to_owned(), false)
    );
    assert_eq!(
        read(sandbox.work.join("ran.txt")).as_deref(),
        Some("harmless\n")
    );
}

#[test]
fn ask_in_print_mode_refuses_the_call_with_the_reason() {
    let sandbox = Sandbox::new("ask");
    let hook = program("answers", &["ask", "creating files needs a look"]);
    sandbox.wire(&settings("PreToolUse", Some("Bash"), &hook));
    let session = sandbox.claude(
        "make a file",
        &["--allowedTools", "Bash"],
        vec![Turn::bash("toolu_1", "touch made.txt"), Turn::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    // Nobody can be asked in print mode: the call is refused, and the model
    // reads the reason alone.
    assert_eq!(
        session.tool_result(1, "toolu_1"),
        ("creating files needs a look".to_owned(), true)
    );
    assert!(!sandbox.work.join("made.txt").exists());
}

#[test]
fn allow_runs_a_call_the_permission_rules_would_refuse() {
    let script = || vec![Turn::bash("toolu_1", "touch made.txt"), Turn::Text("ok")];

    let without = Sandbox::new("allow-without");
    without.wire(&json!({}));
    let session = without.claude("make a file", &[], script());
    assert_ended(&session, 2, "ok");
    assert!(session.tool_result(1, "toolu_1").1, "{session:#?}");
    assert!(!without.work.join("made.txt").exists());

    let with = Sandbox::new("allow-with");
    let hook = program("answers", &["allow"]);
    with.wire(&settings("PreToolUse", Some("Bash"), &hook));
    let session = with.claude("make a file", &[], script());
    assert_ended(&session, 2, "ok");
    assert_eq!(
        session.tool_result(1, "toolu_1"),
        ("(Bash completed with no output)".to_owned(), false)
    );
    assert!(with.work.join("made.txt").exists());
}

#[test]
fn updated_input_runs_the_rewritten_command() {
    let sandbox = Sandbox::new("updated-input");
    let hook = program("answers", &["rewrite", "original", "rewritten"]);
    sandbox.wire(&settings("PreToolUse", Some("Bash"), &hook));
    let session = sandbox.claude(
        "write it",
        &[],
        vec![
            Turn::bash("toolu_1", "echo original > out.txt && cat out.txt"),
            Turn::Text("ok"),
        ],
    );
    assert_ended(&session, 2, "ok");
    assert_eq!(
        session.tool_result(1, "toolu_1"),
        ("rewritten".to_owned(), false)
    );
    assert_eq!(
        read(sandbox.work.join("out.txt")).as_deref(),
        Some("rewritten\n")
    );
}

#[test]
fn additional_context_reaches_the_model_beside_the_result() {
    let sandbox = Sandbox::new("additional-context");
    let hook = program("answers", &["context", "the build directory is ./out"]);
    sandbox.wire(&settings("PreToolUse", Some("Bash"), &hook));
    let session = sandbox.claude(
        "say hi",
        &["--allowedTools", "Bash"],
        vec![Turn::bash("toolu_1", "echo hi"), Turn::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    assert_eq!(session.tool_result(1, "toolu_1"), ("hi".to_owned(), false));
    assert!(
        session.texts(1).contains(
            &"PreToolUse:Bash hook additional context: the build directory is ./out".to_owned()
        ),
        "{:#?}",
        session.sent_back(1)
    );
}

#[test]
fn a_post_tool_use_block_tells_the_model_after_the_tool_ran() {
    let sandbox = Sandbox::new("post-block");
    let hook = program(
        "answers",
        &["block-post", "the output names a secret; rotate it"],
    );
    sandbox.wire(&settings("PostToolUse", Some("Bash"), &hook));
    let session = sandbox.claude(
        "write it",
        &["--allowedTools", "Bash"],
        vec![
            Turn::bash("toolu_1", "echo ran > ran.txt"),
            Turn::Text("ok"),
        ],
    );
    assert_ended(&session, 2, "ok");
    assert_eq!(read(sandbox.work.join("ran.txt")).as_deref(), Some("ran\n"));
    assert!(
        session.texts(1).contains(&format!(
            "PostToolUse:Bash hook blocking error from command: \"{hook}\": the output names a secret; rotate it"
        )),
        "{:#?}",
        session.sent_back(1)
    );
}

#[test]
fn a_stop_block_keeps_the_agent_working_until_the_gate_opens() {
    let sandbox = Sandbox::new("stop-gate");
    let hook = program("stop_gate", &[]);
    sandbox.wire(&settings("Stop", None, &hook));
    let session = sandbox.claude(
        "finish the work",
        &["--allowedTools", "Bash"],
        vec![
            Turn::Text("finished"),
            Turn::bash("toolu_1", "touch .tests-passed"),
            Turn::Text("finished, tests green"),
        ],
    );
    assert_ended(&session, 3, "finished, tests green");
    let marker = sandbox.work.join(".tests-passed");
    assert!(
        session.texts(1).contains(&format!(
            "Stop hook blocking error from command: \"{hook}\": the tests have not passed yet: run `cargo test`, fix what fails, then create {}",
            marker.display()
        )),
        "{:#?}",
        session.sent_back(1)
    );
    assert!(marker.exists());
}

#[test]
fn a_user_prompt_submit_block_keeps_the_prompt_from_the_model() {
    let sandbox = Sandbox::new("prompt-block");
    let hook = program(
        "answers",
        &["block-prompt", "prompts may not name production"],
    );
    sandbox.wire(&settings("UserPromptSubmit", None, &hook));
    let session = sandbox.claude("deploy to production", &[], vec![Turn::Text("deployed")]);
    assert_eq!(session.requests.len(), 0, "{session:#?}");
    assert_eq!(
        (session.stdout.as_str(), session.code),
        (
            "UserPromptSubmit operation blocked by hook:\nprompts may not name production\n\nOriginal prompt: deploy to production\n",
            Some(0)
        ),
        "{session:#?}"
    );
}

#[test]
fn a_hook_that_fails_open_lets_the_call_run() {
    let sandbox = Sandbox::new("fail-open");
    let hook = program("answers", &["fail"]);
    sandbox.wire(&settings("PreToolUse", Some("Bash"), &hook));
    let session = sandbox.claude(
        "write it",
        &["--allowedTools", "Bash"],
        vec![
            Turn::bash("toolu_1", "echo ran > ran.txt && echo ran"),
            Turn::Text("ok"),
        ],
    );
    assert_ended(&session, 2, "ok");
    assert_eq!(session.tool_result(1, "toolu_1"), ("ran".to_owned(), false));
    assert_eq!(read(sandbox.work.join("ran.txt")).as_deref(), Some("ran\n"));
}

#[test]
fn a_hook_that_fails_closed_blocks_the_call_with_its_lines() {
    let sandbox = Sandbox::new("fail-closed");
    let hook = program("answers", &["fail-closed"]);
    sandbox.wire(&settings("PreToolUse", Some("Bash"), &hook));
    let session = sandbox.claude(
        "write it",
        &["--allowedTools", "Bash"],
        vec![
            Turn::bash("toolu_1", "echo ran > ran.txt"),
            Turn::Text("ok"),
        ],
    );
    assert_ended(&session, 2, "ok");
    assert_eq!(
        session.tool_result(1, "toolu_1"),
        (
            format!(
                "PreToolUse:Bash hook error: [{hook}]: Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\nHook handler failed: the check could not run\n"
            ),
            true
        )
    );
    assert!(!sandbox.work.join("ran.txt").exists());
}

/// Settings with a logging hook on Bash calls, and a hook of the type
/// "comand" on `broken`.
fn broken_settings(sandbox: &Sandbox, broken: &str) -> Value {
    let log = program("answers", &["log", &sandbox.payloads.display().to_string()]);
    let mut settings = settings("PreToolUse", Some("Bash"), &log);
    let typo = json!({ "type": "comand", "command": log });
    match broken {
        "PreToolUse" => settings["hooks"]["PreToolUse"][0]["hooks"]
            .as_array_mut()
            .unwrap()
            .insert(0, typo),
        event => settings["hooks"][event] = json!([{ "hooks": [typo] }]),
    }
    settings
}

/// The linter's line on the typo, and the agent's about it.
fn assert_typo_refused(sandbox: &Sandbox, session: &Session, pointer: &str) {
    let path = sandbox.settings_path();
    let (stdout, stderr, code) = sandbox.lint();
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), code),
        (
            format!(
                "{}:/hooks/{pointer}/type: must be one of command, http, mcp_tool, prompt, agent, got \"comand\" (did you mean \"command\"?)\n",
                path.display()
            )
            .as_str(),
            "1 error, 0 warnings\n",
            1
        )
    );
    let agent_pointer = pointer.replace('/', ".");
    assert!(
        session.stderr.contains(&format!(
            "{} (hooks.{agent_pointer}.type): Unknown hook type \"comand\"",
            path.display()
        )),
        "{session:#?}"
    );
}

#[test]
fn a_broken_stop_hook_is_refused_by_the_linter_and_skipped_by_the_agent() {
    let sandbox = Sandbox::new("broken-stop");
    sandbox.settings(&broken_settings(&sandbox, "Stop"));
    let session = sandbox.claude(
        "say hi",
        &["--allowedTools", "Bash"],
        vec![Turn::bash("toolu_1", "echo hi"), Turn::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    assert_typo_refused(&sandbox, &session, "Stop/0/hooks/0");
    assert!(session.stderr.contains("; entry ignored."), "{session:#?}");
    // The rest of the file is in effect: the logging hook ran.
    assert_eq!(std::fs::read_dir(&sandbox.payloads).unwrap().count(), 1);
}

#[test]
fn a_broken_pre_tool_use_hook_is_refused_by_the_linter_and_the_agent_drops_the_file() {
    let sandbox = Sandbox::new("broken-pre-tool-use");
    sandbox.settings(&broken_settings(&sandbox, "PreToolUse"));
    let session = sandbox.claude(
        "say hi",
        &["--allowedTools", "Bash"],
        vec![Turn::bash("toolu_1", "echo hi"), Turn::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    assert_typo_refused(&sandbox, &session, "PreToolUse/0/hooks/0");
    // A guard that cannot be loaded may be what the file's permissions
    // rely on: the agent drops the whole file, so not even the valid hook
    // beside it runs.
    assert!(
        session.stderr.starts_with("These settings did not load"),
        "{session:#?}"
    );
    assert_eq!(std::fs::read_dir(&sandbox.payloads).unwrap().count(), 0);
}
