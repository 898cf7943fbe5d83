//! The payload Gemini CLI sends a hook on each event, typed: one struct
//! per event with the fields `@google/gemini-cli-core` declares, the
//! required ones required; fields it does not declare are kept in `extra`.
//! [`validate_gemini_hook_input`] checks a payload, one line per problem,
//! then types it.

use serde_json::{Map, Value};

use crate::error::HookError;
use crate::input::agent_inputs;
use crate::values::CompactTrigger;
use crate::wire::{wire_struct, wire_values};

use super::GeminiEvent;

wire_values! {
    /// Why a session starts (`SessionStart`'s `source`); a newer release
    /// may add one, kept as `Other`.
    pub enum GeminiSessionStartSource: open {
        /// Gemini CLI started.
        Startup = "startup",
        /// A saved session resumed.
        Resume = "resume",
        /// The user cleared the conversation.
        Clear = "clear",
    }
}

wire_values! {
    /// Why a session ended (`SessionEnd`'s `reason`); a newer release may
    /// add one, kept as `Other`.
    pub enum GeminiSessionEndReason: open {
        /// The user quit.
        Exit = "exit",
        /// The user cleared the conversation.
        Clear = "clear",
        /// The user logged out.
        Logout = "logout",
        /// The prompt input was closed.
        PromptInputExit = "prompt_input_exit",
        /// Any other reason.
        OtherReason = "other",
    }
}

wire_values! {
    /// What a notification is about (`Notification`'s
    /// `notification_type`); a newer release may add one, kept as `Other`.
    pub enum GeminiNotificationType: open {
        /// A tool call waits for the user's approval.
        ToolPermission = "ToolPermission",
    }
}

