//! toolsmith hooks inside the real Codex CLI: each test wires hook
//! programs (the examples, the same binaries Claude Code runs) into a
//! `hooks.json`, runs `codex exec` against the scripted Responses API
//! model, and asserts what Codex did with each answer, from what the model
//! received next and from the disk. Every `hooks.json` used passes
//! `hooks_lint --agent codex` first.
//!
//! What Codex 0.171.0 does that its declared schemas do not say, or say
//! otherwise:
//!
//! - a `PostToolUse` block does not add its reason beside the tool's
//!   result: the reason *replaces* the result, so the model never reads
//!   the command's output;
//! - a `UserPromptSubmit` block ends `codex exec` with exit code 0 and
//!   nothing on stdout; the reason is shown nowhere, only
//!   `hook: UserPromptSubmit Blocked` on stderr;
//! - `additionalContext`, on `PreToolUse` too, reaches the model as a
//!   `developer` message (before the call's output, after the prompt,
//!   before the first prompt);
//! - a `Stop` block's reason reaches the model as a `user` message,
//!   wrapped: `<hook_prompt hook_run_id="stop:0:<hooks.json>">…</hook_prompt>`;
//! - `PermissionRequest` never fires in `codex exec`: its approval policy
//!   is always `never`, and a call asking for escalation is refused first;
//! - a hook runs only once the user trusted it (or with
//!   `--dangerously-bypass-hook-trust`); an untrusted one is skipped in
//!   silence;
//! - an unknown event name, an unknown field and a matcher that does not
//!   compile are ignored or skipped with at most a warning on stderr; a
//!   handler without its `command` (or of an unknown `type`) drops the
//!   whole `hooks.json`, and in `config.toml` stops Codex from starting.
//!
//! The payloads carry exactly the fields the input schemas declare.

use std::collections::BTreeSet;

use serde_json::{Value, json};
use toolsmith_hooks::codex::{CodexEvent, validate_codex_hook_input};

use crate::claude::{answer_of, program};
use crate::codex_exec::{CodexSandbox, CodexSession, lint, ran};
use crate::responses::Step;

/// `hooks.json` with the command hooks `commands` on `event` (for the
/// tools `matcher`, when given).
fn hooks(event: &str, matcher: Option<&str>, commands: &[&str]) -> Value {
    let handlers: Vec<Value> = commands
        .iter()
        .map(|command| json!({ "type": "command", "command": command }))
        .collect();
    let mut group = json!({ "hooks": handlers });
    if let Some(matcher) = matcher {
        group["matcher"] = json!(matcher);
    }
    json!({ "hooks": { event: [group] } })
}

fn read(path: impl AsRef<std::path::Path>) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

