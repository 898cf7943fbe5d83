//! One input struct per event, with the event's own fields beside the
//! shared [`HookCommon`](super::HookCommon).

use serde_json::{Map, Value};

use super::common::HookCommon;
use super::parts::{
    BackgroundTaskSummary, McpServerProvenance, PostToolBatchToolCall, SessionCronSummary,
    SkillShellCommand,
};
use super::values::*;
use crate::wire::wire_struct;

wire_struct! {
    /// `PreToolUse`: a tool is about to run.
    pub struct PreToolUseInput: HookCommon {
        /// The tool's name (`Bash`, `mcp__github__search`).
        required tool_name: String,
        /// The tool's input, as sent; the `tool_input()` method types it.
        required tool_input: Value,
        /// The tool call's id.
        required tool_use_id: String,
        /// The MCP server of an MCP tool.
        optional mcp_server: McpServerProvenance,
    }
}

wire_struct! {
    /// `PostToolUse`: a tool ran and succeeded.
    pub struct PostToolUseInput: HookCommon {
        /// The tool's name.
        required tool_name: String,
        /// The tool's input, as sent; the `tool_input()` method types it.
        required tool_input: Value,
        /// What the tool returned.
        required tool_response: Value,
        /// The tool call's id.
        required tool_use_id: String,
        /// How long the tool ran, in milliseconds (permission prompts and
        /// hooks excluded).
        optional duration_ms: f64,
        /// The MCP server of an MCP tool.
        optional mcp_server: McpServerProvenance,
    }
}

wire_struct! {
    /// `PostToolUseFailure`: a tool ran and failed.
    pub struct PostToolUseFailureInput: HookCommon {
        /// The tool's name.
        required tool_name: String,
        /// The tool's input, as sent; the `tool_input()` method types it.
        required tool_input: Value,
        /// The tool call's id.
        required tool_use_id: String,
        /// The error the tool reported.
        required error: String,
        /// Whether the user interrupted the tool.
        optional is_interrupt: bool,
        /// How long the tool ran, in milliseconds.
        optional duration_ms: f64,
        /// The MCP server of an MCP tool.
        optional mcp_server: McpServerProvenance,
    }
}

wire_struct! {
    /// `PostToolBatch`: a batch of parallel tool calls finished.
    pub struct PostToolBatchInput: HookCommon {
        /// The calls of the batch.
        required tool_calls: Vec<PostToolBatchToolCall>,
    }
}

wire_struct! {
    /// `Notification`: the agent shows the user a notification.
    pub struct NotificationInput: HookCommon {
        /// The notification's text.
        required message: String,
        /// Its title.
        optional title: String,
        /// Its kind (`permission_prompt`, `idle_prompt`, …; any string).
        required notification_type: String,
    }
}

wire_struct! {
    /// `UserPromptSubmit`: the user submitted a prompt.
    pub struct UserPromptSubmitInput: HookCommon {
        /// The prompt.
        required prompt: String,
        /// Who submitted it; payloads may leave it out.
        optional source: PromptSource,
        /// The session's title.
        optional session_title: String,
    }
}

wire_struct! {
    /// `UserPromptExpansion`: a slash command or MCP prompt is expanded.
    pub struct UserPromptExpansionInput: HookCommon {
        /// What is expanded.
        required expansion_type: ExpansionType,
        /// The command's name.
        required command_name: String,
        /// The command's arguments.
        required command_args: String,
        /// Where the command comes from.
        optional command_source: String,
        /// The prompt as typed.
        required prompt: String,
    }
}

wire_struct! {
    /// `SessionStart`: a session starts or resumes.
    pub struct SessionStartInput: HookCommon {
        /// Why it starts.
        required source: SessionStartSource,
        /// The model.
        optional model: String,
        /// The session's title.
        optional session_title: String,
        /// On resume or fork: seconds since the transcript's last response.
        optional seconds_since_last_response: f64,
        /// On resume or fork: the tokens the first request re-sends.
        optional context_tokens: f64,
        /// On resume or fork: whether the prompt cache has likely expired.
        optional prompt_cache_likely_expired: bool,
        /// On resume or fork: the estimated cost of re-caching, in dollars.
        optional estimated_cache_write_usd: f64,
    }
}

wire_struct! {
    /// `SessionEnd`: a session ends.
    pub struct SessionEndInput: HookCommon {
        /// Why it ends.
        required reason: ExitReason,
    }
}

wire_struct! {
    /// `Stop`: the main agent is about to stop.
    pub struct StopInput: HookCommon {
        /// Whether the agent already continues because a Stop hook blocked:
        /// check it so as not to block forever.
        required stop_hook_active: bool,
        /// The text of the last assistant message.
        optional last_assistant_message: String,
        /// Background work still in flight (empty when none).
        optional background_tasks: Vec<BackgroundTaskSummary>,
        /// Scheduled wakeups of the session (empty when none).
        optional session_crons: Vec<SessionCronSummary>,
    }
}

