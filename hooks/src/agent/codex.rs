//! A Codex payload read as Claude's input of the same event, and a Claude
//! answer printed as Codex's, when Codex honours every field of it.

use serde_json::{Map, Value};

use super::translate::{Refusals, Take, Translation, sort, sort_answer, translate};
use crate::claude::{HookEvent, HookOutput};
use crate::codex::{Codex, CodexEvent, CodexOutput};

/// Codex running a hook written against Claude's contract: the payload
/// read as Claude's input of the same event, Claude's answer printed as
/// Codex's.
pub(super) struct FromCodex;

impl Translation for FromCodex {
    type Agent = Codex;

    /// The same event: every Codex event but `Interrupt` is Claude's too.
    fn counterpart(event: CodexEvent) -> Option<HookEvent> {
        HookEvent::from_name(event.as_str())
    }

    fn claude_fields(_: CodexEvent, fields: &mut Map<String, Value>) {
        // Codex sends `null` for a field it has no value for; Claude leaves
        // it out. An ephemeral session keeps no transcript.
        fields.retain(|key, value| key == "transcript_path" || !value.is_null());
        if let Some(path) = fields.get_mut("transcript_path")
            && path.is_null()
        {
            *path = Value::String(String::new());
        }
    }

    fn answer(event: CodexEvent, output: &HookOutput) -> Result<CodexOutput, Vec<String>> {
        codex_answer(event, output)
    }
}

/// The events whose `decision: "block"` and `reason` Codex reads.
const BLOCKS: &[CodexEvent] = &[
    CodexEvent::PostToolUse,
    CodexEvent::UserPromptSubmit,
    CodexEvent::Stop,
    CodexEvent::SubagentStop,
];

/// The events whose `additionalContext` Codex gives the model.
const ADDS_CONTEXT: &[CodexEvent] = &[
    CodexEvent::PreToolUse,
    CodexEvent::PostToolUse,
    CodexEvent::UserPromptSubmit,
    CodexEvent::SessionStart,
    CodexEvent::SubagentStart,
];

/// `output`, answered to Codex's `event`, in Codex's shape: one line per
/// field Codex would not honour.
fn codex_answer(event: CodexEvent, output: &HookOutput) -> Result<CodexOutput, Vec<String>> {
    let blocks = output.to_json()["decision"] == "block";
    translate::<FromCodex, _>(event, output, |fields, refusals| {
        sort_answer(fields, refusals, |key, value, kept, refusals| match key {
            "systemMessage" => Take::Keep,
            "decision" | "reason" if blocks && BLOCKS.contains(&event) => Take::Keep,
            "hookSpecificOutput" => {
                let mut specific = Map::new();
                if let Some(fields) = value.as_object() {
                    sort_specific(event, fields, &mut specific, refusals);
                }
                kept.insert(key.to_owned(), Value::Object(specific));
                Take::Done
            }
            _ => Take::Refuse,
        })
    })
}

/// The fields of `hookSpecificOutput` Codex honours on `event` into
/// `kept`; a line for each other one.
fn sort_specific(
    event: CodexEvent,
    fields: &Map<String, Value>,
    kept: &mut Map<String, Value>,
    refusals: &mut Refusals<CodexEvent>,
) {
    let denies = fields.get("permissionDecision") == Some(&Value::from("deny"));
    sort(
        fields,
        "/hookSpecificOutput",
        kept,
        refusals,
        |key, value, _, refusals| match key {
            "hookEventName" => Take::Keep,
            "permissionDecision" | "permissionDecisionReason"
                if event == CodexEvent::PreToolUse && denies =>
            {
                Take::Keep
            }
            "additionalContext" if ADDS_CONTEXT.contains(&event) => Take::Keep,
            "decision" if event == CodexEvent::PermissionRequest => {
                // Codex takes the decision's `behavior` and a denial's
                // `message`; it fails closed on anything beside them.
                if let Some(decision) = value.as_object() {
                    let denies = decision.get("behavior") == Some(&Value::from("deny"));
                    let mut ignored = Map::new();
                    sort(
                        decision,
                        "/hookSpecificOutput/decision",
                        &mut ignored,
                        refusals,
                        |key, _, _, _| match key {
                            "behavior" => Take::Keep,
                            "message" if denies => Take::Keep,
                            _ => Take::Refuse,
                        },
                    );
                }
                Take::Keep
            }
            _ => Take::Refuse,
        },
    );
}
