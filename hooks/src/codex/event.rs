//! The events Codex runs hooks on, as its per-event schemas name them.

use crate::event::agent_events;

agent_events! {
    /// One event of Codex's hook contract: the value of
    /// `hook_event_name` in a hook's input, and the key of the `hooks`
    /// map in its `hooks.json`.
    pub enum CodexEvent, of "Codex" {
        /// Before a tool runs; can deny it, with a reason for the model.
        PreToolUse,
        /// Codex is about to ask the user to approve a tool call; can allow or
        /// deny it instead.
        PermissionRequest,
        /// After a tool ran; can block with feedback for the model, or add
        /// context.
        PostToolUse,
        /// Before the conversation is compacted.
        PreCompact,
        /// After the conversation was compacted.
        PostCompact,
        /// A session starts or resumes; can add context.
        SessionStart,
        /// A session ends.
        SessionEnd,
        /// The user submitted a prompt; can block it, or add context.
        UserPromptSubmit,
        /// The agent is about to stop; a block keeps it working, with the
        /// reason as its next prompt.
        Stop,
        /// A subagent starts; can add context.
        SubagentStart,
        /// A subagent is about to stop; a block keeps it working.
        SubagentStop,
        /// The user interrupted a turn.
        Interrupt,
    }
}

impl CodexEvent {
    /// The stem of Codex's schema files for the event:
    /// `pre-tool-use` (`pre-tool-use.command.input.schema.json`).
    pub const fn schema_stem(self) -> &'static str {
        match self {
            CodexEvent::PreToolUse => "pre-tool-use",
            CodexEvent::PermissionRequest => "permission-request",
            CodexEvent::PostToolUse => "post-tool-use",
            CodexEvent::PreCompact => "pre-compact",
            CodexEvent::PostCompact => "post-compact",
            CodexEvent::SessionStart => "session-start",
            CodexEvent::SessionEnd => "session-end",
            CodexEvent::UserPromptSubmit => "user-prompt-submit",
            CodexEvent::Stop => "stop",
            CodexEvent::SubagentStart => "subagent-start",
            CodexEvent::SubagentStop => "subagent-stop",
            CodexEvent::Interrupt => "interrupt",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_reads_back_from_its_name() {
        assert_eq!(CodexEvent::ALL.len(), 12);
        for &event in CodexEvent::ALL {
            assert_eq!(CodexEvent::from_name(event.as_str()), Some(event));
        }
        assert_eq!(
            CodexEvent::unknown_problem("PreToolUSe"),
            "unknown Codex hook event \"PreToolUSe\" (did you mean \"PreToolUse\"?); known events: PreToolUse, PermissionRequest, PostToolUse, PreCompact, PostCompact, SessionStart, SessionEnd, UserPromptSubmit, Stop, SubagentStart, SubagentStop, Interrupt"
        );
    }
}