wire_struct! {
    /// `StopFailure`: the turn ended on an error.
    pub struct StopFailureInput: HookCommon {
        /// The kind of error.
        required error: AssistantError,
        /// Details of the error.
        optional error_details: String,
        /// The text of the last assistant message.
        optional last_assistant_message: String,
    }
}

wire_struct! {
    /// `SubagentStart`: a subagent starts. `common.agent_id` and
    /// `common.agent_type` are always present.
    pub struct SubagentStartInput: HookCommon [requires "agent_id", "agent_type"] {}
}

wire_struct! {
    /// `SubagentStop`: a subagent is about to stop. `common.agent_id` and
    /// `common.agent_type` are always present.
    pub struct SubagentStopInput: HookCommon [requires "agent_id", "agent_type"] {
        /// Whether the subagent already continues because a hook blocked.
        required stop_hook_active: bool,
        /// The path of the subagent's transcript.
        required agent_transcript_path: String,
        /// The text of the subagent's last message.
        optional last_assistant_message: String,
        /// Background work still in flight.
        optional background_tasks: Vec<BackgroundTaskSummary>,
        /// Scheduled wakeups of the session.
        optional session_crons: Vec<SessionCronSummary>,
    }
}

wire_struct! {
    /// `PreCompact`: the conversation is about to be compacted.
    pub struct PreCompactInput: HookCommon {
        /// What started the compaction.
        required trigger: CompactTrigger,
        /// The instructions given to `/compact`.
        nullable custom_instructions: String,
    }
}

wire_struct! {
    /// `PostCompact`: the conversation was compacted.
    pub struct PostCompactInput: HookCommon {
        /// What started the compaction.
        required trigger: CompactTrigger,
        /// The summary compaction produced.
        required compact_summary: String,
    }
}

wire_struct! {
    /// `PreModelSwitch`: the model is about to be switched.
    pub struct PreModelSwitchInput: HookCommon {
        /// The model before the switch.
        required from_model: String,
        /// The model after the switch.
        required to_model: String,
        /// What was asked for (an alias, a full id, or `null` for the default).
        nullable requested_model: String,
        /// What asked for the switch.
        required source: PreModelSwitchSource,
        /// The tokens the next request re-sends.
        required context_tokens: f64,
        /// Whether the current prompt cache is likely warm.
        required prompt_cache_warm: bool,
        /// The prompt cache's time to live.
        required cache_ttl: CacheTtl,
        /// The estimated cost of re-caching on the new model, in dollars.
        required estimated_cache_write_usd: f64,
        /// Where the estimate's prices come from.
        required pricing: Pricing,
    }
}

wire_struct! {
    /// `PostModelSwitch`: the model was switched.
    pub struct PostModelSwitchInput: HookCommon {
        /// The model before the switch.
        required from_model: String,
        /// The model after the switch.
        required to_model: String,
        /// What was asked for (an alias, a full id, or `null` for the default).
        nullable requested_model: String,
        /// What switched the model.
        required source: PostModelSwitchSource,
        /// The tokens the next request re-sends.
        required context_tokens: f64,
        /// Whether the previous prompt cache was likely warm.
        required prompt_cache_warm: bool,
        /// The prompt cache's time to live.
        required cache_ttl: CacheTtl,
        /// The estimated cost of re-caching on the new model, in dollars.
        required estimated_cache_write_usd: f64,
        /// Where the estimate's prices come from.
        required pricing: Pricing,
    }
}

wire_struct! {
    /// `PermissionRequest`: the agent asks for permission to use a tool.
    pub struct PermissionRequestInput: HookCommon {
        /// The tool's name.
        required tool_name: String,
        /// The tool's input, as sent; the `tool_input()` method types it.
        required tool_input: Value,
        /// The permission updates the agent would offer the user (the SDK's
        /// `PermissionUpdate` objects, as sent).
        optional permission_suggestions: Vec<Map<String, Value>>,
        /// The MCP server of an MCP tool.
        optional mcp_server: McpServerProvenance,
    }
}

wire_struct! {
    /// `PermissionDenied`: the permission system denied a tool use.
    pub struct PermissionDeniedInput: HookCommon {
        /// The tool's name.
        required tool_name: String,
        /// The tool's input, as sent; the `tool_input()` method types it.
        required tool_input: Value,
        /// The tool call's id.
        required tool_use_id: String,
        /// Why it was denied.
        required reason: String,
        /// The MCP server of an MCP tool.
        optional mcp_server: McpServerProvenance,
    }
}

wire_struct! {
    /// `Setup`: repository initialisation or maintenance.
    pub struct SetupInput: HookCommon {
        /// Why setup runs.
        required trigger: SetupTrigger,
    }
}

wire_struct! {
    /// `TeammateIdle`: a teammate of an agent team goes idle.
    pub struct TeammateIdleInput: HookCommon {
        /// The teammate's name.
        required teammate_name: String,
        /// The team's name (deprecated by the SDK: sessions have one team).
        required team_name: String,
    }
}

