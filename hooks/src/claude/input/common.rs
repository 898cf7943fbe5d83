//! The fields every hook input carries (the SDK's `BaseHookInput`).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::wire::{ObjectSchema, WireType, wire_struct};

/// The fields every hook input carries, whatever the event: the session,
/// its transcript, the working directory, and where in the session the hook
/// fires. Reach it with [`HookInput::common`](super::HookInput::common) or
/// the `common` field of each event's input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct HookCommon {
    /// The session's id.
    pub session_id: String,
    /// The path of the session's transcript (JSON lines).
    pub transcript_path: String,
    /// The working directory when the hook fires.
    pub cwd: String,
    /// Correlates a user prompt with the events that follow it until the
    /// next prompt; absent until the first user input.
    #[serde(
        default,
        deserialize_with = "crate::wire::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub prompt_id: Option<String>,
    /// The permission mode in force (`default`, `plan`, `acceptEdits`,
    /// `bypassPermissions`, …; the SDK types it as any string).
    #[serde(
        default,
        deserialize_with = "crate::wire::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub permission_mode: Option<String>,
    /// The subagent the hook fires in; absent on the main thread.
    #[serde(
        default,
        deserialize_with = "crate::wire::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub agent_id: Option<String>,
    /// The agent type (`general-purpose`, `code-reviewer`): in a subagent,
    /// or on the main thread of a session started with `--agent`.
    #[serde(
        default,
        deserialize_with = "crate::wire::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub agent_type: Option<String>,
    /// The reasoning effort of the current turn, where the model has one.
    #[serde(
        default,
        deserialize_with = "crate::wire::present",
        skip_serializing_if = "Option::is_none"
    )]
    pub effort: Option<Effort>,
}

wire_struct! {
    /// The reasoning effort applied to the current turn.
    pub struct Effort {
        /// The effort level after any downgrade for the model (`low`,
        /// `medium`, `high`, `xhigh`, `max`; any string).
        required level: String,
    }
}

impl WireType for HookCommon {
    fn schema() -> Value {
        let mut b = ObjectSchema::default();
        b.required("session_id", String::schema(), &["The session's id."]);
        b.required(
            "transcript_path",
            String::schema(),
            &["The path of the session's transcript (JSON lines)."],
        );
        b.required(
            "cwd",
            String::schema(),
            &["The working directory when the hook fires."],
        );
        b.optional(
            "prompt_id",
            String::schema(),
            &["Correlates a user prompt with the events that follow it until the next prompt."],
        );
        b.optional(
            "permission_mode",
            String::schema(),
            &["The permission mode in force."],
        );
        b.optional(
            "agent_id",
            String::schema(),
            &["The subagent the hook fires in; absent on the main thread."],
        );
        b.optional(
            "agent_type",
            String::schema(),
            &["The agent type, in a subagent or a session started with --agent."],
        );
        b.optional(
            "effort",
            Effort::schema(),
            &["The reasoning effort of the current turn."],
        );
        b.finish()
    }
}
