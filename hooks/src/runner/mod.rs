//! The runner every agent's hooks share: a hook program is one function
//! from the typed input to an answer. [`run`] reads the payload from
//! stdin, has the agent's [`Contract`] check and type it, calls the
//! function, has the contract check its answer, prints it and returns the
//! exit code; [`run_on`] does the same on bytes, for tests.
//!
//! # Exit codes
//!
//! | what happened | stdout | stderr | exit |
//! |---|---|---|---|
//! | an answer the contract takes | what the contract prints (the JSON, or a path) | — | 0 |
//! | an empty answer | — | — | 0 |
//! | a block only an exit code carries (Claude's `TeammateIdle`, `TaskCreated`, `TaskCompleted`) | — | the reason | 2 |
//! | the hook failed: payload too large, not JSON or invalid, handler error or panic, an answer the agent would refuse | — | one sanitized line per problem | 1 |
//! | the same, with [`RunOptions::fail_closed`] | — | `Blocked: …` and the lines | 2 |
//!
//! A hook that fails is never a block by accident: by default it exits 1,
//! which the agent reports as a hook error and goes ahead. A guard whose
//! failure must stop the action runs with [`RunOptions::fail_closed`]: a
//! failure exits 2, which blocks the events that can be blocked. Failing
//! closed never applies where exit 2 would keep the agent working for
//! ever ([`Contract::never_fails_closed`]: Claude's `Stop`,
//! `SubagentStop`, `TeammateIdle` and `TaskCompleted`, Codex's `Stop` and
//! `SubagentStop`, Gemini CLI's `AfterAgent`): a failure there exits 1.

mod steps;

use std::io::Read;
use std::process::ExitCode;

pub use crate::contract::Outcome;
use crate::contract::{Answer, Contract, ContractEvent};
use crate::input::PAYLOAD_LIMITS;

pub(crate) use steps::{event_name, failure, guarded, read_bounded, run_process, short};

/// How the runner treats a failure, and how much it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunOptions {
    fail_closed: bool,
    max_input_bytes: usize,
}

impl RunOptions {
    /// The payload read by default, at most: the 32 MiB of
    /// [`HookInput::LIMITS`](crate::claude::HookInput::LIMITS) (a tool's
    /// response can be large).
    pub const DEFAULT_MAX_INPUT_BYTES: usize = PAYLOAD_LIMITS.max_bytes;

    /// A failure blocks (exit 2) instead of letting the action go ahead
    /// (exit 1): for guards.
    pub fn fail_closed() -> RunOptions {
        RunOptions {
            fail_closed: true,
            ..RunOptions::default()
        }
    }

    /// Reads at most `bytes` of payload; a larger one is a failure.
    pub fn max_input_bytes(mut self, bytes: usize) -> RunOptions {
        self.max_input_bytes = bytes;
        self
    }

    /// The most payload read.
    pub(crate) fn max_input_bytes_limit(&self) -> usize {
        self.max_input_bytes
    }

    /// Whether a failure blocks.
    pub fn is_fail_closed(&self) -> bool {
        self.fail_closed
    }
}

impl Default for RunOptions {
    /// Fail open (exit 1 on a failure), 32 MiB of payload.
    fn default() -> Self {
        RunOptions {
            fail_closed: false,
            max_input_bytes: RunOptions::DEFAULT_MAX_INPUT_BYTES,
        }
    }
}

/// Runs `handler` as a hook process of `C`'s agent, with `options`: stdin
/// in, stdout and stderr out; return its value from `main`.
///
/// ```no_run
/// use std::process::ExitCode;
/// use toolsmith_hooks::RunOptions;
/// use toolsmith_hooks::codex::{Codex, CodexHookInput, CodexOutput};
///
/// fn main() -> ExitCode {
///     toolsmith_hooks::runner::run::<Codex, _>(RunOptions::fail_closed(), |input| match input {
///         CodexHookInput::Stop(_) => CodexOutput::stop().block("run the tests first").into(),
///         _ => CodexOutput::empty(),
///     })
/// }
/// ```
pub fn run<C: Contract, A: Answer<C::Output>>(
    options: RunOptions,
    handler: impl FnOnce(C::Input) -> A,
) -> ExitCode {
    run_process(|stdin| run_on::<C, A>(&options, stdin, handler))
}

/// The runner on `stdin`, without a process: reads at most `options`'
/// limit, has `C` check the payload, calls `handler`, has `C` check its
/// answer, and says what to print and how to exit.
pub fn run_on<C: Contract, A: Answer<C::Output>>(
    options: &RunOptions,
    stdin: impl Read,
    handler: impl FnOnce(C::Input) -> A,
) -> Outcome {
    match read_bounded(stdin, options.max_input_bytes) {
        Ok(bytes) => run_on_bytes::<C, A>(options, &bytes, handler),
        Err(err) => failure(options, false, &err.lines()),
    }
}

/// The runner on a payload already read.
pub(crate) fn run_on_bytes<C: Contract, A: Answer<C::Output>>(
    options: &RunOptions,
    bytes: &[u8],
    handler: impl FnOnce(C::Input) -> A,
) -> Outcome {
    let mut event = None;
    let result = steps::parse_payload(bytes).and_then(|payload| {
        event = event_name(&payload).and_then(C::Event::named);
        let (answered, input) = C::read(&payload)?;
        let output = guarded(|| handler(input).into_answer())?;
        C::answer(answered, &payload, output)
    });
    match result {
        Ok(outcome) => outcome,
        Err(lines) => failure(options, event.is_some_and(C::never_fails_closed), &lines),
    }
}
