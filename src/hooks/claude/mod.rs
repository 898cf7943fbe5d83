//! The Claude Code hook contract, as the official Claude Agent SDK
//! (`@anthropic-ai/claude-agent-sdk` 0.3.332) declares it. Everything here
//! is also reachable from [`toolsmith::hooks`](crate::hooks).

mod event;
mod input;
mod output;
mod tool_input;

pub use event::HookEvent;
pub use input::*;
pub use output::*;
pub use tool_input::*;
