//! Gemini CLI's contract ([`Gemini`]) and its runner: [`run`] reads the
//! payload from stdin, checks it against Gemini CLI's contract, calls the
//! function, checks its answer and prints it, with the exit codes and
//! failure lines of [`crate::runner`]. A failure exits 1 (Gemini CLI shows
//! it as a warning and goes ahead); with [`RunOptions::fail_closed`] it
//! exits 2, which Gemini CLI reads as a denial with the lines as its
//! reason, except on `AfterAgent`, where a denial would keep the agent
//! working.

use std::io::Read;
use std::process::ExitCode;

use serde_json::Value;

use super::{GeminiEvent, GeminiHookInput, GeminiOutput, validate_gemini_hook_input};
use crate::contract::{Answer, Contract, Outcome, check_built_for};
use crate::runner::{self, RunOptions};

/// The Gemini CLI's hook contract: every event's [`GeminiHookInput`],
/// answered with a [`GeminiOutput`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gemini;

impl Contract for Gemini {
    const NAME: &'static str = "Gemini CLI";
    type Event = GeminiEvent;
    type Input = GeminiHookInput;
    type Output = GeminiOutput;

    fn read(payload: &Value) -> Result<(GeminiEvent, GeminiHookInput), Vec<String>> {
        let input = validate_gemini_hook_input(payload).map_err(|err| err.lines())?;
        Ok((input.event(), input))
    }

    fn answer(event: GeminiEvent, _: &Value, output: GeminiOutput) -> Result<Outcome, Vec<String>> {
        check_built_for(output.event(), event, "")?;
        Ok(output.printed())
    }

    fn never_fails_closed(event: GeminiEvent) -> bool {
        event == GeminiEvent::AfterAgent
    }
}

/// What a Gemini CLI hook function may return: a [`GeminiOutput`] (or a
/// builder), or a `Result` of one whose error is a failure of the hook.
pub trait GeminiAnswer: Answer<GeminiOutput> {}

impl<A: Answer<GeminiOutput>> GeminiAnswer for A {}

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
    runner::run::<Gemini, A>(options, handler)
}

/// The Gemini CLI runner on `stdin`, without a process.
pub fn run_on<A: GeminiAnswer>(
    options: &RunOptions,
    stdin: impl Read,
    handler: impl FnOnce(GeminiHookInput) -> A,
) -> Outcome {
    runner::run_on::<Gemini, A>(options, stdin, handler)
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
