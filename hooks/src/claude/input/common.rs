//! The fields every hook input carries (the SDK's `BaseHookInput`).

use crate::wire::wire_struct;

wire_struct! {
    /// The fields every hook input carries, whatever the event: the session,
    /// its transcript, the working directory, and where in the session the hook
    /// fires. Reach it with [`HookInput::common`](super::HookInput::common) or
    /// the `common` field of each event's input.
    pub struct HookCommon: embedded {
        /// The session's id.
        required session_id: String,
        /// The path of the session's transcript (JSON lines).
        required transcript_path: String,
        /// The working directory when the hook fires.
        required cwd: String,
        /// Correlates a user prompt with the events that follow it until the
        /// next prompt; absent until the first user input.
        #[description = "Correlates a user prompt with the events that follow it until the next prompt."]
        optional prompt_id: String,
        /// The permission mode in force (`default`, `plan`, `acceptEdits`,
        /// `bypassPermissions`, …; the SDK types it as any string).
        #[description = "The permission mode in force."]
        optional permission_mode: String,
        /// The subagent the hook fires in; absent on the main thread.
        optional agent_id: String,
        /// The agent type (`general-purpose`, `code-reviewer`): in a subagent,
        /// or on the main thread of a session started with `--agent`.
        #[description = "The agent type, in a subagent or a session started with --agent."]
        optional agent_type: String,
        /// The reasoning effort of the current turn, where the model has one.
        #[description = "The reasoning effort of the current turn."]
        optional effort: Effort,
    }
}

wire_struct! {
    /// The reasoning effort applied to the current turn.
    pub struct Effort {
        /// The effort level after any downgrade for the model (`low`,
        /// `medium`, `high`, `xhigh`, `max`; any string).
        required level: String,
    }
}
