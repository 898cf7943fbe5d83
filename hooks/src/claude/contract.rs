//! Claude Code's contract ([`Claude`]) and its runner: a hook program is
//! one function from [`HookInput`] to [`HookOutput`]. [`run`] reads the
//! payload from stdin, validates it, calls the function, validates the
//! answer, prints it and returns the exit code the contract gives;
//! [`run_on`] does the same on bytes, for tests.
//!
//! # Exit codes
//!
//! | what happened | stdout | stderr | exit |
//! |---|---|---|---|
//! | an answer (a decision, context, a block the event reads as JSON) | the JSON | — | 0 |
//! | [`HookOutput::empty`] | — | — | 0 |
//! | a block that only an exit code carries (`TeammateIdle`, `TaskCreated`, `TaskCompleted`) | — | the reason | 2 |
//! | a `WorktreeCreate` answer | the path | — | 0 |
//! | the hook failed: payload too large, not JSON or invalid, handler error or panic, an answer the agent would refuse | — | one sanitized line per problem | 1 |
//! | the same, with [`RunOptions::fail_closed`] | — | `Blocked: …` and the lines | 2 |
//!
//! A block is JSON whenever the event reads one (`permissionDecision:
//! "deny"`, `decision: "block"`): the agent then shows the model the exact
//! reason and any context beside it, and the answer is checked before it is
//! printed. Exit 2 is kept for what JSON cannot say, and for failing closed.
//!
//! A hook that fails is never a block by accident: by default it exits 1,
//! which the agent reports as a hook error and goes ahead. A guard whose
//! failure must stop the action runs with [`RunOptions::fail_closed`]: a
//! failure exits 2, which blocks the events that can be blocked. Failing
//! closed never applies to `Stop`, `SubagentStop`, `TeammateIdle` and
//! `TaskCompleted` (as the SDK's `onFailure: "block"` ignores them): a
//! broken gate there would keep the agent working forever, so it exits 1.

use std::io::Read;
use std::process::ExitCode;

use serde_json::Value;
use toolsmith_runtime::{sanitize_line, sanitize_text};

use super::{
    HookEvent, HookInput, HookOutput, validate_hook_input, validate_hook_output,
    validate_tool_input,
};
use crate::contract::{Answer, Contract, Outcome, check_built_for};
use crate::runner::{self, RunOptions, short};

/// Claude Code's hook contract (and the Claude Agent SDK's): every event's
/// [`HookInput`], answered with a [`HookOutput`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claude;

impl Contract for Claude {
    const NAME: &'static str = "Claude Code";
    type Event = HookEvent;
    type Input = HookInput;
    type Output = HookOutput;

    fn read(payload: &Value) -> Result<(HookEvent, HookInput), Vec<String>> {
        let input = validate_hook_input(payload).map_err(|err| err.lines())?;
        Ok((input.event(), input))
    }

    fn answer(
        event: HookEvent,
        payload: &Value,
        output: HookOutput,
    ) -> Result<Outcome, Vec<String>> {
        check_built_for(output.event(), event, "")?;
        let json = output.to_json();
        validate_hook_output(event, &json).map_err(|err| err.lines())?;
        if let Some(tool_name) = payload.get("tool_name").and_then(Value::as_str) {
            check_updated_input(tool_name, &json)?;
        }
        if let Some(path) = output.worktree_path() {
            check_worktree_path(path)?;
        }
        if let Some(reason) = output.exit_block_reason() {
            if sanitize_text(reason).trim().is_empty() {
                // Exit 2 with nothing on stderr blocks and tells the model nothing.
                return Err(vec![
                    "Invalid hook output: a block with an empty reason; say why, for the model to act on"
                        .to_owned(),
                ]);
            }
            return Ok(Outcome {
                stdout: String::new(),
                stderr: format!("{}\n", sanitize_text(reason)),
                exit_code: 2,
            });
        }
        Ok(match output.worktree_path() {
            Some(path) => Outcome::printed(&sanitize_line(path)),
            None if output.is_empty() => Outcome::printed(""),
            None => Outcome::printed(&output.to_string()),
        })
    }