/// An event's struct, with the fields every Gemini CLI payload carries
/// first.
macro_rules! gemini_input {
    ($(#[$meta:meta])* $name:ident { $($body:tt)* }) => {
        wire_struct! {
            $(#[$meta])*
            pub struct $name {
                /// The session's id.
                required session_id: String,
                /// The session's transcript file.
                required transcript_path: String,
                /// The working directory.
                required cwd: String,
                /// When the hook fires (an ISO 8601 time).
                required timestamp: String,
                $($body)*
            }
        }
    };
}

gemini_input! {
    /// `BeforeTool`: a tool is about to run.
    GeminiBeforeToolInput {
        /// The tool: `run_shell_command`, `write_file`, … or an MCP tool.
        required tool_name: String,
        /// The tool's arguments, as the model sent them.
        required tool_input: Map<String, Value>,
        /// The MCP server and tool, for an MCP tool's call.
        optional mcp_context: Map<String, Value>,
        /// The name the model called, when Gemini CLI renamed it.
        optional original_request_name: String,
    }
}

gemini_input! {
    /// `AfterTool`: a tool ran.
    GeminiAfterToolInput {
        /// The tool.
        required tool_name: String,
        /// The tool's arguments.
        required tool_input: Map<String, Value>,
        /// What the tool answered.
        required tool_response: Map<String, Value>,
        /// The MCP server and tool, for an MCP tool's call.
        optional mcp_context: Map<String, Value>,
        /// The name the model called, when Gemini CLI renamed it.
        optional original_request_name: String,
    }
}

gemini_input! {
    /// `BeforeAgent`: the user submitted a prompt.
    GeminiBeforeAgentInput {
        /// The prompt.
        required prompt: String,
    }
}

gemini_input! {
    /// `Notification`: Gemini CLI shows the user a notification.
    GeminiNotificationInput {
        /// What it is about.
        required notification_type: GeminiNotificationType,
        /// The text shown.
        required message: String,
        /// Its details (the tool call waiting, for a permission prompt).
        required details: Map<String, Value>,
    }
}

gemini_input! {
    /// `AfterAgent`: the agent loop answered the prompt.
    GeminiAfterAgentInput {
        /// The prompt.
        required prompt: String,
        /// The agent's answer.
        required prompt_response: String,
        /// Whether the agent already goes on because an `AfterAgent` hook
        /// blocked.
        required stop_hook_active: bool,
    }
}

gemini_input! {
    /// `SessionStart`: a session starts, resumes or is cleared.
    GeminiSessionStartInput {
        /// Why: `startup`, `resume` or `clear`.
        required source: GeminiSessionStartSource,
    }
}

gemini_input! {
    /// `SessionEnd`: a session ends.
    GeminiSessionEndInput {
        /// Why.
        required reason: GeminiSessionEndReason,
    }
}

gemini_input! {
    /// `PreCompress`: the conversation is about to be compressed.
    GeminiPreCompressInput {
        /// `manual` or `auto`.
        required trigger: CompactTrigger,
    }
}

gemini_input! {
    /// `BeforeModel`: a request to the model is about to be sent.
    GeminiBeforeModelInput {
        /// The request (model, contents, config), in Gemini CLI's
        /// model-neutral shape.
        required llm_request: Map<String, Value>,
    }
}

gemini_input! {
    /// `AfterModel`: the model answered.
    GeminiAfterModelInput {
        /// The request sent.
        required llm_request: Map<String, Value>,
        /// The model's answer.
        required llm_response: Map<String, Value>,
    }
}

gemini_input! {
    /// `BeforeToolSelection`: the model is about to choose among the tools.
    GeminiBeforeToolSelectionInput {
        /// The request, with the tools offered.
        required llm_request: Map<String, Value>,
    }
}

agent_inputs! {
    /// A Gemini CLI hook's input: one variant per [`GeminiEvent`].
    pub enum GeminiHookInput for GeminiEvent, titled "Gemini", named "Gemini CLI input" {
        BeforeTool(GeminiBeforeToolInput),
        AfterTool(GeminiAfterToolInput),
        BeforeAgent(GeminiBeforeAgentInput),
        Notification(GeminiNotificationInput),
        AfterAgent(GeminiAfterAgentInput),
        SessionStart(GeminiSessionStartInput),
        SessionEnd(GeminiSessionEndInput),
        PreCompress(GeminiPreCompressInput),
        BeforeModel(GeminiBeforeModelInput),
        AfterModel(GeminiAfterModelInput),
        BeforeToolSelection(GeminiBeforeToolSelectionInput),
    }
    /// The working directory.
    fn cwd -> &str = cwd;
}

impl GeminiEvent {
    /// The JSON Schema of this event's input, as
    /// [`validate_gemini_hook_input`] checks it: Gemini CLI's fields with
    /// their types, the required ones listed, `hook_event_name` fixed to
    /// the event, unknown fields allowed.
    pub fn input_schema(self) -> &'static Value {
        &GeminiHookInput::compiled(self).schema
    }
}

/// Checks a Gemini CLI hook's input and types it, every problem at once,
/// one line each (`Invalid hook input at /prompt: must be a string, got
/// number 7`), with the codes of
/// [`validate_hook_input`](crate::validate_hook_input).
pub fn validate_gemini_hook_input(value: &Value) -> Result<GeminiHookInput, HookError> {
    GeminiHookInput::check(value)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::error::HookErrorCode;

    fn before_tool() -> Value {
        json!({
            "session_id": "s", "transcript_path": "/t.json", "cwd": "/w",
            "hook_event_name": "BeforeTool", "timestamp": "2026-12-02T00:00:00.000Z",
            "tool_name": "run_shell_command", "tool_input": { "command": "ls" },
            "new_field": 1
        })
    }

    #[test]
    fn a_payload_is_typed_and_unknown_fields_are_kept() {
        let GeminiHookInput::BeforeTool(input) =
            validate_gemini_hook_input(&before_tool()).unwrap()
        else {
            panic!("not BeforeTool")
        };
        assert_eq!(input.tool_input["command"], "ls");
        assert_eq!(input.mcp_context, None);
        assert_eq!(input.extra["new_field"], 1);
    }

    #[test]
    fn every_problem_is_one_line() {
        let mut payload = before_tool();
        payload["tool_input"] = json!("ls");
        payload.as_object_mut().unwrap().remove("timestamp");
        let err = validate_gemini_hook_input(&payload).unwrap_err();
        assert_eq!(
            err.lines(),
            [
                "Invalid hook input: missing required property \"timestamp\"",
                "Invalid hook input at /tool_input: must be an object, got string \"ls\""
            ]
        );
        assert_eq!(err.context(), Some("BeforeTool"));
    }

    #[test]
    fn a_claude_event_is_unknown() {
        let err =
            validate_gemini_hook_input(&json!({ "hook_event_name": "PreToolUse" })).unwrap_err();
        assert_eq!(err.code(), HookErrorCode::UnknownEvent);
    }
}