wire_struct! {
    /// `TaskCreated`: a task was created.
    pub struct TaskCreatedInput: HookCommon {
        /// The task's id.
        required task_id: String,
        /// The task's subject.
        required task_subject: String,
        /// The task's description.
        optional task_description: String,
        /// The teammate it is for.
        optional teammate_name: String,
        /// The team's name (deprecated by the SDK).
        optional team_name: String,
    }
}

wire_struct! {
    /// `TaskCompleted`: a task is being marked completed.
    pub struct TaskCompletedInput: HookCommon {
        /// The task's id.
        required task_id: String,
        /// The task's subject.
        required task_subject: String,
        /// The task's description.
        optional task_description: String,
        /// The teammate it was for.
        optional teammate_name: String,
        /// The team's name (deprecated by the SDK).
        optional team_name: String,
    }
}

wire_struct! {
    /// `Elicitation`: an MCP server asks the user for input.
    pub struct ElicitationInput: HookCommon {
        /// The server asking.
        required mcp_server_name: String,
        /// What it asks.
        required message: String,
        /// How it asks.
        optional mode: ElicitationMode,
        /// The URL to open, in `url` mode.
        optional url: String,
        /// The elicitation's id.
        optional elicitation_id: String,
        /// The JSON Schema of the answer, in `form` mode.
        optional requested_schema: Map<String, Value>,
    }
}

wire_struct! {
    /// `ElicitationResult`: the user answered an MCP elicitation.
    pub struct ElicitationResultInput: HookCommon {
        /// The server that asked.
        required mcp_server_name: String,
        /// The elicitation's id.
        optional elicitation_id: String,
        /// How it asked.
        optional mode: ElicitationMode,
        /// How the user answered.
        required action: ElicitationAction,
        /// The answer, when accepted.
        optional content: Map<String, Value>,
    }
}

wire_struct! {
    /// `ConfigChange`: a settings file changed during the session.
    pub struct ConfigChangeInput: HookCommon {
        /// Which settings changed.
        required source: ConfigSource,
        /// The file that changed.
        optional file_path: String,
    }
}

wire_struct! {
    /// `WorktreeCreate`: a worktree is to be created.
    pub struct WorktreeCreateInput: HookCommon {
        /// The worktree's name.
        required name: String,
    }
}

wire_struct! {
    /// `WorktreeRemove`: a worktree is to be removed.
    pub struct WorktreeRemoveInput: HookCommon {
        /// The worktree's path.
        required worktree_path: String,
    }
}

wire_struct! {
    /// `InstructionsLoaded`: an instructions file (CLAUDE.md, rules) was loaded.
    pub struct InstructionsLoadedInput: HookCommon {
        /// The file.
        required file_path: String,
        /// Which kind of instructions it holds.
        required memory_type: MemoryType,
        /// Why it was loaded.
        required load_reason: LoadReason,
        /// The globs of a rule file.
        optional globs: Vec<String>,
        /// The file whose access loaded it.
        optional trigger_file_path: String,
        /// The file that included it.
        optional parent_file_path: String,
    }
}

wire_struct! {
    /// `CwdChanged`: the working directory changed.
    pub struct CwdChangedInput: HookCommon {
        /// The directory before.
        required old_cwd: String,
        /// The directory after.
        required new_cwd: String,
    }
}

wire_struct! {
    /// `FileChanged`: a watched file changed.
    pub struct FileChangedInput: HookCommon {
        /// The file.
        required file_path: String,
        /// What happened to it.
        required event: FileEvent,
    }
}

wire_struct! {
    /// `DirectoryAdded`: a directory was added to the session.
    pub struct DirectoryAddedInput: HookCommon {
        /// The directory's absolute path.
        required directory: String,
        /// How it was added.
        required source: DirectorySource,
    }
}

wire_struct! {
    /// `MessageDisplay`: part of an assistant message is displayed.
    pub struct MessageDisplayInput: HookCommon {
        /// The turn's id.
        required turn_id: String,
        /// The message's id, the same on every part of it.
        required message_id: String,
        /// The part's index in the message, from zero.
        required index: f64,
        /// Whether this is the message's last part.
        required r#final as "final": bool,
        /// The lines completed since the previous part.
        required delta: String,
    }
}

wire_struct! {
    /// `PreSkillShellCommand`: a skill is about to run a shell command.
    pub struct PreSkillShellCommandInput: HookCommon {
        /// The shell tool that runs it: `Bash` or `PowerShell`.
        required tool_name: String,
        /// The command.
        required tool_input: SkillShellCommand,
        /// Identifies this command (no tool call of the transcript).
        required tool_use_id: String,
        /// The skill or command whose text holds the shell command.
        required command_name: String,
        /// Where that skill or command comes from.
        optional command_source: String,
        /// Who started the load.
        required invoked_by: InvokedBy,
    }
}
