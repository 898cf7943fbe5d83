//! The payload an agent sends a hook program on stdin, typed and validated:
//! [`HookInput`] holds one struct per event, the fields every event shares
//! in one [`HookCommon`], and the fields the SDK does not declare in
//! `extra` (kept, never an error: the agent adds fields in minor releases).
//!
//! [`validate_hook_input_str`] reads the text (bounded), checks it against
//! the event's JSON Schema ([`HookEvent::input_schema`], the one source of
//! truth) and reports every problem at once, one sanitized line each.
//!
//! What counts as a problem, and what does not:
//!
//! - a documented field missing or of the wrong type is an error; a field
//!   the SDK does not declare is kept in the input's `extra`;
//! - where the SDK names a set of string values, a fixed vocabulary (MCP's
//!   elicitation modes and actions, file-watch events, compaction and
//!   setup triggers, memory types, the cache TTL, pricing, `invoked_by`) is
//!   closed: another value is an error; a set of causes or sources that
//!   grows between agent releases (session start sources, exit reasons,
//!   error kinds, prompt sources, load reasons, model-switch, config and
//!   directory sources, expansion types) is open: another value is kept as
//!   the enum's `Other(String)`. Where the SDK says `string`
//!   (`permission_mode`, `notification_type`, an MCP server's `source`),
//!   the field is a `String`;
//! - the SDK's `number` is an `f64`, fractions allowed;
//! - the `tool_input` of the tool events (`PreToolUse`, `PostToolUse`,
//!   `PostToolUseFailure`, `PermissionRequest`, `PermissionDenied`,
//!   `PreSkillShellCommand`, and each call of `PostToolBatch`) is kept as
//!   sent (the SDK types it `unknown`) and typed on demand by
//!   [`HookInput::tool_input`]: a tool input that does not fit its tool is
//!   that call's `Err`, not an invalid hook input.
//!
//! ```
//! use toolsmith_hooks::{HookErrorCode, HookEvent, HookInput, ToolInput, validate_hook_input_str};
//!
//! let input = validate_hook_input_str(r#"{
//!     "session_id": "abc123",
//!     "transcript_path": "/home/me/.claude/projects/p/abc123.jsonl",
//!     "cwd": "/home/me/project",
//!     "permission_mode": "default",
//!     "hook_event_name": "PreToolUse",
//!     "tool_name": "Bash",
//!     "tool_input": { "command": "cargo test", "timeout": 60000 },
//!     "tool_use_id": "toolu_01"
//! }"#)?;
//! assert_eq!(input.event(), HookEvent::PreToolUse);
//! assert_eq!(input.common().cwd, "/home/me/project");
//! if let Some(Ok(ToolInput::Bash(bash))) = input.tool_input() {
//!     assert_eq!(bash.command, "cargo test");
//! }
//!
//! let err = validate_hook_input_str(r#"{
//!     "session_id": "abc123", "transcript_path": "/t.jsonl", "cwd": "/",
//!     "hook_event_name": "PreToolUse",
//!     "tool_name": "Bash", "tool_input": {}, "tool_use_id": 7
//! }"#).unwrap_err();
//! assert_eq!(err.code(), HookErrorCode::InvalidInput);
//! assert_eq!(err.lines(), ["Invalid hook input at /tool_use_id: must be a string, got number 7"]);
//! # Ok::<(), toolsmith_hooks::HookError>(())
//! ```

mod common;
mod events;
mod parts;
mod validate;
mod values;

use serde_json::Value;

pub use common::{Effort, HookCommon};
pub use events::*;
pub use parts::{
    BackgroundTaskSummary, McpServerProvenance, PostToolBatchToolCall, SessionCronSummary,
    SkillShellCommand,
};
pub use validate::{validate_hook_input, validate_hook_input_str};
pub use values::*;

use super::HookEvent;
use crate::input::agent_inputs;

agent_inputs! {
    /// A hook's input: one variant per [`HookEvent`], each holding its
    /// event's typed fields.
    ///
    /// Read one with [`validate_hook_input_str`] (or
    /// [`validate_hook_input`], or `serde_json::from_str`, which
    /// validates the same way). It serializes back to the payload,
    /// `hook_event_name` and the `extra` fields included.
    pub enum HookInput for HookEvent, titled "", named "input" {
        PreToolUse(PreToolUseInput),
        PostToolUse(PostToolUseInput),
        PostToolUseFailure(PostToolUseFailureInput),
        PostToolBatch(PostToolBatchInput),
        Notification(NotificationInput),
        UserPromptSubmit(UserPromptSubmitInput),
        UserPromptExpansion(UserPromptExpansionInput),
        SessionStart(SessionStartInput),
        SessionEnd(SessionEndInput),
        Stop(StopInput),
        StopFailure(StopFailureInput),
        SubagentStart(SubagentStartInput),
        SubagentStop(SubagentStopInput),
        PreCompact(PreCompactInput),
        PostCompact(PostCompactInput),
        PreModelSwitch(PreModelSwitchInput),
        PostModelSwitch(PostModelSwitchInput),
        PermissionRequest(PermissionRequestInput),
        PermissionDenied(PermissionDeniedInput),
        Setup(SetupInput),
        TeammateIdle(TeammateIdleInput),
        TaskCreated(TaskCreatedInput),
        TaskCompleted(TaskCompletedInput),
        Elicitation(ElicitationInput),
        ElicitationResult(ElicitationResultInput),
        ConfigChange(ConfigChangeInput),
        WorktreeCreate(WorktreeCreateInput),
        WorktreeRemove(WorktreeRemoveInput),
        InstructionsLoaded(InstructionsLoadedInput),
        CwdChanged(CwdChangedInput),
        FileChanged(FileChangedInput),
        DirectoryAdded(DirectoryAddedInput),
        MessageDisplay(MessageDisplayInput),
        PreSkillShellCommand(PreSkillShellCommandInput),
    }
    /// The fields every event carries: session, transcript, working
    /// directory, permission mode, agent, effort.
    fn common -> &HookCommon = common;
}

impl<'de> serde::Deserialize<'de> for HookInput {
    /// Validates as [`validate_hook_input`] does; the error's message is
    /// the lines, joined by newlines.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<HookInput, D::Error> {
        let value = Value::deserialize(deserializer)?;
        validate_hook_input(&value).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_event_has_a_schema_that_compiles_and_names_the_event() {
        for &event in HookEvent::ALL {
            let schema = event.input_schema();
            assert_eq!(
                schema["properties"]["hook_event_name"]["const"],
                event.as_str()
            );
            assert_eq!(schema["required"][0], "hook_event_name");
            for common in ["session_id", "transcript_path", "cwd"] {
                assert!(
                    schema["required"]
                        .as_array()
                        .unwrap()
                        .contains(&json!(common)),
                    "{event}: {common}"
                );
            }
        }
    }

    #[test]
    fn an_input_serializes_back_to_its_payload() {
        let payload = json!({
            "session_id": "s", "transcript_path": "/t", "cwd": "/",
            "hook_event_name": "PreCompact", "trigger": "auto",
            "custom_instructions": null, "new_field": [1]
        });
        let input = validate_hook_input(&payload).unwrap();
        assert_eq!(input.extra()["new_field"], json!([1]));
        let back = serde_json::to_value(&input).unwrap();
        assert_eq!(back, payload);
    }
}