fn assert_ended(session: &CodexSession, requests: usize, answer: &str) {
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

/// The answer Codex prints for a command a `PreToolUse` hook blocked.
fn blocked(reason: &str, command: &str) -> String {
    format!("Command blocked by PreToolUse hook: {reason}. Command: {command}")
}

#[test]
fn the_bash_guard_stops_rm_rf_home_and_lets_a_harmless_command_run() {
    let sandbox = CodexSandbox::new("codex-bash-guard");
    sandbox.wire(&hooks(
        "PreToolUse",
        Some("Bash"),
        &[&program("bash_guard", &[])],
    ));
    std::fs::write(sandbox.home.join("keep.txt"), "precious").unwrap();

    let session = sandbox.exec(
        "clean up",
        vec![
            Step::Exec("call_rm", "rm -rf ~/"),
            Step::Exec("call_echo", "echo harmless > ran.txt && echo done"),
            Step::Text("cleaned"),
        ],
    );
    assert_ended(&session, 3, "cleaned");

    // The model reads the guard's reason, exactly, as the call's output.
    let payload = json!({
        "session_id": "s", "transcript_path": null, "cwd": sandbox.work,
        "hook_event_name": "PreToolUse", "model": "scripted", "permission_mode": "default",
        "turn_id": "t", "tool_name": "Bash", "tool_input": { "command": "rm -rf ~/" },
        "tool_use_id": "call_rm"
    });
    let denied: Value = serde_json::from_str(&answer_of("bash_guard", &[], &payload)).unwrap();
    let reason = denied["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .unwrap();
    assert!(
        reason.starts_with("Refused command \"rm -rf ~/\""),
        "{reason}"
    );
    assert_eq!(session.output(1, "call_rm"), blocked(reason, "rm -rf ~/"));
    assert_eq!(
        read(sandbox.home.join("keep.txt")).as_deref(),
        Some("precious")
    );
    assert_eq!(sandbox.stand_in_calls(), "");

    let output = session.output(2, "call_echo");
    assert_eq!(ran(&output), (Some("0"), Some("done\n")), "{output}");
    assert_eq!(
        read(sandbox.work.join("ran.txt")).as_deref(),
        Some("harmless\n")
    );
}

#[test]
fn pre_tool_use_context_reaches_the_model_before_the_output() {
    let sandbox = CodexSandbox::new("codex-pre-context");
    let hook = program("answers", &["context", "the build directory is ./out"]);
    sandbox.wire(&hooks("PreToolUse", Some("Bash"), &[&hook]));
    let session = sandbox.exec(
        "say hi",
        vec![Step::Exec("call_1", "echo hi"), Step::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    assert_eq!(
        session.texts(1, "developer"),
        ["the build directory is ./out"]
    );
    let added = session.added(1);
    let kinds: Vec<&str> = added.iter().map(kind).collect();
    assert_eq!(kinds, ["developer", "function_call_output"]);
    assert_eq!(ran(&session.output(1, "call_1")), (Some("0"), Some("hi\n")));
}

#[test]
fn session_start_and_prompt_context_reach_the_model_around_the_prompt() {
    let sandbox = CodexSandbox::new("codex-prompt-context");
    // Codex's SessionStart carries no turn: the flag says which agent runs
    // the hook.
    let start = program(
        "answers",
        &[
            "--agent",
            "codex",
            "context-start",
            "the repository is a Rust workspace",
        ],
    );
    let prompt = program("answers", &["context-prompt", "answer in one line"]);
    let mut wired = hooks("SessionStart", Some("startup"), &[&start]);
    wired["hooks"]["UserPromptSubmit"] =
        hooks("UserPromptSubmit", None, &[&prompt])["hooks"]["UserPromptSubmit"].clone();
    sandbox.wire(&wired);
    let session = sandbox.exec("describe it", vec![Step::Text("a workspace")]);
    assert_ended(&session, 1, "a workspace");
    let added = session.added(0);
    let tail: Vec<(&str, &str)> = added[added.len() - 3..]
        .iter()
        .map(|item| {
            (
                kind(item),
                item["content"][0]["text"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        tail,
        [
            ("developer", "the repository is a Rust workspace"),
            ("user", "describe it"),
            ("developer", "answer in one line"),
        ]
    );
}

/// An item's role, or its type when it has none.
fn kind(item: &Value) -> &str {
    item["role"]
        .as_str()
        .or_else(|| item["type"].as_str())
        .unwrap_or("")
}

#[test]
fn a_post_tool_use_block_replaces_the_output_and_its_context_reaches_the_model() {
    let sandbox = CodexSandbox::new("codex-post-block");
    let block = program(
        "answers",
        &["block-post", "the output names a secret; rotate it"],
    );
    let context = program("answers", &["context-post", "the secret is in .env"]);
    sandbox.wire(&hooks("PostToolUse", Some("Bash"), &[&block, &context]));
    let session = sandbox.exec(
        "write it",
        vec![
            Step::Exec("call_1", "echo ran > ran.txt && echo token=abc"),
            Step::Text("ok"),
        ],
    );
    assert_ended(&session, 2, "ok");
    // The tool ran, but the model reads the reason instead of its output.
    assert_eq!(read(sandbox.work.join("ran.txt")).as_deref(), Some("ran\n"));
    assert_eq!(
        session.output(1, "call_1"),
        "the output names a secret; rotate it"
    );
    assert_eq!(session.texts(1, "developer"), ["the secret is in .env"]);
}

#[test]
fn a_user_prompt_submit_block_keeps_the_prompt_from_the_model() {
    let sandbox = CodexSandbox::new("codex-prompt-block");
    let hook = program(
        "answers",
        &["block-prompt", "prompts may not name production"],
    );
    sandbox.wire(&hooks("UserPromptSubmit", None, &[&hook]));
    let session = sandbox.exec("deploy to production", vec![Step::Text("deployed")]);
    assert_eq!(
        (
            session.requests.len(),
            session.stdout.as_str(),
            session.code
        ),
        (0, "", Some(0)),
        "{session:#?}"
    );
    assert_eq!(
        session.hook_lines(),
        ["hook: UserPromptSubmit", "hook: UserPromptSubmit Blocked"]
    );
}

#[test]
fn a_stop_block_keeps_codex_working_until_the_gate_opens() {
    let sandbox = CodexSandbox::new("codex-stop-gate");
    sandbox.wire(&hooks("Stop", None, &[&program("stop_gate", &[])]));
    let session = sandbox.exec(
        "finish the work",
        vec![
            Step::Text("finished"),
            Step::Exec("call_1", "touch .tests-passed"),
            Step::Text("finished, tests green"),
        ],
    );
    assert_ended(&session, 3, "finished, tests green");
    let marker = sandbox.work.join(".tests-passed");
    assert_eq!(
        session.texts(1, "user"),
        [format!(
            "<hook_prompt hook_run_id=\"stop:0:{}\">the tests have not passed yet: run `cargo test`, fix what fails, then create {}</hook_prompt>",
            sandbox.hooks_path().display(),
            marker.display()
        )]
    );
    assert!(marker.exists());
}

#[test]
fn a_hook_that_fails_open_lets_the_call_run_and_one_that_fails_closed_blocks_it() {
    let script = || {
        vec![
            Step::Exec("call_1", "echo ran > ran.txt && echo ran"),
            Step::Text("ok"),
        ]
    };
    let open = CodexSandbox::new("codex-fail-open");
    open.wire(&hooks(
        "PreToolUse",
        Some("Bash"),
        &[&program("answers", &["fail"])],
    ));
    let session = open.exec("write it", script());
    assert_ended(&session, 2, "ok");
    assert_eq!(
        ran(&session.output(1, "call_1")),
        (Some("0"), Some("ran\n"))
    );
    assert_eq!(read(open.work.join("ran.txt")).as_deref(), Some("ran\n"));
    assert_eq!(
        session.hook_lines(),
        ["hook: PreToolUse", "hook: PreToolUse Failed"]
    );

    let closed = CodexSandbox::new("codex-fail-closed");
    closed.wire(&hooks(
        "PreToolUse",
        Some("Bash"),
        &[&program("answers", &["fail-closed"])],
    ));
    let session = closed.exec("write it", script());
    assert_ended(&session, 2, "ok");
    assert_eq!(
        session.output(1, "call_1"),
        blocked(
            "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\nHook handler failed: the check could not run",
            "echo ran > ran.txt && echo ran"
        )
    );
    assert!(!closed.work.join("ran.txt").exists());
}

#[test]
fn every_payload_codex_sends_reads_as_its_typed_input() {
    let sandbox = CodexSandbox::new("codex-payloads");
    let log = program(
        "answers",
        &[
            "--agent",
            "codex",
            "log",
            &sandbox.payloads.display().to_string(),
        ],
    );
    let mut events = serde_json::Map::new();
    for event in CodexEvent::ALL {
        events.insert(
            event.as_str().to_owned(),
            json!([{ "hooks": [{ "type": "command", "command": log }] }]),
        );
    }
    sandbox.wire(&json!({ "hooks": events }));
    let session = sandbox.exec(
        "run the checks",
        vec![
            Step::Exec("call_ok", "echo fine"),
            Step::Exec("call_fail", "echo broken >&2; exit 3"),
            Step::Text("checked"),
        ],
    );
    assert_ended(&session, 3, "checked");
    // Every hook answered (nothing), none failed.
    assert!(
        session
            .hook_lines()
            .iter()
            .all(|line| !line.ends_with(" Failed")),
        "{session:#?}"
    );

    let mut fired = BTreeSet::new();
    for entry in std::fs::read_dir(&sandbox.payloads).unwrap() {
        let path = entry.unwrap().path();
        let payload: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let input = validate_codex_hook_input(&payload)
            .unwrap_or_else(|err| panic!("{}: {err}\n{payload:#}", path.display()));
        assert!(
            input.extra().is_empty(),
            "{}: fields Codex's schema does not declare: {:?}",
            input.event(),
            input.extra()
        );
        fired.insert(input.event());
    }
    assert_eq!(
        fired,
        BTreeSet::from([
            CodexEvent::SessionStart,
            CodexEvent::UserPromptSubmit,
            CodexEvent::PreToolUse,
            CodexEvent::PostToolUse,
            CodexEvent::Stop,
            CodexEvent::SessionEnd,
        ]),
        "the events an exec session fires"
    );
}

/// The lint of `file`: (stdout, stderr, exit code), its path in the lines
/// replaced by `FILE`.
fn lint_lines(file: &std::path::Path) -> (String, String, i32) {
    let (stdout, stderr, code) = lint(file);
    (
        stdout.replace(&file.display().to_string(), "FILE"),
        stderr,
        code,
    )
}

#[test]
fn broken_hooks_are_refused_by_the_linter_and_never_run_by_codex() {
    let sandbox = CodexSandbox::new("codex-broken-hooks");
    let log = program("answers", &["log", &sandbox.payloads.display().to_string()]);
    // A path of fixed length: the linter shortens a long one it echoes, and
    // the sandbox's path is as long as the checkout's.
    let missing = std::path::Path::new("/nonexistent/toolsmith-no-such-hook");
    sandbox.hooks(&json!({ "hooks": {
        "PreToolUSe": [{ "hooks": [{ "type": "command", "command": log }] }],
        "PreToolUse": [
            { "matcher": "Bash(", "hooks": [{ "type": "command", "command": log }] },
            { "matcher": "Bash", "hooks": [{ "type": "command", "command": missing }] }
        ]
    }}));
    assert_eq!(
        lint_lines(&sandbox.hooks_path()),
        (
            format!(
                "FILE:/hooks/PreToolUSe: unknown Codex hook event \"PreToolUSe\" (did you mean \"PreToolUse\"?); Codex ignores it, so its hooks never run\n\
                 FILE:/hooks/PreToolUse/0/matcher: matcher \"Bash(\" is not a regular expression Codex compiles (unclosed group), so Codex skips the group and its hooks never run\n\
                 FILE:/hooks/PreToolUse/1/hooks/0/command: runs \"{}\", which does not exist, so the hook fails every time and Codex goes ahead as if there were none\n",
                missing.display()
            ),
            "3 errors, 0 warnings\n".to_owned(),
            1
        )
    );
    let session = sandbox.exec(
        "say hi",
        vec![Step::Exec("call_1", "echo hi"), Step::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    // No logging hook ran; the missing program failed, and Codex went on.
    assert_eq!(std::fs::read_dir(&sandbox.payloads).unwrap().count(), 0);
    assert_eq!(
        session.hook_lines(),
        ["hook: PreToolUse", "hook: PreToolUse Failed"]
    );
    assert!(
        session.stderr.contains(&format!(
            "warning: invalid matcher \"Bash(\" in {}: regex parse error:",
            sandbox.hooks_path().display()
        )),
        "{session:#?}"
    );
    assert_eq!(ran(&session.output(1, "call_1")), (Some("0"), Some("hi\n")));
}

#[test]
fn a_handler_without_its_command_drops_hooks_json_and_stops_codex_in_config_toml() {
    let sandbox = CodexSandbox::new("codex-missing-command");
    let log = program("answers", &["log", &sandbox.payloads.display().to_string()]);
    let broken = json!({ "hooks": {
        "Stop": [{ "hooks": [{ "type": "command", "command": log }] }],
        "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "timeout": 5 }] }]
    }});
    sandbox.hooks(&broken);
    assert_eq!(
        lint_lines(&sandbox.hooks_path()),
        (
            "FILE:/hooks/PreToolUse/0/hooks/0: missing required property \"command\"; Codex ignores the whole file, so none of its hooks run\n".to_owned(),
            "1 error, 0 warnings\n".to_owned(),
            1
        )
    );
    let session = sandbox.exec("say hi", vec![Step::Text("ok")]);
    assert_ended(&session, 1, "ok");
    // Not even the valid Stop hook beside it ran.
    assert_eq!(std::fs::read_dir(&sandbox.payloads).unwrap().count(), 0);
    assert!(
        session.stderr.contains(&format!(
            "warning: failed to parse hooks config {}: missing field `command`",
            sandbox.hooks_path().display()
        )),
        "{session:#?}"
    );

    // The same handler in config.toml: Codex does not start.
    std::fs::remove_file(sandbox.hooks_path()).unwrap();
    sandbox.config_hooks(&format!(
        "\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = {}\n\n\
         [[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ntimeout = 5\n",
        json!(log)
    ));
    assert_eq!(
        lint_lines(&sandbox.config_path()),
        (
            "FILE:/hooks/PreToolUse/0/hooks/0: missing required property \"command\"; Codex refuses to start with this config.toml\n".to_owned(),
            "1 error, 0 warnings\n".to_owned(),
            1
        )
    );
    let session = sandbox.exec("say hi", vec![Step::Text("ok")]);
    assert_eq!(
        (session.requests.len(), session.code),
        (0, Some(1)),
        "{session:#?}"
    );
    assert!(
        session
            .stderr
            .contains("Error loading config.toml: missing field `command`"),
        "{session:#?}"
    );
}

/// Codex runs a hook of the user's once the user trusted it in an
/// interactive session; `codex exec` never runs an untrusted one, and says
/// nothing about it on the terminal.
#[test]
fn a_hook_the_user_never_trusted_does_not_run() {
    let sandbox = CodexSandbox::new("codex-untrusted");
    let log = program("answers", &["log", &sandbox.payloads.display().to_string()]);
    sandbox.wire(&hooks("PreToolUse", Some("Bash"), &[&log]));
    let session = sandbox.exec_untrusted(
        "say hi",
        vec![Step::Exec("call_1", "echo hi"), Step::Text("ok")],
    );
    assert_ended(&session, 2, "ok");
    assert_eq!(ran(&session.output(1, "call_1")), (Some("0"), Some("hi\n")));
    assert_eq!(std::fs::read_dir(&sandbox.payloads).unwrap().count(), 0);
    // Codex prints the checkout's paths, whose folders may be named anything.
    let checkout = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .display()
        .to_string();
    assert!(
        !session.stderr.replace(&checkout, "").contains("hook"),
        "{session:#?}"
    );
}

#[test]
fn permission_request_never_fires_in_codex_exec() {
    let sandbox = CodexSandbox::new("codex-permission-request");
    let log = program("answers", &["log", &sandbox.payloads.display().to_string()]);
    sandbox.wire(&hooks("PermissionRequest", Some("Bash"), &[&log]));
    let session = sandbox.exec(
        "write it",
        vec![
            Step::Escalated("call_1", "echo escalated > ran.txt"),
            Step::Text("ok"),
        ],
    );
    assert_ended(&session, 2, "ok");
    // `exec` never asks: the call is refused before any hook could approve it.
    assert_eq!(
        session.output(1, "call_1"),
        "approval policy is Never; reject command \u{2014} you cannot ask for escalated permissions if the approval policy is Never"
    );
    assert_eq!(std::fs::read_dir(&sandbox.payloads).unwrap().count(), 0);
    assert!(!sandbox.work.join("ran.txt").exists());
}
