//! A Gemini CLI payload read as Claude's input of the counterpart event,
//! and a Claude answer printed as Gemini CLI's, when Gemini CLI honours
//! every field of it.

use serde_json::{Map, Value, json};

use super::translate::{Refusals, Take, Translation, sort, sort_answer, translate};
use crate::claude::{HookEvent, HookOutput};
use crate::gemini::{Gemini, GeminiEvent, GeminiOutput};

/// Gemini CLI running a hook written against Claude's contract: the
/// payload read as Claude's input of the counterpart event, Claude's
/// answer printed as Gemini CLI's.
pub(super) struct FromGemini;

impl Translation for FromGemini {
    type Agent = Gemini;

    fn counterpart(event: GeminiEvent) -> Option<HookEvent> {
        COUNTERPARTS
            .iter()
            .find(|(gemini, _)| *gemini == event)
            .map(|&(_, claude)| claude)
    }

    fn claude_fields(event: GeminiEvent, fields: &mut Map<String, Value>) {
        match event {
            GeminiEvent::BeforeTool | GeminiEvent::AfterTool => {
                claude_tool(fields);
                // Gemini CLI gives a tool call no id.
                fields.insert("tool_use_id".to_owned(), json!(""));
            }
            GeminiEvent::AfterAgent => {
                if let Some(answer) = fields.remove("prompt_response") {
                    fields.insert("last_assistant_message".to_owned(), answer);
                }
            }
            GeminiEvent::PreCompress => {
                fields.insert("custom_instructions".to_owned(), Value::Null);
            }
            _ => {}
        }
    }

    fn sent_as(event: GeminiEvent) -> String {
        format!(" (Gemini CLI's \"{event}\")")
    }

    fn answer(event: GeminiEvent, output: &HookOutput) -> Result<GeminiOutput, Vec<String>> {
        gemini_answer(event, output)
    }
}

/// Gemini CLI's events and their Claude Code counterparts.
const COUNTERPARTS: &[(GeminiEvent, HookEvent)] = &[
    (GeminiEvent::BeforeTool, HookEvent::PreToolUse),
    (GeminiEvent::AfterTool, HookEvent::PostToolUse),
    (GeminiEvent::BeforeAgent, HookEvent::UserPromptSubmit),
    (GeminiEvent::Notification, HookEvent::Notification),
    (GeminiEvent::AfterAgent, HookEvent::Stop),
    (GeminiEvent::SessionStart, HookEvent::SessionStart),
    (GeminiEvent::SessionEnd, HookEvent::SessionEnd),
    (GeminiEvent::PreCompress, HookEvent::PreCompact),
];

/// A Gemini CLI built-in tool named otherwise in Claude Code.
struct Counterpart {
    gemini: &'static str,
    claude: &'static str,
    /// Its arguments named otherwise: `(Gemini CLI's, Claude Code's)`.
    renamed: &'static [(&'static str, &'static str)],
}

/// Gemini CLI's built-in tools named otherwise in Claude Code.
const TOOLS: &[Counterpart] = &[Counterpart {
    gemini: "run_shell_command",
    claude: "Bash",
    renamed: &[("is_background", "run_in_background")],
}];

/// The events whose `decision: "block"` and `reason` Gemini CLI reads.
const BLOCKS: &[GeminiEvent] = &[
    GeminiEvent::AfterTool,
    GeminiEvent::BeforeAgent,
    GeminiEvent::AfterAgent,
];

/// The events whose `continue: false` and `stopReason` Gemini CLI reads.
const STOPS: &[GeminiEvent] = &[
    GeminiEvent::BeforeTool,
    GeminiEvent::AfterTool,
    GeminiEvent::BeforeAgent,
    GeminiEvent::AfterAgent,
];

/// The events whose `additionalContext` Gemini CLI gives the model.
const ADDS_CONTEXT: &[GeminiEvent] = &[
    GeminiEvent::AfterTool,
    GeminiEvent::BeforeAgent,
    GeminiEvent::SessionStart,
];

/// Whether `payload` is Gemini CLI's: an event only Gemini CLI has, or
/// one it shares with Claude Code (`SessionStart`, …) with the
/// `timestamp` only Gemini CLI sends.
pub(super) fn is_gemini(payload: &Value) -> bool {
    let Some(name) = payload.get("hook_event_name").and_then(Value::as_str) else {
        return false;
    };
    GeminiEvent::from_name(name).is_some()
        && (HookEvent::from_name(name).is_none() || payload.get("timestamp").is_some())
}

