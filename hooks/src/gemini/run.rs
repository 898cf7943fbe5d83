//! The runner for Gemini CLI: [`run`] reads the payload from stdin, checks
//! it against Gemini CLI's contract, calls the function, checks its answer
//! and prints it, with the exit codes and failure lines of
//! [`crate::run`]. A failure exits 1 (Gemini CLI shows it as a warning and
//! goes ahead); with [`RunOptions::fail_closed`] it exits 2, which Gemini
//! CLI reads as a denial with the lines as its reason, except on
//! `AfterAgent`, where a denial would keep the agent working.

use std::io::Read;
use std::process::ExitCode;

use super::{GeminiEvent, GeminiHookInput, GeminiOutput, validate_gemini_hook_input};
use crate::run::{
    built_for_another, event_name, failure, guarded, parse_payload, read_bounded, run_process,
};
use crate::{Outcome, RunOptions};

/// What a Gemini CLI hook function may return: a [`GeminiOutput`] (or a
/// builder), or a `Result` of one whose error is a failure of the hook.
pub trait GeminiAnswer {
    /// The answer, or the failure's message.
    fn into_answer(self) -> Result<GeminiOutput, String>;
}

impl<T: Into<GeminiOutput>, E: std::fmt::Display> GeminiAnswer for Result<T, E> {
    fn into_answer(self) -> Result<GeminiOutput, String> {
        self.map(Into::into).map_err(|err| err.to_string())
    }
}

macro_rules! plain_answers {
    ($($ty:ty,)*) => {
        $(impl GeminiAnswer for $ty {
            fn into_answer(self) -> Result<GeminiOutput, String> {
                Ok(self.into())
            }
        })*
    };
}

plain_answers! {
    GeminiOutput,
    super::GeminiBeforeToolOutput,
    super::GeminiAfterToolOutput,
    super::GeminiBeforeAgentOutput,
    super::GeminiNotificationOutput,
    super::GeminiAfterAgentOutput,
    super::GeminiSessionStartOutput,
    super::GeminiSessionEndOutput,
    super::GeminiPreCompressOutput,
    super::GeminiBeforeModelOutput,
    super::GeminiAfterModelOutput,
    super::GeminiBeforeToolSelectionOutput,
}

/// Runs `handler` as a Gemini CLI hook process; return its value from
/// `main`. Fails open.
///
/// ```no_run
/// use std::process::ExitCode;
/// use toolsmith_hooks::gemini::{GeminiHookInput, GeminiOutput};
///
/// fn main() -> ExitCode {
///     toolsmith_hooks::gemini::run(|input| match input {
///         GeminiHookInput::AfterTool(_) => {
///             GeminiOutput::after_tool().additional_context("the build directory is ./out").into()
///         }
///         _ => GeminiOutput::empty(),
///     })
/// }
/// ```
pub fn run<A: GeminiAnswer>(handler: impl FnOnce(GeminiHookInput) -> A) -> ExitCode {
    run_with(RunOptions::default(), handler)
}

/// [`run`] with `options`.
pub fn run_with<A: GeminiAnswer>(
    options: RunOptions,
    handler: impl FnOnce(GeminiHookInput) -> A,
) -> ExitCode {
    run_process(|stdin| run_on(&options, stdin, handler))
}

/// The Gemini CLI runner on `stdin`, without a process.
pub fn run_on<A: GeminiAnswer>(
    options: &RunOptions,
    stdin: impl Read,
    handler: impl FnOnce(GeminiHookInput) -> A,
) -> Outcome {
    let mut event = None;
    match answer(options, stdin, &mut event, handler) {
        Ok(output) => printed(&output),
        Err(lines) => failed(options, event, &lines),
    }
}

/// What an answer prints: its JSON, or nothing; exit 0.
pub(crate) fn printed(output: &GeminiOutput) -> Outcome {
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

/// What a failed Gemini CLI hook prints: failing closed never applies to
/// `AfterAgent`.
pub(crate) fn failed(
    options: &RunOptions,
    event: Option<GeminiEvent>,
    lines: &[String],
) -> Outcome {
    failure(options, event == Some(GeminiEvent::AfterAgent), lines)
}

fn answer<A: GeminiAnswer>(
    options: &RunOptions,
    stdin: impl Read,
    event: &mut Option<GeminiEvent>,
    handler: impl FnOnce(GeminiHookInput) -> A,
) -> Result<GeminiOutput, Vec<String>> {
    let bytes = read_bounded(stdin, options.max_input_bytes_limit()).map_err(|err| err.lines())?;
    let value = parse_payload(&bytes)?;
    *event = event_name(&value).and_then(GeminiEvent::from_name);
    let input = validate_gemini_hook_input(&value).map_err(|err| err.lines())?;
    let answered = input.event();
    let output = guarded(|| handler(input).into_answer())?;
    match output.event() {
        Some(built_for) if built_for != answered => {
            Err(built_for_another(built_for.as_str(), answered.as_str()))
        }
        _ => Ok(output),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(command: &str) -> String {
        serde_json::json!({
            "session_id": "s", "transcript_path": "/t.json", "cwd": "/w",
            "hook_event_name": "BeforeTool", "timestamp": "2026-12-02T00:00:00.000Z",
            "tool_name": "run_shell_command", "tool_input": { "command": command }
        })
        .to_string()
    }

    #[test]
    fn a_denial_prints_with_exit_0_and_another_events_answer_is_refused() {
        let got = run_on(&RunOptions::default(), shell("rm -rf /").as_bytes(), |_| {
            GeminiOutput::before_tool().deny("no")
        });
        assert_eq!(
            (got.stdout.as_str(), got.exit_code),
            ("{\"decision\":\"deny\",\"reason\":\"no\"}\n", 0)
        );
        let got = run_on(&RunOptions::fail_closed(), shell("ls").as_bytes(), |_| {
            GeminiOutput::after_agent().block("go on")
        });
        assert_eq!(
            (got.stderr.as_str(), got.exit_code),
            (
                "Blocked: a hook that guards this action failed, so the action is refused; tell the user, with the problem below\nInvalid hook output: built for \"AfterAgent\", but the input is \"BeforeTool\"; answer with the builder of \"BeforeTool\"\n",
                2
            )
        );
    }

    #[test]
    fn failing_closed_never_keeps_gemini_working() {
        let after_agent = serde_json::json!({
            "session_id": "s", "transcript_path": "/t.json", "cwd": "/w",
            "hook_event_name": "AfterAgent", "timestamp": "t",
            "prompt": "p", "prompt_response": "r", "stop_hook_active": false
        })
        .to_string();
        let got = run_on(&RunOptions::fail_closed(), after_agent.as_bytes(), |_| {
            Err::<GeminiOutput, _>("cannot run the tests")
        });
        assert_eq!(
            (got.stderr.as_str(), got.exit_code),
            ("Hook handler failed: cannot run the tests\n", 1)
        );
    }
}
