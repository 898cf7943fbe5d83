//! The events an agent runs hooks on, as the Claude Agent SDK names them.

use std::str::FromStr;

use crate::error::{HookError, HookErrorCode};
use crate::event::agent_events;
use crate::input::suggest;

agent_events! {
    /// One event of the hook contract: the value of `hook_event_name`
    /// in a hook's input, and the key of the `hooks` map in settings.
    ///
    /// The variants are the SDK's `HOOK_EVENTS`, in its order.
    pub enum HookEvent, of "" {
        /// Before a tool runs; can allow, deny, ask, defer or rewrite its input.
        PreToolUse,
        /// After a tool succeeded; can block with feedback for the model.
        PostToolUse,
        /// After a tool failed.
        PostToolUseFailure,
        /// After a batch of parallel tool calls finished.
        PostToolBatch,
        /// The agent shows the user a notification.
        Notification,
        /// The user submitted a prompt; can block it or add context.
        UserPromptSubmit,
        /// A prompt was expanded (a slash command or skill).
        UserPromptExpansion,
        /// A session starts or resumes.
        SessionStart,
        /// A session ends.
        SessionEnd,
        /// The main agent is about to stop; can block to keep it working.
        Stop,
        /// The main agent stopped on an error.
        StopFailure,
        /// A subagent starts.
        SubagentStart,
        /// A subagent is about to stop; can block to keep it working.
        SubagentStop,
        /// Before the conversation is compacted.
        PreCompact,
        /// After the conversation was compacted.
        PostCompact,
        /// Before the model is switched.
        PreModelSwitch,
        /// After the model was switched.
        PostModelSwitch,
        /// The agent asks for permission to use a tool; can decide for the user.
        PermissionRequest,
        /// A tool use was denied by the permission system.
        PermissionDenied,
        /// Setup runs (repository initialisation or maintenance).
        Setup,
        /// A teammate of an agent team goes idle.
        TeammateIdle,
        /// A task was created.
        TaskCreated,
        /// A task is being marked completed.
        TaskCompleted,
        /// An MCP server asks the user for input.
        Elicitation,
        /// The user answered an MCP elicitation.
        ElicitationResult,
        /// A settings file changed during the session.
        ConfigChange,
        /// A worktree is created.
        WorktreeCreate,
        /// A worktree is removed.
        WorktreeRemove,
        /// An instructions file (CLAUDE.md, rules) was loaded.
        InstructionsLoaded,
        /// The working directory changed.
        CwdChanged,
        /// A watched file changed.
        FileChanged,
        /// A directory was added to the session.
        DirectoryAdded,
        /// A message is displayed.
        MessageDisplay,
        /// Before a skill runs a shell command.
        PreSkillShellCommand,
    }
}

impl HookEvent {
    /// The event `name` most likely means: the same words in another case
    /// convention (`pre_tool_use`, `preToolUse`), else the one name within
    /// a few edits (`PreToolUSe`, `PreTolUse`).
    pub(crate) fn suggest(name: &str) -> Option<HookEvent> {
        let names: Vec<&str> = HookEvent::ALL.iter().map(|e| e.as_str()).collect();
        suggest(name, &names).and_then(HookEvent::from_name)
    }
}

impl FromStr for HookEvent {
    type Err = HookError;

    /// The event of that exact name; anything else is
    /// [`HookErrorCode::UnknownEvent`] with a line that lists the events.
    fn from_str(name: &str) -> Result<HookEvent, HookError> {
        HookEvent::from_name(name).ok_or_else(|| {
            HookError::new(
                HookErrorCode::UnknownEvent,
                vec![format!(
                    "Invalid hook event: {}",
                    HookEvent::unknown_problem(name)
                )],
            )
        })
    }
}

impl serde::Serialize for HookEvent {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for HookEvent {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<HookEvent, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        HookEvent::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(HookEvent::unknown_problem(&name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sdk_lists_thirty_four_events_each_named_once() {
        assert_eq!(HookEvent::ALL.len(), 34);
        for (i, event) in HookEvent::ALL.iter().enumerate() {
            assert_eq!(HookEvent::from_name(event.as_str()), Some(*event));
            assert_eq!(event.as_str().parse::<HookEvent>().ok(), Some(*event));
            assert!(!HookEvent::ALL[..i].contains(event));
        }
    }

    #[test]
    fn near_misses_are_suggested_in_any_case_convention() {
        for name in [
            "PreToolUSe",
            "pre_tool_use",
            "preToolUse",
            "PreTolUse",
            "pre-tool-use",
        ] {
            assert_eq!(
                HookEvent::suggest(name),
                Some(HookEvent::PreToolUse),
                "{name}"
            );
        }
        assert_eq!(HookEvent::suggest("Banana"), None);
    }

    #[test]
    fn an_unknown_name_is_one_line_listing_the_events() {
        let err = "PreToolUSe".parse::<HookEvent>().unwrap_err();
        assert_eq!(err.code(), HookErrorCode::UnknownEvent);
        let lines = err.lines();
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].starts_with(
                "Invalid hook event: unknown hook event \"PreToolUSe\" (did you mean \"PreToolUse\"?); \
                 known events: PreToolUse, PostToolUse, PostToolUseFailure, "
            ),
            "{}",
            lines[0]
        );
        assert!(lines[0].ends_with(", MessageDisplay, PreSkillShellCommand"));
    }

    #[test]
    fn a_hostile_name_is_sanitized_and_cut() {
        let name = format!("\u{1b}[31m\u{202e}{}", "x".repeat(10_000));
        let line = &name.parse::<HookEvent>().unwrap_err().lines()[0];
        assert!(!line.contains('\u{1b}') && !line.contains('\u{202e}'));
        assert!(line.len() < 1_000, "{}", line.len());
    }
}
