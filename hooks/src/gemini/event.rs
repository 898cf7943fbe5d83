//! The events the Gemini CLI runs hooks on (`HookEventName` in
//! `@google/gemini-cli-core`).

use crate::event::agent_events;

agent_events! {
    /// One event of the Gemini CLI's hook contract: the value of
    /// `hook_event_name` in a hook's input, and the key of the `hooks`
    /// map in its `settings.json`.
    pub enum GeminiEvent, of "Gemini CLI" {
        /// Before a tool runs; can block it or rewrite its arguments.
        BeforeTool,
        /// After a tool ran; can add context for the model.
        AfterTool,
        /// The user submitted a prompt, before the agent loop; can add context.
        BeforeAgent,
        /// Gemini CLI shows the user a notification (a permission prompt).
        Notification,
        /// The agent loop answered the prompt; can clear the context.
        AfterAgent,
        /// A session starts, resumes or is cleared; can add context.
        SessionStart,
        /// A session ends.
        SessionEnd,
        /// Before the conversation is compressed.
        PreCompress,
        /// Before a request to the model; can rewrite it or answer in its place.
        BeforeModel,
        /// After the model answered; can rewrite the answer.
        AfterModel,
        /// Before the model chooses among the tools; can narrow them.
        BeforeToolSelection,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_reads_back_from_its_name() {
        assert_eq!(GeminiEvent::ALL.len(), 11);
        for &event in GeminiEvent::ALL {
            assert_eq!(GeminiEvent::from_name(event.as_str()), Some(event));
        }
        assert_eq!(
            GeminiEvent::unknown_problem("PreToolUse"),
            "unknown Gemini CLI hook event \"PreToolUse\"; known events: BeforeTool, AfterTool, BeforeAgent, Notification, AfterAgent, SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection"
        );
    }
}
