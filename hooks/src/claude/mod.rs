//! The Claude Code hook contract, as the official Claude Agent SDK
//! (`@anthropic-ai/claude-agent-sdk` 0.3.333) declares it. Everything here
//! is also reachable from [`toolsmith_hooks`](crate).

mod contract;
mod event;
pub(crate) mod input;
mod output;
pub mod settings;
mod tool_input;
mod tool_names;

pub use contract::{Claude, HookAnswer, run, run_on, run_with};
pub use event::HookEvent;
pub use input::*;
pub use output::*;
pub use settings::{
    HooksLint, LintProblem, Severity, lint_hook_handler, lint_hooks_config, lint_matcher_group,
    validate_hook_handler, validate_hooks_config, validate_matcher_group,
};
pub use tool_input::*;
pub use tool_names::{BUILTIN_TOOL_NAMES, UNLISTED_TOOL_NAMES, UnlistedTool, builtin_tool};
