//! The payload Codex sends a hook on each event, typed: one struct per
//! event with the fields Codex's per-event input schema declares, the
//! required ones required; fields it does not declare are kept in `extra`.
//! [`validate_codex_hook_input`] checks a payload against the event's
//! schema, with one line per problem, then types it.

use serde_json::Value;

use crate::error::HookError;
use crate::input::agent_inputs;
use crate::values::{CompactTrigger, SessionStartSource};
use crate::wire::{wire_struct, wire_values};

use super::CodexEvent;

wire_values! {
    /// How Codex asks before acting (`permission_mode`); a newer release
    /// may add a mode, kept as `Other`.
    pub enum CodexPermissionMode: open {
        /// Asks as configured.
        Default = "default",
        /// Accepts file edits without asking.
        AcceptEdits = "acceptEdits",
        /// Plans, changes nothing.
        Plan = "plan",
        /// Never asks; refuses what would need asking.
        DontAsk = "dontAsk",
        /// Asks for nothing.
        BypassPermissions = "bypassPermissions",
    }
}

wire_values! {
    /// Why a session ended (`SessionEnd`'s `reason`): Codex names one
    /// reason so far; another is kept as `Other`.
    pub enum CodexSessionEndReason: open {
        /// Any reason.
        OtherReason = "other",
    }
}