/// Renames a built-in tool and its arguments to Claude Code's.
fn claude_tool(fields: &mut Map<String, Value>) {
    let name = fields.get("tool_name").and_then(Value::as_str);
    let Some(tool) = TOOLS.iter().find(|tool| Some(tool.gemini) == name) else {
        return;
    };
    fields.insert("tool_name".to_owned(), json!(tool.claude));
    if let Some(Value::Object(arguments)) = fields.get_mut("tool_input") {
        for (from, to) in tool.renamed {
            if let Some(value) = arguments.remove(*from) {
                arguments.insert((*to).to_owned(), value);
            }
        }
    }
}

/// `output`, answered to Gemini CLI's `event`, in Gemini CLI's shape: one
/// line per field Gemini CLI would not honour.
fn gemini_answer(event: GeminiEvent, output: &HookOutput) -> Result<GeminiOutput, Vec<String>> {
    let blocks = output.to_json()["decision"] == "block";
    translate::<FromGemini, _>(event, output, |fields, refusals| {
        let mut specific = Map::new();
        let mut kept = sort_answer(fields, refusals, |key, value, kept, refusals| match key {
            "systemMessage" | "suppressOutput" => Take::Keep,
            "continue" | "stopReason" if STOPS.contains(&event) => Take::Keep,
            "decision" | "reason" if blocks && BLOCKS.contains(&event) => Take::Keep,
            "hookSpecificOutput" => {
                if let Some(fields) = value.as_object() {
                    sort_specific(event, fields, kept, &mut specific, refusals);
                }
                Take::Done
            }
            _ => Take::Refuse,
        });
        if !specific.is_empty() {
            let mut with_name = Map::new();
            with_name.insert("hookEventName".to_owned(), json!(event.as_str()));
            with_name.extend(specific);
            kept.insert("hookSpecificOutput".to_owned(), Value::Object(with_name));
        }
        kept
    })
}

/// Claude's `hookSpecificOutput` as Gemini CLI reads it: a `PreToolUse`
/// denial becomes the top-level `decision: "deny"` and `reason` (in
/// `kept`), context stays specific (in `specific`); a line for each field
/// Gemini CLI ignores.
fn sort_specific(
    event: GeminiEvent,
    fields: &Map<String, Value>,
    kept: &mut Map<String, Value>,
    specific: &mut Map<String, Value>,
    refusals: &mut Refusals<GeminiEvent>,
) {
    let denies = event == GeminiEvent::BeforeTool
        && fields.get("permissionDecision") == Some(&Value::from("deny"));
    sort(
        fields,
        "/hookSpecificOutput",
        specific,
        refusals,
        |key, value, _, _| match key {
            "hookEventName" => Take::Done,
            "permissionDecision" if denies => {
                kept.insert("decision".to_owned(), json!("deny"));
                Take::Done
            }
            "permissionDecisionReason" if denies => {
                kept.insert("reason".to_owned(), value.clone());
                Take::Done
            }
            "additionalContext" if ADDS_CONTEXT.contains(&event) => Take::Keep,
            _ => Take::Refuse,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::translate::Translated;
    use crate::contract::Contract;

    #[test]
    fn every_counterpart_reads_as_claudes_event() {
        let fields = [
            json!({ "tool_name": "write_file", "tool_input": { "file_path": "a" } }),
            json!({ "tool_name": "run_shell_command", "tool_input": { "command": "ls" }, "tool_response": {} }),
            json!({ "prompt": "hi" }),
            json!({ "notification_type": "ToolPermission", "message": "ok?", "details": {} }),
            json!({ "prompt": "hi", "prompt_response": "done", "stop_hook_active": true }),
            json!({ "source": "startup" }),
            json!({ "reason": "exit" }),
            json!({ "trigger": "auto" }),
        ];
        for (&(gemini, claude), fields) in COUNTERPARTS.iter().zip(fields) {
            let mut payload = json!({
                "session_id": "s", "transcript_path": "/t.json", "cwd": "/w",
                "hook_event_name": gemini.as_str(), "timestamp": "t"
            });
            payload
                .as_object_mut()
                .unwrap()
                .extend(fields.as_object().unwrap().clone());
            assert!(is_gemini(&payload), "{payload}");
            let (event, input) = Translated::<FromGemini>::read(&payload)
                .unwrap_or_else(|lines| panic!("{gemini}: {lines:?}"));
            assert_eq!((event, input.event()), (gemini, claude));
            assert_eq!(input.extra()["timestamp"], "t");
        }
    }
}
