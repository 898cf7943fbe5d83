//! The two example hooks as the agent runs them: a payload on stdin, then
//! the exact stdout, stderr and exit code, on a blocking, a passing and an
//! invalid payload.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::example;

/// Runs the example `name` with `stdin`: (stdout, stderr, exit code).
fn hook(name: &str, stdin: &str) -> (String, String, i32) {
    hook_with(name, &[], stdin)
}

/// [`hook`] with command-line arguments.
fn hook_with(name: &str, args: &[&str], stdin: &str) -> (String, String, i32) {
    let path = example(name);
    let mut child = Command::new(&path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", path.display()));
    // A hook may exit without reading its input (a bad flag fails first):
    // the pipe closing then is no failure of the test.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().expect("the hook exits"),
    )
}

fn bash(command: &str) -> String {
    serde_json::json!({
        "session_id": "s1",
        "transcript_path": "/home/u/.claude/projects/p/s1.jsonl",
        "cwd": "/home/u/p",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": { "command": command },
        "tool_use_id": "toolu_1"
    })
    .to_string()
}

/// The payload Codex sends for a shell command: `turn_id` and `model`
/// beside Claude's fields, and no transcript in an ephemeral session.
fn codex_bash(command: &str) -> String {
    serde_json::json!({
        "session_id": "s1",
        "transcript_path": null,
        "cwd": "/home/u/p",
        "hook_event_name": "PreToolUse",
        "model": "gpt-5",
        "permission_mode": "default",
        "turn_id": "turn_1",
        "tool_name": "Bash",
        "tool_input": { "command": command },
        "tool_use_id": "call_1"
    })
    .to_string()
}

fn stop(cwd: &Path) -> String {
    serde_json::json!({
        "session_id": "s1",
        "transcript_path": "/home/u/.claude/projects/p/s1.jsonl",
        "cwd": cwd,
        "hook_event_name": "Stop",
        "stop_hook_active": false
    })
    .to_string()
}

#[test]
fn bash_guard_denies_a_destructive_command_with_a_reason() {
    let (stdout, stderr, code) = hook("bash_guard", &bash("rm -rf /"));
    assert_eq!(
        stdout,
        concat!(
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","#,
            r#""permissionDecisionReason":"Refused command \"rm -rf /\" (rule rm-recursive-root): "#,
            "recursive delete of the filesystem root, a system directory, the home directory or a parent directory; ",
            r#"delete a path inside the project instead (e.g. ./build)"}}"#,
            "\n"
        )
    );
    assert_eq!(stderr, "");
    assert_eq!(code, 0);
}

#[test]
fn bash_guard_lets_a_safe_command_through_the_permission_rules() {
    assert_eq!(
        hook("bash_guard", &bash("cargo test")),
        (String::new(), String::new(), 0)
    );
}

#[test]
fn bash_guard_fails_closed_on_an_invalid_payload() {
    let (stdout, stderr, code) = hook(
        "bash_guard",
        r#"{"hook_event_name":"PreToolUse","tool_name":"Bash"}"#,
    );
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        concat!(
            "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\n",
            r#"Invalid hook input: missing required properties "session_id", "transcript_path", "cwd", "tool_input", "tool_use_id""#,
            "\n"
        )
    );
    assert_eq!(code, 2);
}

#[test]
fn bash_guard_fails_closed_on_a_bash_input_it_cannot_read() {
    let payload = bash("x").replace(r#"{"command":"x"}"#, r#"{"command":7}"#);
    let (stdout, stderr, code) = hook("bash_guard", &payload);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        concat!(
            "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\n",
            "Hook handler failed: Invalid tool input at /command: must be a string, got number 7\n"
        )
    );
    assert_eq!(code, 2);
}

#[test]
fn bash_guard_answers_codex_in_codexs_shape() {
    let denied = concat!(
        r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","#,
        r#""permissionDecisionReason":"Refused command \"rm -rf /\" (rule rm-recursive-root): "#,
        "recursive delete of the filesystem root, a system directory, the home directory or a parent directory; ",
        r#"delete a path inside the project instead (e.g. ./build)"}}"#,
        "\n"
    );
    let expected = (denied.to_owned(), String::new(), 0);
    // Told apart by `turn_id`, and named by the flag.
    assert_eq!(hook("bash_guard", &codex_bash("rm -rf /")), expected);
    assert_eq!(
        hook_with("bash_guard", &["--agent", "codex"], &codex_bash("rm -rf /")),
        expected
    );
    assert_eq!(
        hook("bash_guard", &codex_bash("cargo test")),
        (String::new(), String::new(), 0)
    );
}

#[test]
fn bash_guard_fails_closed_on_codex_lines() {
    // Codex's contract requires `turn_id`, so the flag names the agent.
    let payload = codex_bash("ls").replace(r#","turn_id":"turn_1""#, "");
    let (stdout, stderr, code) = hook_with("bash_guard", &["--agent=codex"], &payload);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        concat!(
            "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\n",
            r#"Invalid hook input: missing required property "turn_id""#,
            "\n"
        )
    );
    assert_eq!(code, 2);
    // Named Gemini CLI, the payload is held to Gemini CLI's contract.
    let (stdout, stderr, code) = hook_with("bash_guard", &["--agent", "gemini"], &payload);
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), code),
        (
            "",
            concat!(
                "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\n",
                "Invalid hook input at /hook_event_name: unknown Gemini CLI hook event \"PreToolUse\"; known events: BeforeTool, AfterTool, BeforeAgent, Notification, AfterAgent, SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection\n"
            ),
            2
        )
    );
    let (stdout, stderr, code) = hook_with("bash_guard", &["--agent", "gpt"], &payload);
    assert_eq!(
        (stdout.as_str(), stderr.as_str(), code),
        (
            "",
            concat!(
                "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\n",
                "Invalid hook command: --agent takes one of claude, codex, gemini, got \"gpt\"\n"
            ),
            2
        )
    );
}

#[test]
fn stop_gate_blocks_until_the_marker_exists() {
    let cwd = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stop-gate");
    let _ = std::fs::remove_dir_all(&cwd);
    std::fs::create_dir_all(&cwd).unwrap();

    let (stdout, stderr, code) = hook("stop_gate", &stop(&cwd));
    let reason = format!(
        "the tests have not passed yet: run `cargo test`, fix what fails, then create {}",
        cwd.join(".tests-passed").display()
    );
    let expected = serde_json::json!({ "decision": "block", "reason": reason }).to_string();
    assert_eq!(
        (stdout, stderr, code),
        (format!("{expected}\n"), String::new(), 0)
    );

    std::fs::write(cwd.join(".tests-passed"), "").unwrap();
    assert_eq!(
        hook("stop_gate", &stop(&cwd)),
        (String::new(), String::new(), 0)
    );
}

#[test]
fn stop_gate_fails_open_on_an_invalid_payload() {
    let (stdout, stderr, code) = hook("stop_gate", "{\"hook_event_name\":\"Stop\"");
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        "Invalid hook input: not valid JSON: unexpected end of input at line 1 column 25\n"
    );
    assert_eq!(code, 1);
}
