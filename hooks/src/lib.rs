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
//! compared with its pinned declarations.
//!
//! Each agent's contract is one implementation of [`Contract`], and one
//! [`runner`] runs them all, with the same exit codes and failure lines;
//! the errors, the settings lint's report and the content guards are
//! shared by every agent too. [`run_any`] runs one hook program, written
//! against Claude's types, for every agent, answering each in its own
//! shape.

pub mod agent;
pub mod claude;
pub mod codex;
mod compiled;
pub mod contract;
mod error;
mod event;
pub mod gemini;
mod input;
mod lint;
pub mod output;
pub mod runner;
mod values;
mod wire;

/// The content guards (bash, secrets, paths, file syntax), from
/// `toolsmith-guards`.
pub use toolsmith_guards as guards;

pub use agent::{Agent, run_any, run_any_on, run_any_with};
pub use claude::*;
pub use contract::{Answer, Contract};
pub use error::{HookError, HookErrorCode};
pub use runner::{Outcome, RunOptions};