/// An event's struct, with the fields every Codex payload carries first.
macro_rules! codex_input {
    ($(#[$meta:meta])* $name:ident { $($body:tt)* }) => {
        wire_struct! {
            $(#[$meta])*
            pub struct $name {
                /// The session's id.
                required session_id: String,
                /// The session's transcript file; `None` when Codex keeps
                /// none (an ephemeral session).
                nullable transcript_path: String,
                /// The working directory.
                required cwd: String,
                $($body)*
            }
        }
    };
}

codex_input! {
    /// `PreToolUse`: a tool is about to run.
    CodexPreToolUseInput {
        /// The model the turn runs on.
        required model: String,
        /// The permission mode: `default`, `acceptEdits`, `plan`, `dontAsk`
        /// or `bypassPermissions`.
        required permission_mode: CodexPermissionMode,
        /// The turn's id.
        required turn_id: String,
        /// The tool: `Bash` for a shell command, `apply_patch`, or an MCP
        /// tool's `mcp__server__tool` name.
        required tool_name: String,
        /// The tool's arguments, as the model sent them.
        required tool_input: Value,
        /// The call's id.
        required tool_use_id: String,
        /// The subagent making the call, when one does.
        optional agent_id: String,
        /// That subagent's type.
        optional agent_type: String,
    }
}

codex_input! {
    /// `PermissionRequest`: Codex is about to ask the user to approve a call.
    CodexPermissionRequestInput {
        /// The model the turn runs on.
        required model: String,
        /// The permission mode.
        required permission_mode: CodexPermissionMode,
        /// The turn's id.
        required turn_id: String,
        /// The tool.
        required tool_name: String,
        /// The tool's arguments.
        required tool_input: Value,
        /// The subagent making the call, when one does.
        optional agent_id: String,
        /// That subagent's type.
        optional agent_type: String,
    }
}

codex_input! {
    /// `PostToolUse`: a tool ran.
    CodexPostToolUseInput {
        /// The model the turn runs on.
        required model: String,
        /// The permission mode.
        required permission_mode: CodexPermissionMode,
        /// The turn's id.
        required turn_id: String,
        /// The tool.
        required tool_name: String,
        /// The tool's arguments.
        required tool_input: Value,
        /// What the tool answered.
        required tool_response: Value,
        /// The call's id.
        required tool_use_id: String,
        /// The subagent making the call, when one does.
        optional agent_id: String,
        /// That subagent's type.
        optional agent_type: String,
    }
}

codex_input! {
    /// `PreCompact`: the conversation is about to be compacted.
    CodexPreCompactInput {
        /// The model the turn runs on.
        required model: String,
        /// The turn's id.
        required turn_id: String,
        /// `manual` (`/compact`) or `auto` (the context filled up).
        required trigger: CompactTrigger,
        /// The subagent, when one compacts.
        optional agent_id: String,
        /// That subagent's type.
        optional agent_type: String,
    }
}

codex_input! {
    /// `PostCompact`: the conversation was compacted.
    CodexPostCompactInput {
        /// The model the turn runs on.
        required model: String,
        /// The turn's id.
        required turn_id: String,
        /// `manual` or `auto`.
        required trigger: CompactTrigger,
        /// The subagent, when one compacted.
        optional agent_id: String,
        /// That subagent's type.
        optional agent_type: String,
    }
}

codex_input! {
    /// `SessionStart`: a session starts or resumes.
    CodexSessionStartInput {
        /// The model the session runs on.
        required model: String,
        /// The permission mode.
        required permission_mode: CodexPermissionMode,
        /// Why: `startup`, `resume`, `clear`, `compact` or `fork`.
        required source: SessionStartSource,
    }
}

codex_input! {
    /// `SessionEnd`: a session ends.
    CodexSessionEndInput {
        /// Why.
        required reason: CodexSessionEndReason,
    }
}

codex_input! {
    /// `UserPromptSubmit`: the user submitted a prompt.
    CodexUserPromptSubmitInput {
        /// The model the turn runs on.
        required model: String,
        /// The permission mode.
        required permission_mode: CodexPermissionMode,
        /// The turn's id.
        required turn_id: String,
        /// The prompt.
        required prompt: String,
        /// The subagent, when the prompt is a subagent's.
        optional agent_id: String,
        /// That subagent's type.
        optional agent_type: String,
    }
}

codex_input! {
    /// `Stop`: the agent is about to stop.
    CodexStopInput {
        /// The model the turn runs on.
        required model: String,
        /// The permission mode.
        required permission_mode: CodexPermissionMode,
        /// The turn's id.
        required turn_id: String,
        /// Whether the agent already goes on because a `Stop` hook blocked.
        required stop_hook_active: bool,
        /// The agent's last message, when it wrote one.
        nullable last_assistant_message: String,
    }
}

codex_input! {
    /// `SubagentStart`: a subagent starts.
    CodexSubagentStartInput {
        /// The model the turn runs on.
        required model: String,
        /// The permission mode.
        required permission_mode: CodexPermissionMode,
        /// The turn's id.
        required turn_id: String,
        /// The subagent's id.
        required agent_id: String,
        /// Its type.
        required agent_type: String,
    }
}

codex_input! {
    /// `SubagentStop`: a subagent is about to stop.
    CodexSubagentStopInput {
        /// The model the turn runs on.
        required model: String,
        /// The permission mode.
        required permission_mode: CodexPermissionMode,
        /// The turn's id.
        required turn_id: String,
        /// The subagent's id.
        required agent_id: String,
        /// Its type.
        required agent_type: String,
        /// The subagent's transcript file, when there is one.
        nullable agent_transcript_path: String,
        /// Whether it already goes on because a hook blocked.
        required stop_hook_active: bool,
        /// Its last message, when it wrote one.
        nullable last_assistant_message: String,
    }
}

codex_input! {
    /// `Interrupt`: the user interrupted a turn.
    CodexInterruptInput {
        /// The model the turn runs on.
        required model: String,
        /// The permission mode.
        required permission_mode: CodexPermissionMode,
        /// The turn's id.
        required turn_id: String,
    }
}

agent_inputs! {
    /// A Codex hook's input: one variant per [`CodexEvent`].
    pub enum CodexHookInput for CodexEvent, titled "Codex", named "Codex input" {
        PreToolUse(CodexPreToolUseInput),
        PermissionRequest(CodexPermissionRequestInput),
        PostToolUse(CodexPostToolUseInput),
        PreCompact(CodexPreCompactInput),
        PostCompact(CodexPostCompactInput),
        SessionStart(CodexSessionStartInput),
        SessionEnd(CodexSessionEndInput),
        UserPromptSubmit(CodexUserPromptSubmitInput),
        Stop(CodexStopInput),
        SubagentStart(CodexSubagentStartInput),
        SubagentStop(CodexSubagentStopInput),
        Interrupt(CodexInterruptInput),
    }
    /// The working directory.
    fn cwd -> &str = cwd;
}

impl CodexEvent {
    /// The JSON Schema of this event's input, as
    /// [`validate_codex_hook_input`] checks it: Codex's fields with their
    /// types, the required ones listed, `hook_event_name` fixed to the
    /// event, unknown fields allowed.
    pub fn input_schema(self) -> &'static Value {
        &CodexHookInput::compiled(self).schema
    }
}

/// Checks a Codex hook's input and types it, every problem at once, one
/// line each (`Invalid hook input at /turn_id: must be a string, got
/// number 7`), with the codes of [`validate_hook_input`](crate::validate_hook_input).
pub fn validate_codex_hook_input(value: &Value) -> Result<CodexHookInput, HookError> {
    CodexHookInput::check(value)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::error::HookErrorCode;

    fn pre_tool_use() -> Value {
        json!({
            "session_id": "s", "transcript_path": null, "cwd": "/w",
            "hook_event_name": "PreToolUse", "model": "gpt-5", "permission_mode": "default",
            "turn_id": "t1", "tool_name": "Bash", "tool_input": { "command": "ls" },
            "tool_use_id": "call_1", "new_field": 1
        })
    }

    #[test]
    fn a_payload_is_typed_and_unknown_fields_are_kept() {
        let CodexHookInput::PreToolUse(input) = validate_codex_hook_input(&pre_tool_use()).unwrap()
        else {
            panic!("not PreToolUse")
        };
        assert_eq!(input.transcript_path, None);
        assert_eq!(input.tool_input["command"], "ls");
        assert_eq!(input.extra["new_field"], 1);
    }

    #[test]
    fn every_problem_is_one_line() {
        let mut payload = pre_tool_use();
        payload["turn_id"] = json!(7);
        payload.as_object_mut().unwrap().remove("model");
        let err = validate_codex_hook_input(&payload).unwrap_err();
        assert_eq!(
            err.lines(),
            [
                "Invalid hook input: missing required property \"model\"",
                "Invalid hook input at /turn_id: must be a string, got number 7"
            ]
        );
        assert_eq!(err.context(), Some("PreToolUse"));
    }

    #[test]
    fn a_claude_only_event_is_unknown() {
        let err =
            validate_codex_hook_input(&json!({ "hook_event_name": "Notification" })).unwrap_err();
        assert_eq!(err.code(), HookErrorCode::UnknownEvent);
    }
}
