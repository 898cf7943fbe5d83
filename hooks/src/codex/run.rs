//! The runner for Codex: [`run`] reads the payload from stdin, checks it
//! against Codex's contract, calls the function, checks its answer and
//! prints it, with the exit codes and failure lines of
//! [`crate::run`]. A failure exits 1 (Codex reports it and goes ahead);
//! with [`RunOptions::fail_closed`] it exits 2, which blocks, except on
//! `Stop` and `SubagentStop`, where exit 2 would keep the agent working.

use std::io::Read;
use std::process::ExitCode;

use toolsmith_runtime::sanitize_text;

use super::{CodexEvent, CodexHookInput, CodexOutput, validate_codex_hook_input};
use crate::run::{
    built_for_another, event_name, failure, guarded, parse_payload, read_bounded, run_process,
};
use crate::{Outcome, RunOptions};

/// What a Codex hook function may return: a [`CodexOutput`] (or a
/// builder), or a `Result` of one whose error is a failure of the hook.
pub trait CodexAnswer {
    /// The answer, or the failure's message.
    fn into_answer(self) -> Result<CodexOutput, String>;
}

impl<T: Into<CodexOutput>, E: std::fmt::Display> CodexAnswer for Result<T, E> {
    fn into_answer(self) -> Result<CodexOutput, String> {
        self.map(Into::into).map_err(|err| err.to_string())
    }
}

macro_rules! plain_answers {
    ($($ty:ty,)*) => {
        $(impl CodexAnswer for $ty {
            fn into_answer(self) -> Result<CodexOutput, String> {
                Ok(self.into())
            }
        })*
    };
}

plain_answers! {
    CodexOutput,
    super::CodexPreToolUseOutput,
    super::CodexPermissionRequestOutput,
    super::CodexPostToolUseOutput,
    super::CodexUserPromptSubmitOutput,
    super::CodexSessionStartOutput,
    super::CodexSubagentStartOutput,
    super::CodexStopOutput,
    super::CodexSubagentStopOutput,
    super::CodexPreCompactOutput,
    super::CodexPostCompactOutput,
    super::CodexInterruptOutput,
}

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
    run_process(|stdin| run_on(&options, stdin, handler))
}

/// The Codex runner on `stdin`, without a process.
pub fn run_on<A: CodexAnswer>(
    options: &RunOptions,
    stdin: impl Read,
    handler: impl FnOnce(CodexHookInput) -> A,
) -> Outcome {
    let mut event = None;
    match answer(options, stdin, &mut event, handler) {
        Ok(output) => printed(&output),
        Err(lines) => failed(options, event, &lines),
    }
}

/// What an answer Codex honours prints: its JSON, or nothing; exit 0.
pub(crate) fn printed(output: &CodexOutput) -> Outcome {
    Outcome {
        stdout: if output.is_empty() {
            String::new()
        } else {
            format!("{output}\n")
        },
        stderr: String::new(),
        exit_code: 0,
    }
}

/// What a failed Codex hook prints: failing closed never applies to
/// `Stop` and `SubagentStop`.
pub(crate) fn failed(options: &RunOptions, event: Option<CodexEvent>, lines: &[String]) -> Outcome {
    failure(
        options,
        matches!(event, Some(CodexEvent::Stop | CodexEvent::SubagentStop)),
        lines,
    )
}

fn answer<A: CodexAnswer>(
    options: &RunOptions,
    stdin: impl Read,
    event: &mut Option<CodexEvent>,
    handler: impl FnOnce(CodexHookInput) -> A,
) -> Result<CodexOutput, Vec<String>> {
    let bytes = read_bounded(stdin, options.max_input_bytes_limit()).map_err(|err| err.lines())?;
    let value = parse_payload(&bytes)?;
    *event = event_name(&value).and_then(CodexEvent::from_name);
    let input = validate_codex_hook_input(&value).map_err(|err| err.lines())?;
    let answered = input.event();
    let output = guarded(|| handler(input).into_answer())?;
    checked(answered, output)
}

/// `output` if Codex would take it as the answer to `answered`: built for
/// that event, with no empty reason.
pub(crate) fn checked(
    answered: CodexEvent,
    output: CodexOutput,
) -> Result<CodexOutput, Vec<String>> {
    if let Some(built_for) = output.event()
        && built_for != answered
    {
        return Err(built_for_another(built_for.as_str(), answered.as_str()));
    }
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
    Ok(output)
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