    fn never_fails_closed(event: HookEvent) -> bool {
        NEVER_FAIL_CLOSED.contains(&event)
    }
}

/// The events where failing closed would block the agent from ever
/// stopping.
const NEVER_FAIL_CLOSED: &[HookEvent] = &[
    HookEvent::Stop,
    HookEvent::SubagentStop,
    HookEvent::TeammateIdle,
    HookEvent::TaskCompleted,
];

/// What a hook function may return: a [`HookOutput`] (or any builder), or
/// a `Result` of one whose error is reported as a failure of the hook.
pub trait HookAnswer: Answer<HookOutput> {}

impl<A: Answer<HookOutput>> HookAnswer for A {}

/// Runs `handler` as a hook process: stdin in, stdout and stderr out;
/// return its value from `main`. Fails open (see the module docs).
///
/// ```no_run
/// use std::process::ExitCode;
/// use toolsmith_hooks::{HookInput, HookOutput};
///
/// fn main() -> ExitCode {
///     toolsmith_hooks::run(|input: HookInput| match input {
///         HookInput::Stop(_) => HookOutput::stop().block("run `cargo test` first").into(),
///         _ => HookOutput::empty(),
///     })
/// }
/// ```
pub fn run<A: HookAnswer>(handler: impl FnOnce(HookInput) -> A) -> ExitCode {
    run_with(RunOptions::default(), handler)
}

/// [`run`] with `options`: `run_with(RunOptions::fail_closed(), guard)`.
pub fn run_with<A: HookAnswer>(
    options: RunOptions,
    handler: impl FnOnce(HookInput) -> A,
) -> ExitCode {
    runner::run::<Claude, A>(options, handler)
}

/// The runner on `stdin`, without a process: reads at most
/// `options`' limit, validates the payload, calls `handler`, validates its
/// answer, and says what to print and how to exit.
pub fn run_on<A: HookAnswer>(
    options: &RunOptions,
    stdin: impl Read,
    handler: impl FnOnce(HookInput) -> A,
) -> Outcome {
    runner::run_on::<Claude, A>(options, stdin, handler)
}

/// A worktree path is printed as one plain line, and the agent uses that
/// line as the path: an empty one, or one the sanitizer would rewrite (a
/// newline, a control character), would name a directory the hook never
/// made.
fn check_worktree_path(path: &str) -> Result<(), Vec<String>> {
    let at = "Invalid hook output at /hookSpecificOutput/worktreePath";
    if path.is_empty() {
        return Err(vec![format!(
            "{at}: empty; give the path of the worktree made"
        )]);
    }
    if sanitize_line(path) != path {
        return Err(vec![format!(
            "{at}: holds a line break, a control character or edge spaces, so it cannot be printed as the one line the agent reads: {}",
            short(&path.escape_default().to_string())
        )]);
    }
    Ok(())
}

