//! The events Codex runs hooks on, as its per-event schemas name them.

use std::fmt;

use crate::input_check::unknown_event;

macro_rules! codex_events {
    ($($(#[$doc:meta])* $variant:ident = $schema:literal,)*) => {
        /// One event of Codex's hook contract: the value of
        /// `hook_event_name` in a hook's input, and the key of the `hooks`
        /// map in its `hooks.json`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum CodexEvent {
            $($(#[$doc])* $variant,)*
        }

        impl CodexEvent {
            /// Every event Codex documents a schema for.
            pub const ALL: &'static [CodexEvent] = &[$(CodexEvent::$variant,)*];

            /// The event's name on the wire: `PreToolUse`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(CodexEvent::$variant => stringify!($variant),)*
                }
            }

            /// The stem of Codex's schema files for the event:
            /// `pre-tool-use` (`pre-tool-use.command.input.schema.json`).
            pub const fn schema_stem(self) -> &'static str {
                match self {
                    $(CodexEvent::$variant => $schema,)*
                }
            }
        }
    };
}

codex_events! {
    /// Before a tool runs; can deny it, with a reason for the model.
    PreToolUse = "pre-tool-use",
    /// Codex is about to ask the user to approve a tool call; can allow or
    /// deny it instead.
    PermissionRequest = "permission-request",
    /// After a tool ran; can block with feedback for the model, or add
    /// context.
    PostToolUse = "post-tool-use",
    /// Before the conversation is compacted.
    PreCompact = "pre-compact",
    /// After the conversation was compacted.
    PostCompact = "post-compact",
    /// A session starts or resumes; can add context.
    SessionStart = "session-start",
    /// A session ends.
    SessionEnd = "session-end",
    /// The user submitted a prompt; can block it, or add context.
    UserPromptSubmit = "user-prompt-submit",
    /// The agent is about to stop; a block keeps it working, with the
    /// reason as its next prompt.
    Stop = "stop",
    /// A subagent starts; can add context.
    SubagentStart = "subagent-start",
    /// A subagent is about to stop; a block keeps it working.
    SubagentStop = "subagent-stop",
    /// The user interrupted a turn.
    Interrupt = "interrupt",
}

impl CodexEvent {
    /// The event named `name` exactly, if Codex has one.
    pub fn from_name(name: &str) -> Option<CodexEvent> {
        CodexEvent::ALL.iter().copied().find(|e| e.as_str() == name)
    }

    /// The line about an event name Codex does not have.
    pub(crate) fn unknown_problem(name: &str) -> String {
        let known: Vec<&str> = CodexEvent::ALL.iter().map(|e| e.as_str()).collect();
        unknown_event("Codex", name, &known)
    }
}

impl fmt::Display for CodexEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
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
