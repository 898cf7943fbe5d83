//! The answers a Codex hook can give, one builder per event, each writing
//! only what Codex honours: its output parser refuses the rest (on
//! `PreToolUse`, `ask`, `allow`, `decision: "approve"`, `continue`,
//! `stopReason` and `suppressOutput` are "unsupported" and the call goes
//! ahead), so those are not methods here.

use serde_json::{Value, json};

use super::CodexEvent;
use crate::output::{JsonOutput, json_builders};

/// An answer to Codex, built by [`CodexOutput::pre_tool_use`] and the other
/// builders, or [`CodexOutput::empty`].
pub type CodexOutput = JsonOutput<CodexEvent>;

impl CodexOutput {
    /// The reasons the answer carries for the model (`reason`,
    /// `permissionDecisionReason`, a denial's `message`), which Codex
    /// refuses when empty.
    pub(crate) fn reasons(&self) -> Vec<&str> {
        let json = self.fields();
        let specific = &json.get("hookSpecificOutput");
        [
            json.get("reason"),
            specific.and_then(|s| s.get("permissionDecisionReason")),
            specific.and_then(|s| s.pointer("/decision/message")),
        ]
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
    }
}

json_builders! {
    CodexEvent {}
    /// `PreToolUse`: deny the call, with the reason the model reads, or
    /// add context beside it.
    CodexPreToolUseOutput, pre_tool_use, PreToolUse;
    /// `PermissionRequest`: approve or deny instead of asking the user.
    CodexPermissionRequestOutput, permission_request, PermissionRequest;
    /// `PostToolUse`: feedback for the model after the tool ran, or context.
    CodexPostToolUseOutput, post_tool_use, PostToolUse;
    /// `UserPromptSubmit`: refuse the prompt, or add context to it.
    CodexUserPromptSubmitOutput, user_prompt_submit, UserPromptSubmit;
    /// `SessionStart`: context for the model.
    CodexSessionStartOutput, session_start, SessionStart;
    /// `SubagentStart`: context for the subagent.
    CodexSubagentStartOutput, subagent_start, SubagentStart;
    /// `Stop`: keep the agent working, with the reason as its next prompt.
    CodexStopOutput, stop, Stop;
    /// `SubagentStop`: keep the subagent working.
    CodexSubagentStopOutput, subagent_stop, SubagentStop;
    /// `PreCompact`: a message for the user.
    CodexPreCompactOutput, pre_compact, PreCompact;
    /// `PostCompact`: a message for the user.
    CodexPostCompactOutput, post_compact, PostCompact;
    /// `Interrupt`: a message for the user.
    CodexInterruptOutput, interrupt, Interrupt;
}

impl CodexPreToolUseOutput {
    /// Denies the call; the model reads `reason` as its result.
    pub fn deny(mut self, reason: impl Into<String>) -> Self {
        let specific = self.specific();
        specific.insert("permissionDecision".to_owned(), json!("deny"));
        specific.insert(
            "permissionDecisionReason".to_owned(),
            Value::String(reason.into()),
        );
        self
    }
}

impl CodexPermissionRequestOutput {
    /// Approves the call without asking the user.
    pub fn allow(mut self) -> Self {
        self.specific()
            .insert("decision".to_owned(), json!({ "behavior": "allow" }));
        self
    }

    /// Denies the call; the model reads `message`.
    pub fn deny(mut self, message: impl Into<String>) -> Self {
        self.specific().insert(
            "decision".to_owned(),
            json!({ "behavior": "deny", "message": message.into() }),
        );
        self
    }
}

macro_rules! blocks {
    ($($builder:ident: $what:literal;)*) => {
        $(
            impl $builder {
                #[doc = ::core::concat!("Blocks: ", $what)]
                pub fn block(mut self, reason: impl Into<String>) -> Self {
                    self.json.insert("decision".to_owned(), json!("block"));
                    self.json.insert("reason".to_owned(), Value::String(reason.into()));
                    self
                }
            }
        )*
    };
}

blocks! {
    CodexPostToolUseOutput: "the model reads `reason` beside the tool's result.";
    CodexUserPromptSubmitOutput: "the prompt never reaches the model; the user reads `reason`.";
    CodexStopOutput: "the agent goes on, with `reason` as its next prompt.";
    CodexSubagentStopOutput: "the subagent goes on, with `reason` as its next prompt.";
}

macro_rules! adds_context {
    ($($builder:ident,)*) => {
        $(
            impl $builder {
                /// Text added for the model.
                pub fn additional_context(mut self, context: impl Into<String>) -> Self {
                    self.specific()
                        .insert("additionalContext".to_owned(), Value::String(context.into()));
                    self
                }
            }
        )*
    };
}

adds_context! {
    CodexPreToolUseOutput,
    CodexPostToolUseOutput,
    CodexUserPromptSubmitOutput,
    CodexSessionStartOutput,
    CodexSubagentStartOutput,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_denial_is_the_json_codex_reads() {
        let out: CodexOutput = CodexOutput::pre_tool_use().deny("no").into();
        assert_eq!(
            out.to_string(),
            r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}"#
        );
        assert_eq!(out.reasons(), ["no"]);
    }
}
