//! The objects nested in hook inputs.

use serde_json::Value;

use crate::wire::wire_struct;

wire_struct! {
    /// The MCP server a tool belongs to, on the tool events of MCP tools.
    pub struct McpServerProvenance {
        /// The server's name.
        required name: String,
        /// Where the server is configured (`sdk`, `plugin`, `user`,
        /// `project`, `local`, `dynamic`, `managed`, …): an open set.
        required source: String,
    }
}

wire_struct! {
    /// A piece of background work in flight (`Stop`'s `background_tasks`).
    pub struct BackgroundTaskSummary {
        /// The task's id.
        required id: String,
        /// Its kind (`shell`, `subagent`, `monitor`, `workflow`, …).
        required kind as "type": String,
        /// Its status.
        required status: String,
        /// What it does (cut at 1000 characters).
        required description: String,
        /// The command line of a `shell` task.
        optional command: String,
        /// The subagent type of a `subagent` task.
        optional agent_type: String,
        /// The MCP server of a `monitor` task.
        optional server: String,
        /// The MCP tool of a `monitor` task.
        optional tool: String,
        /// The workflow of a `workflow` task.
        optional name: String,
    }
}

wire_struct! {
    /// A scheduled wakeup of the session (`Stop`'s `session_crons`).
    pub struct SessionCronSummary {
        /// The schedule's id.
        required id: String,
        /// The cron expression (`0 9 * * 1-5`).
        required schedule: String,
        /// Whether it fires on every match, not once.
        required recurring: bool,
        /// The prompt submitted when it fires (cut at 1000 characters).
        required prompt: String,
    }
}

wire_struct! {
    /// One tool call of a batch (`PostToolBatch`'s `tool_calls`).
    pub struct PostToolBatchToolCall {
        /// The tool's name.
        required tool_name: String,
        /// The tool's input, as sent; the `tool_input()` method types it.
        required tool_input: Value,
        /// The tool call's id.
        required tool_use_id: String,
        /// What the tool returned, when it finished.
        optional tool_response: Value,
    }
}

wire_struct! {
    /// The shell command a skill runs (`PreSkillShellCommand`'s `tool_input`).
    pub struct SkillShellCommand {
        /// The command as it would run, with arguments filled in.
        required command: String,
    }
}
