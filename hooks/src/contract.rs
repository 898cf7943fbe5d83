//! [`Contract`]: what one agent's hook contract gives the runner (how a
//! payload is read, how an answer is checked and printed, which events
//! must never fail closed), and [`Answer`]: what a hook function may
//! return. Claude Code, Codex and Gemini CLI are one implementation each
//! ([`Claude`](crate::claude::Claude), [`Codex`](crate::codex::Codex),
//! [`Gemini`](crate::gemini::Gemini)); [`runner`](crate::runner) runs any
//! of them. Beside them: [`Outcome`], what the hook process prints and
//! how it exits.

use std::fmt::Display;

use serde_json::Value;

/// One agent's hook contract, as the runner uses it: read the payload into
/// the typed input, check the hook's answer and say what the process
/// prints. The runner does the rest the same way for every agent (the
/// bounded read, the JSON, the handler's failures and panics, the exit
/// codes of a failure).
pub trait Contract {
    /// The agent's name in a line: `Codex`, `Gemini CLI`.
    const NAME: &'static str;
    /// The agent's events, as `hook_event_name` names them.
    type Event: ContractEvent;
    /// The typed input a hook function takes.
    type Input;
    /// The answer a hook function gives.
    type Output;

    /// `payload` checked against the contract and typed, with the event
    /// it answers; one line per problem.
    fn read(payload: &Value) -> Result<(Self::Event, Self::Input), Vec<String>>;

    /// `output` checked as the answer to `event` (of `payload`), and what
    /// the process prints for it; one line per problem.
    fn answer(
        event: Self::Event,
        payload: &Value,
        output: Self::Output,
    ) -> Result<Outcome, Vec<String>>;

    /// Whether a failure on `event` exits 1 even when the hook fails
    /// closed: exit 2 there would keep the agent from ever stopping.
    fn never_fails_closed(event: Self::Event) -> bool;
}

/// What a hook process prints and how it exits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Standard output: the answer and a newline, or nothing.
    pub stdout: String,
    /// Standard error: the reason of an exit-code block, or the lines of a
    /// failure.
    pub stderr: String,
    /// 0, 1 (the hook failed; the action goes ahead) or 2 (blocked).
    pub exit_code: u8,
}

impl Outcome {
    /// `stdout` printed, nothing on stderr, exit 0; an empty `stdout`
    /// prints nothing.
    pub(crate) fn printed(stdout: &str) -> Outcome {
        Outcome {
            stdout: if stdout.is_empty() {
                String::new()
            } else {
                format!("{stdout}\n")
            },
            stderr: String::new(),
            exit_code: 0,
        }
    }
}

/// One event of an agent's contract.
pub trait ContractEvent: Copy + PartialEq + Display {
    /// The event named `name` exactly, as the agent sends it.
    fn named(name: &str) -> Option<Self>;
}

/// What a hook function may return for an answer of type `O`: the answer
/// (or one of its builders), or a `Result` of one whose error is reported
/// as a failure of the hook.
pub trait Answer<O> {
    /// The answer, or the failure's message.
    fn into_answer(self) -> Result<O, String>;
}

impl<O, T: Into<O>, E: Display> Answer<O> for Result<T, E> {
    fn into_answer(self) -> Result<O, String> {
        self.map(Into::into).map_err(|err| err.to_string())
    }
}

/// `Answer<$output>` for each of the types given: the answer itself and
/// its builders.
macro_rules! plain_answers {
    ($output:ty: $($ty:ty),* $(,)?) => {
        $(impl $crate::contract::Answer<$output> for $ty {
            fn into_answer(self) -> ::core::result::Result<$output, ::std::string::String> {
                ::core::result::Result::Ok(self.into())
            }
        })*
    };
}

pub(crate) use plain_answers;

/// The line for an answer built for another event than the one answered,
/// when there is one; `sent_as` says how the agent named the event
/// answered, when the handler saw it under another name
/// (` (Gemini CLI's "BeforeTool")`).
pub(crate) fn check_built_for<E: PartialEq + Display>(
    built_for: Option<E>,
    answered: E,
    sent_as: &str,
) -> Result<(), Vec<String>> {
    match built_for {
        Some(built_for) if built_for != answered => Err(vec![format!(
            "Invalid hook output: built for \"{built_for}\", but the input is \"{answered}\"{sent_as}; answer with the builder of \"{answered}\""
        )]),
        _ => Ok(()),
    }
}