/// An `updatedInput` must be an input of the tool called: a `Read` input
/// for a `Bash` call would run nothing the model or the user asked for.
fn check_updated_input(tool_name: &str, output: &Value) -> Result<(), Vec<String>> {
    let specific = &output["hookSpecificOutput"];
    let (at, updated) = match (
        &specific["updatedInput"],
        &specific["decision"]["updatedInput"],
    ) {
        (Value::Null, Value::Null) => return Ok(()),
        (Value::Null, updated) => ("/hookSpecificOutput/decision/updatedInput", updated),
        (updated, _) => ("/hookSpecificOutput/updatedInput", updated),
    };
    validate_tool_input(tool_name, updated)
        .map(drop)
        .map_err(|err| {
            err.lines()
                .iter()
                .map(|line| match line.strip_prefix("Invalid tool input") {
                    Some(rest) => match rest.strip_prefix(" at ") {
                        Some(pointer) => format!("Invalid hook output at {at}{pointer}"),
                        None => format!("Invalid hook output at {at}{rest}"),
                    },
                    None => line.clone(),
                })
                .collect()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMON: &str = r#""session_id":"s1","transcript_path":"/t.jsonl","cwd":"/w""#;

    fn payload(event: &str, fields: &str) -> String {
        format!(r#"{{{COMMON},"hook_event_name":"{event}"{fields}}}"#)
    }

    fn pre_tool_use() -> String {
        payload(
            "PreToolUse",
            r#","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"tool_use_id":"tu1""#,
        )
    }

    fn stop() -> String {
        payload("Stop", r#","stop_hook_active":false"#)
    }

    fn outcome(stdout: &str, stderr: &str, exit_code: u8) -> Outcome {
        Outcome {
            stdout: stdout.to_owned(),
            stderr: stderr.to_owned(),
            exit_code,
        }
    }

    fn deny(_: HookInput) -> HookOutput {
        HookOutput::pre_tool_use().deny("no").into()
    }

    #[test]
    fn an_answer_is_printed_as_json_with_exit_0() {
        let got = run_on(&RunOptions::default(), pre_tool_use().as_bytes(), deny);
        let json = r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}"#;
        assert_eq!(got, outcome(&format!("{json}\n"), "", 0));
    }

    #[test]
    fn an_empty_answer_prints_nothing() {
        let got = run_on(&RunOptions::fail_closed(), stop().as_bytes(), |_| {
            HookOutput::empty()
        });
        assert_eq!(got, outcome("", "", 0));
    }

    #[test]
    fn a_block_only_an_exit_code_carries_exits_2() {
        let input = payload("TaskCompleted", r#","task_id":"7","task_subject":"ship""#);
        let got = run_on(&RunOptions::default(), input.as_bytes(), |_| {
            HookOutput::task_completed().block("the changelog has no entry for this task")
        });
        assert_eq!(
            got,
            outcome("", "the changelog has no entry for this task\n", 2)
        );
    }

    #[test]
    fn an_exit_code_block_without_a_reason_is_refused() {
        let input = payload("TaskCompleted", r#","task_id":"7","task_subject":"ship""#);
        for reason in ["", " \n ", "\u{1b}[31m"] {
            let got = run_on(&RunOptions::default(), input.as_bytes(), |_| {
                HookOutput::task_completed().block(reason)
            });
            assert_eq!(
                got,
                outcome(
                    "",
                    "Invalid hook output: a block with an empty reason; say why, for the model to act on\n",
                    1
                ),
                "{reason:?}"
            );
        }
    }

    #[test]
    fn a_worktree_path_is_a_plain_line() {
        let input = payload("WorktreeCreate", r#","name":"fix""#);
        let got = run_on(&RunOptions::default(), input.as_bytes(), |_| {
            HookOutput::worktree_create("/w/trees/fix")
        });
        assert_eq!(got, outcome("/w/trees/fix\n", "", 0));
    }

    #[test]
    fn a_worktree_path_that_is_not_one_plain_line_is_refused() {
        let input = payload("WorktreeCreate", r#","name":"fix""#);
        let got = run_on(&RunOptions::default(), input.as_bytes(), |_| {
            HookOutput::worktree_create("/w/a\n/w/b")
        });
        assert_eq!(
            got,
            outcome(
                "",
                "Invalid hook output at /hookSpecificOutput/worktreePath: holds a line break, a control character or edge spaces, so it cannot be printed as the one line the agent reads: /w/a\\n/w/b\n",
                1
            )
        );
        let got = run_on(&RunOptions::default(), input.as_bytes(), |_| {
            HookOutput::worktree_create("")
        });
        assert_eq!(
            got,
            outcome(
                "",
                "Invalid hook output at /hookSpecificOutput/worktreePath: empty; give the path of the worktree made\n",
                1
            )
        );
    }

    #[test]
    fn a_payload_over_the_limit_is_refused_unread() {
        let options = RunOptions::default().max_input_bytes(10);
        let got = run_on(&options, stop().as_bytes(), |_| -> HookOutput {
            unreachable!()
        });
        assert_eq!(
            got,
            outcome(
                "",
                "Invalid hook input: larger than the limit of 10 bytes\n",
                1
            )
        );
        // Exactly at the limit is read.
        let options = RunOptions::default().max_input_bytes(stop().len());
        assert_eq!(
            run_on(&options, stop().as_bytes(), |_| HookOutput::empty()).exit_code,
            0
        );
    }

    #[test]
    fn text_that_is_not_json_fails_open_by_default() {
        let got = run_on(&RunOptions::default(), &b"nope"[..], |_| {
            HookOutput::empty()
        });
        assert_eq!(
            got,
            outcome(
                "",
                "Invalid hook input: not valid JSON: expected true, false or null at line 1 column 2\n",
                1
            )
        );
    }

    #[test]
    fn a_guard_fails_closed_with_exit_2() {
        let got = run_on(&RunOptions::fail_closed(), &b"nope"[..], |_| {
            HookOutput::empty()
        });
        assert_eq!(
            got,
            outcome(
                "",
                "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\nInvalid hook input: not valid JSON: expected true, false or null at line 1 column 2\n",
                2
            )
        );
    }

    #[test]
    fn failing_closed_never_keeps_the_agent_from_stopping() {
        let got = run_on(&RunOptions::fail_closed(), stop().as_bytes(), |_| {
            Err::<HookOutput, _>("cannot run `cargo test`")
        });
        assert_eq!(
            got,
            outcome("", "Hook handler failed: cannot run `cargo test`\n", 1)
        );
    }

    #[test]
    fn a_handler_error_is_one_sanitized_line() {
        let got = run_on(&RunOptions::default(), pre_tool_use().as_bytes(), |_| {
            Err::<HookOutput, _>("disk\nfull \u{1b}[31mred")
        });
        assert_eq!(got, outcome("", "Hook handler failed: disk full red\n", 1));
    }

    #[test]
    fn a_panic_is_a_failure_not_a_block() {
        let got = run_on(
            &RunOptions::default(),
            pre_tool_use().as_bytes(),
            |_| -> HookOutput { panic!("index out of bounds") },
        );
        assert_eq!(
            got,
            outcome("", "Hook handler panicked: index out of bounds\n", 1)
        );
        let got = run_on(
            &RunOptions::fail_closed(),
            pre_tool_use().as_bytes(),
            |_| -> HookOutput { panic!("index out of bounds") },
        );
        assert_eq!(got.exit_code, 2);
    }

    #[test]
    fn an_answer_for_another_event_is_refused() {
        let got = run_on(&RunOptions::default(), stop().as_bytes(), deny);
        assert_eq!(
            got,
            outcome(
                "",
                "Invalid hook output: built for \"PreToolUse\", but the input is \"Stop\"; answer with the builder of \"Stop\"\n",
                1
            )
        );
    }

    #[test]
    fn an_updated_input_must_fit_the_tool_called() {
        let read =
            validate_tool_input("Read", &serde_json::json!({ "file_path": "/etc/hosts" })).unwrap();
        let got = run_on(&RunOptions::default(), pre_tool_use().as_bytes(), |_| {
            HookOutput::pre_tool_use().allow().updated_input(read)
        });
        assert_eq!(
            got,
            outcome(
                "",
                "Invalid hook output at /hookSpecificOutput/updatedInput: missing required property \"command\"\n",
                1
            )
        );
        let bash = validate_tool_input("Bash", &serde_json::json!({ "command": "ls" })).unwrap();
        let got = run_on(&RunOptions::default(), pre_tool_use().as_bytes(), |_| {
            HookOutput::pre_tool_use()
                .allow()
                .updated_input(bash.clone())
        });
        assert_eq!(got.exit_code, 0, "{got:?}");
    }

    #[test]
    fn a_permission_grant_rewrites_only_to_an_input_of_the_tool_called() {
        let input = payload(
            "PermissionRequest",
            r#","tool_name":"Bash","tool_input":{"command":"rm -rf build"}"#,
        );
        let read =
            validate_tool_input("Read", &serde_json::json!({ "file_path": "/etc/hosts" })).unwrap();
        let got = run_on(&RunOptions::default(), input.as_bytes(), |_| {
            HookOutput::permission_request().allow().updated_input(read)
        });
        assert_eq!(
            got,
            outcome(
                "",
                "Invalid hook output at /hookSpecificOutput/decision/updatedInput: missing required property \"command\"\n",
                1
            )
        );
    }
}
