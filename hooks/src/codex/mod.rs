//! The hook contract of the Codex CLI (`@openai/codex` 0.171.0): its 12
//! events, each event's input as Codex's per-event JSON Schema declares it
//! (the schemas ship inside its binary; a test extracts them from the
//! pinned release and compares), the answers it honours (end-to-end tests
//! run `codex exec` and check what it does with each), a runner, and a
//! settings linter.
//!
//! ```
//! use toolsmith_hooks::codex::{CodexHookInput, CodexOutput};
//!
//! fn guard(input: CodexHookInput) -> CodexOutput {
//!     match input {
//!         CodexHookInput::PreToolUse(call)
//!             if call.tool_input["command"].as_str() == Some("rm -rf /") =>
//!         {
//!             CodexOutput::pre_tool_use().deny("delete a path inside the project instead").into()
//!         }
//!         _ => CodexOutput::empty(),
//!     }
//! }
//! # let _ = guard;
//! ```
//!
//! [`lint_codex_hooks_json`] and [`lint_codex_config_toml`] check the
//! settings that wire the hooks up, as Codex reads them.
//!
//! Codex reads the same JSON as Claude Code for what both honour
//! (`permissionDecision: "deny"`, `decision: "block"`,
//! `additionalContext`), so the shapes match; what Codex refuses (on
//! `PreToolUse`: `ask`, `allow`, `continue`, `stopReason`,
//! `suppressOutput`) has no builder method.

mod contract;
mod event;
mod input;
mod output;
mod settings;

pub use contract::{Codex, CodexAnswer, run, run_on, run_with};
pub use event::CodexEvent;
pub use input::*;
pub use output::*;
pub use settings::{
    lint_codex_config_toml, lint_codex_hooks_json, validate_codex_config_toml,
    validate_codex_hooks_json,
};
