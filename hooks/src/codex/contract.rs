//! Codex's contract ([`Codex`]) and its runner: [`run`] reads the payload
//! from stdin, checks it against Codex's contract, calls the function,
//! checks its answer and prints it, with the exit codes and failure lines
//! of [`crate::runner`]. A failure exits 1 (Codex reports it and goes
//! ahead); with [`RunOptions::fail_closed`] it exits 2, which blocks,
//! except on `Stop` and `SubagentStop`, where exit 2 would keep the agent
//! working.

use std::io::Read;
use std::process::ExitCode;

use serde_json::Value;
use toolsmith_runtime::sanitize_text;

use super::{CodexEvent, CodexHookInput, CodexOutput, validate_codex_hook_input};
use crate::contract::{Answer, Contract, Outcome, check_built_for};
use crate::runner::{self, RunOptions};

/// The Codex CLI's hook contract: every event's [`CodexHookInput`],
/// answered with a [`CodexOutput`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Codex;

impl Contract for Codex {
    const NAME: &'static str = "Codex";
    type Event = CodexEvent;
    type Input = CodexHookInput;
    type Output = CodexOutput;

    fn read(payload: &Value) -> Result<(CodexEvent, CodexHookInput), Vec<String>> {
        let input = validate_codex_hook_input(payload).map_err(|err| err.lines())?;
        Ok((input.event(), input))
    }

    fn answer(event: CodexEvent, _: &Value, output: CodexOutput) -> Result<Outcome, Vec<String>> {
        check_built_for(output.event(), event, "")?;
        if output
            .reasons()
            .iter()
            .any(|reason| sanitize_text(reason).trim().is_empty())
        {
            // Codex refuses a block or a denial without a reason.
            return Err(vec![
                "Invalid hook output: a block with an empty reason; say why, for the model to act on"
                    .to_owned(),
            ]);
        }
        Ok(output.printed())
    }

    fn never_fails_closed(event: CodexEvent) -> bool {
        matches!(event, CodexEvent::Stop | CodexEvent::SubagentStop)
    }
}

/// What a Codex hook function may return: a [`CodexOutput`] (or a
/// builder), or a `Result` of one whose error is a failure of the hook.
pub trait CodexAnswer: Answer<CodexOutput> {}

impl<A: Answer<CodexOutput>> CodexAnswer for A {}

/// Runs `handler` as a Codex hook process; return its value from `main`.
/// Fails open.
pub fn run<A: CodexAnswer>(handler: impl FnOnce(CodexHookInput) -> A) -> ExitCode {
    run_with(RunOptions::default(), handler)
}

/// [`run`] with `options`.
pub fn run_with<A: CodexAnswer>(
    options: RunOptions,
    handler: impl FnOnce(CodexHookInput) -> A,
) -> ExitCode {
    runner::run::<Codex, A>(options, handler)
}

/// The Codex runner on `stdin`, without a process.
pub fn run_on<A: CodexAnswer>(
    options: &RunOptions,
    stdin: impl Read,
    handler: impl FnOnce(CodexHookInput) -> A,
) -> Outcome {
    runner::run_on::<Codex, A>(options, stdin, handler)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bash(command: &str) -> String {
        serde_json::json!({
            "session_id": "s", "transcript_path": null, "cwd": "/w",
            "hook_event_name": "PreToolUse", "model": "gpt-5", "permission_mode": "default",
            "turn_id": "t1", "tool_name": "Bash", "tool_input": { "command": command },
            "tool_use_id": "call_1"
        })
        .to_string()
    }

    #[test]
    fn a_denial_prints_with_exit_0() {
        let got = run_on(&RunOptions::default(), bash("rm -rf /").as_bytes(), |_| {
            CodexOutput::pre_tool_use().deny("no")
        });
        assert_eq!(got.exit_code, 0);
        assert_eq!(
            got.stdout,
            "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"no\"}}\n"
        );
    }

    #[test]
    fn an_empty_reason_and_another_events_answer_are_refused() {
        let got = run_on(&RunOptions::fail_closed(), bash("ls").as_bytes(), |_| {
            CodexOutput::pre_tool_use().deny(" ")
        });
        assert_eq!(
            (got.stderr.as_str(), got.exit_code),
            (
                "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\nInvalid hook output: a block with an empty reason; say why, for the model to act on\n",
                2
            )
        );
        let got = run_on(&RunOptions::default(), bash("ls").as_bytes(), |_| {
            CodexOutput::stop().block("go on")
        });
        assert_eq!(
            (got.stderr.as_str(), got.exit_code),
            (
                "Invalid hook output: built for \"Stop\", but the input is \"PreToolUse\"; answer with the builder of \"PreToolUse\"\n",
                1
            )
        );
    }

    #[test]
    fn failing_closed_never_keeps_codex_from_stopping() {
        let stop = serde_json::json!({
            "session_id": "s", "transcript_path": "/t", "cwd": "/w", "hook_event_name": "Stop",
            "model": "gpt-5", "permission_mode": "default", "turn_id": "t1",
            "stop_hook_active": false, "last_assistant_message": null
        })
        .to_string();
        let got = run_on(&RunOptions::fail_closed(), stop.as_bytes(), |_| {
            Err::<CodexOutput, _>("cannot run the tests")
        });
        assert_eq!(
            (got.stderr.as_str(), got.exit_code),
            ("Hook handler failed: cannot run the tests\n", 1)
        );
    }
}
