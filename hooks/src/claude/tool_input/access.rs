//! The tool inputs of the tool events, typed on demand: a hook input is
//! valid whatever its `tool_input` holds (the SDK types it as `unknown`),
//! and a hook that cares about the tool asks for the typed input.

use serde_json::Value;

use super::{ToolInput, validate_tool_input};
use crate::claude::input::{
    HookInput, PermissionDeniedInput, PermissionRequestInput, PostToolBatchToolCall,
    PostToolUseFailureInput, PostToolUseInput, PreSkillShellCommandInput, PreToolUseInput,
    SubagentStartInput, SubagentStopInput,
};
use crate::error::HookError;

macro_rules! typed_tool_input {
    ($($input:ident),*) => {$(
        impl $input {
            /// The tool's input, typed by [`validate_tool_input`]: a bad
            /// input is a [`HookError`] of lines, never a panic.
            pub fn tool_input(&self) -> Result<ToolInput, HookError> {
                validate_tool_input(&self.tool_name, &self.tool_input)
            }
        }
    )*};
}

typed_tool_input!(
    PreToolUseInput,
    PostToolUseInput,
    PostToolUseFailureInput,
    PermissionRequestInput,
    PermissionDeniedInput,
    PostToolBatchToolCall
);

impl PreSkillShellCommandInput {
    /// The command as the input of its shell tool (`Bash` or `PowerShell`).
    pub fn tool_input(&self) -> Result<ToolInput, HookError> {
        let input = serde_json::to_value(&self.tool_input).unwrap_or(Value::Null);
        validate_tool_input(&self.tool_name, &input)
    }
}

impl HookInput {
    /// The tool's name, on the events about one tool: `PreToolUse`,
    /// `PostToolUse`, `PostToolUseFailure`, `PermissionRequest`,
    /// `PermissionDenied`, `PreSkillShellCommand`.
    pub fn tool_name(&self) -> Option<&str> {
        Some(match self {
            HookInput::PreToolUse(input) => &input.tool_name,
            HookInput::PostToolUse(input) => &input.tool_name,
            HookInput::PostToolUseFailure(input) => &input.tool_name,
            HookInput::PermissionRequest(input) => &input.tool_name,
            HookInput::PermissionDenied(input) => &input.tool_name,
            HookInput::PreSkillShellCommand(input) => &input.tool_name,
            _ => return None,
        })
    }

    /// The tool's input, typed, on the events about one tool (see
    /// [`tool_name`](Self::tool_name)); `None` on the others. Typed on
    /// demand: a `tool_input` that does not fit its tool does not make the
    /// hook input invalid, it is the `Err` here
    /// ([`HookErrorCode::InvalidToolInput`](crate::error::HookErrorCode::InvalidToolInput)).
    /// A `PostToolBatch` holds several: see [`PostToolBatchToolCall::tool_input`].
    pub fn tool_input(&self) -> Option<Result<ToolInput, HookError>> {
        Some(match self {
            HookInput::PreToolUse(input) => input.tool_input(),
            HookInput::PostToolUse(input) => input.tool_input(),
            HookInput::PostToolUseFailure(input) => input.tool_input(),
            HookInput::PermissionRequest(input) => input.tool_input(),
            HookInput::PermissionDenied(input) => input.tool_input(),
            HookInput::PreSkillShellCommand(input) => input.tool_input(),
            _ => return None,
        })
    }
}

macro_rules! subagent_fields {
    ($($input:ident),*) => {$(
        impl $input {
            /// The subagent's id (always sent on this event).
            pub fn agent_id(&self) -> &str {
                self.common.agent_id.as_deref().unwrap_or_default()
            }

            /// The subagent's type (always sent on this event).
            pub fn agent_type(&self) -> &str {
                self.common.agent_type.as_deref().unwrap_or_default()
            }
        }
    )*};
}

subagent_fields!(SubagentStartInput, SubagentStopInput);
