//! The hook contract of the Gemini CLI (`@google/gemini-cli-core`
//! 0.61.0): its 11 events, each event's input as the package's
//! `dist/src/hooks/types.d.ts` declares it, and the answers each event
//! honours ([`GeminiOutput`]). A test reads those declarations from the
//! pinned release with the TypeScript compiler, compares every event,
//! field and value, and type-checks every builder's answer against the
//! event's declared output.
//!
//! ```
//! use serde_json::json;
//! use toolsmith_hooks::gemini::{GeminiHookInput, validate_gemini_hook_input};
//!
//! let payload = json!({
//!     "session_id": "s", "transcript_path": "/t.json", "cwd": "/w",
//!     "hook_event_name": "BeforeTool", "timestamp": "2026-12-02T00:00:00.000Z",
//!     "tool_name": "run_shell_command", "tool_input": { "command": "rm -rf /" }
//! });
//! let GeminiHookInput::BeforeTool(call) = validate_gemini_hook_input(&payload).unwrap() else {
//!     unreachable!()
//! };
//! assert_eq!(call.tool_input["command"], "rm -rf /");
//! ```
//!
//! Its events are not Claude Code's: `BeforeTool` and `AfterTool` for
//! `PreToolUse` and `PostToolUse`, `BeforeAgent` and `AfterAgent` around
//! the agent loop, and `BeforeModel`, `AfterModel` and
//! `BeforeToolSelection` around each model request. Every payload carries
//! a `timestamp`.
//!
//! [`run`] makes a hook one function from [`GeminiHookInput`] to
//! [`GeminiOutput`]; [`crate::run_any`] runs a hook written against
//! Claude's types under Gemini CLI too.

mod contract;
mod event;
mod input;
mod output;
mod settings;

pub use contract::{Gemini, GeminiAnswer, run, run_on, run_with};
pub use event::GeminiEvent;
pub use input::*;
pub use output::*;
pub use settings::validate_gemini_hooks_config;
