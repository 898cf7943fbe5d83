//! A Codex payload read as Claude's input of the same event, and a Claude
//! answer printed as Codex's, when Codex honours every field of it.

use serde_json::{Map, Value};
use toolsmith_runtime::echo;

use super::Agent;
use crate::claude::{HookEvent, HookInput, HookOutput, validate_hook_input, validate_hook_output};
use crate::codex::{Codex, CodexEvent, CodexOutput, validate_codex_hook_input};
use crate::contract::{Contract, check_built_for};
use crate::runner::Outcome;

/// A hook written against Claude's contract, run by Codex: Codex's payload
/// read as Claude's input of the same event, Claude's answer printed as
/// Codex's.
pub(super) struct ClaudeOnCodex;

impl Contract for ClaudeOnCodex {
    const AGENT: Agent = Agent::Codex;
    type Event = CodexEvent;
    type Input = HookInput;
    type Output = HookOutput;

    fn event_named(name: &str) -> Option<CodexEvent> {
        Codex::event_named(name)
    }

    fn read(payload: &Value) -> Result<(CodexEvent, HookInput), Vec<String>> {
        claude_input(payload)
    }

    fn answer(
        event: CodexEvent,
        payload: &Value,
        output: HookOutput,
    ) -> Result<Outcome, Vec<String>> {
        check_built_for(output.event().map(HookEvent::as_str), event.as_str(), "")?;
        Codex::answer(event, payload, codex_answer(event, &output)?)
    }

    fn never_fails_closed(event: CodexEvent) -> bool {
        Codex::never_fails_closed(event)
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

/// `payload`, valid for Codex's contract, as Claude's input of the same
/// event, with Codex's event.
fn claude_input(payload: &Value) -> Result<(CodexEvent, HookInput), Vec<String>> {
    let event = validate_codex_hook_input(payload)
        .map_err(|err| err.lines())?
        .event();
    let Some(claude_event) = HookEvent::from_name(event.as_str()) else {
        return Err(vec![format!(
            "Invalid hook input: Codex's \"{event}\" has no Claude Code counterpart, so a hook written for Claude's events cannot answer it; remove the hook from this event"
        )]);
    };
    let mut payload = payload.clone();
    if let Some(fields) = payload.as_object_mut() {
        // Codex sends `null` for a field it has no value for; Claude leaves
        // it out. An ephemeral session keeps no transcript.
        fields.retain(|key, value| key == "transcript_path" || !value.is_null());
        if let Some(path) = fields.get_mut("transcript_path")
            && path.is_null()
        {
            *path = Value::String(String::new());
        }
    }
    let input = validate_hook_input(&payload).map_err(|err| err.lines())?;
    debug_assert_eq!(input.event(), claude_event);
    Ok((event, input))
}

/// `output`, answered to Codex's `event`, in Codex's shape: one line per
/// field Codex would not honour.
fn codex_answer(event: CodexEvent, output: &HookOutput) -> Result<CodexOutput, Vec<String>> {
    let json = output.to_json();
    if let Some(claude_event) = HookEvent::from_name(event.as_str()) {
        validate_hook_output(claude_event, &json).map_err(|err| err.lines())?;
    }
    let Value::Object(fields) = json else {
        unreachable!("an answer is an object")
    };
    let blocks = fields.get("decision") == Some(&Value::from("block"));
    let mut lines = Vec::new();
    let mut kept = Map::new();
    for (key, value) in &fields {
        let honoured = match key.as_str() {
            "systemMessage" => true,
            "decision" | "reason" => blocks && BLOCKS.contains(&event),
            "hookSpecificOutput" => {
                kept.insert(
                    key.clone(),
                    Value::Object(specific(event, value, &mut lines)),
                );
                continue;
            }
            _ => false,
        };
        if honoured {
            kept.insert(key.clone(), value.clone());
        } else {
            lines.push(refused(&format!("/{key}"), value, event));
        }
    }
    if lines.is_empty() {
        Ok(CodexOutput::from_json(event, kept))
    } else {
        Err(lines)
    }
}

/// The fields of `hookSpecificOutput` Codex honours on `event`; a line in
/// `lines` for each other one.
fn specific(event: CodexEvent, value: &Value, lines: &mut Vec<String>) -> Map<String, Value> {
    let mut kept = Map::new();
    let Some(fields) = value.as_object() else {
        return kept;
    };
    let denies = fields.get("permissionDecision") == Some(&Value::from("deny"));
    for (key, value) in fields {
        let honoured = match key.as_str() {
            "hookEventName" => true,
            "permissionDecision" | "permissionDecisionReason" => {
                event == CodexEvent::PreToolUse && denies
            }
            "additionalContext" => ADDS_CONTEXT.contains(&event),
            "decision" if event == CodexEvent::PermissionRequest => {
                permission_decision(value, lines);
                true
            }
            _ => false,
        };
        if honoured {
            kept.insert(key.clone(), value.clone());
        } else {
            lines.push(refused(&format!("/hookSpecificOutput/{key}"), value, event));
        }
    }
    kept
}

/// Codex takes a `PermissionRequest` decision's `behavior` and a denial's
/// `message`; it fails closed on anything beside them.
fn permission_decision(decision: &Value, lines: &mut Vec<String>) {
    let Some(fields) = decision.as_object() else {
        return;
    };
    let denies = fields.get("behavior") == Some(&Value::from("deny"));
    for (key, value) in fields {
        if !(key == "behavior" || key == "message" && denies) {
            lines.push(refused(
                &format!("/hookSpecificOutput/decision/{key}"),
                value,
                CodexEvent::PermissionRequest,
            ));
        }
    }
}

fn refused(at: &str, value: &Value, event: CodexEvent) -> String {
    format!(
        "Invalid hook output at {at}: Codex does not honour {} on {event}, so it would not apply; answer without it when the agent is Codex",
        echo::shown(&value.to_string(), 64)
    )
}
