//! Agent hooks: the payload a coding agent sends a hook program, typed and
//! validated, and the answers it accepts. The `toolsmith` crate re-exports
//! this crate as `toolsmith_hooks` (feature `hooks`); a hook program can
//! depend on it alone, without the `#[tool]` macros.
//!
//! The contract is the one of the official Claude Agent SDK
//! (`@anthropic-ai/claude-agent-sdk` 0.3.333): its 34 events, their inputs,
//! the built-in tools' inputs and each event's output, in [`claude`] and
//! re-exported here. A test compares these types with the SDK's own
//! declarations, so a new SDK release says exactly what moved. The Codex
//! CLI's contract is in [`codex`], compared with the schemas of its pinned
//! release; the Gemini CLI's events, inputs and answers are in [`gemini`],
//! compared with its pinned declarations. The errors, the runner's exit codes and the content guards are
//! shared by every agent's contract, and [`run_any`] runs one hook
//! program for all of them, answering each in its own shape.

pub mod agent;
pub mod claude;
pub mod codex;
mod compiled;
mod error;
pub mod gemini;
mod input_check;
mod run;

/// The content guards (bash, secrets, paths, file syntax), from
/// `toolsmith-guards`.
pub use toolsmith_guards as guards;

pub use agent::{Agent, run_any, run_any_on, run_any_with};
pub use claude::*;
pub use error::{HookError, HookErrorCode};
pub use run::{HookAnswer, Outcome, RunOptions, run, run_on, run_with};

/// The runner's options, under their former name.
#[deprecated(since = "0.1.1", note = "renamed to `RunOptions`")]
pub type Options = RunOptions;
