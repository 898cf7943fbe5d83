//! Each event's answer as one JSON Schema (closed objects, the SDK's
//! `SyncHookJSONOutput` narrowed to what the event reads), and the rules a
//! schema of the runtime's subset cannot say: the two unions
//! (`PermissionRequest`'s decision, `PermissionUpdate`) and the
//! cross-field contracts.

use std::sync::OnceLock;

use serde_json::{Map, Value, json};

use super::MAX_TEXT_CHARS;
use crate::claude::HookEvent;
use crate::compiled::{Compiled, compiled_for};
use crate::error::{HookError, HookErrorCode};

const SUBJECT: &str = "Invalid hook output";

/// The events that read a top-level `decision: "block"` with a `reason`.
const DECIDING: &[HookEvent] = &[
    HookEvent::UserPromptSubmit,
    HookEvent::UserPromptExpansion,
    HookEvent::PostToolUse,
    HookEvent::PostToolUseFailure,
    HookEvent::PostToolBatch,
    HookEvent::Stop,
    HookEvent::SubagentStop,
    HookEvent::ConfigChange,
    HookEvent::PreCompact,
];

/// A text the agent caps.
fn text() -> Value {
    json!({ "type": "string", "maxLength": MAX_TEXT_CHARS })
}

fn strings() -> Value {
    json!({ "type": "array", "items": { "type": "string" } })
}

/// The superset of `PermissionUpdate`'s six kinds; which fields a kind
/// takes is checked after (see [`check_update`]).
fn permission_update() -> Value {
    json!({
        "type": "object",
        "properties": {
            "type": { "enum": UPDATE_KINDS },
            "rules": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "toolName": { "type": "string" },
                        "ruleContent": { "type": "string" }
                    },
                    "required": ["toolName"],
                    "additionalProperties": false
                }
            },
            "behavior": { "enum": ["allow", "deny", "ask"] },
            "mode": { "enum": ["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"] },
            "directories": strings(),
            "destination": { "enum": ["userSettings", "projectSettings", "localSettings", "session", "cliArg"] }
        },
        "required": ["type", "destination"],
        "additionalProperties": false
    })
}

const UPDATE_KINDS: [&str; 6] = [
    "addRules",
    "replaceRules",
    "removeRules",
    "setMode",
    "addDirectories",
    "removeDirectories",
];

/// The fields of `hookSpecificOutput` besides `hookEventName`, and which
/// are required; `None` for an event without `hookSpecificOutput`.
fn specific(event: HookEvent) -> Option<(Value, &'static [&'static str])> {
    use HookEvent as E;
    let context = || json!({ "additionalContext": text() });
    let decision4 = json!({ "enum": ["allow", "deny", "ask", "defer"] });
    let fields = match event {
        E::PreToolUse => json!({
            "permissionDecision": decision4,
            "permissionDecisionReason": text(),
            "updatedInput": { "type": "object" },
            "additionalContext": text()
        }),
        E::PreSkillShellCommand => json!({
            "permissionDecision": decision4,
            "permissionDecisionReason": text(),
            "updatedInput": { "type": "object" }
        }),
        E::PreModelSwitch => json!({
            "permissionDecision": { "enum": ["allow", "deny", "ask"] },
            "permissionDecisionReason": text()
        }),
        E::UserPromptSubmit => json!({
            "additionalContext": text(),
            "sessionTitle": { "type": "string" },
            "suppressOriginalPrompt": { "type": "boolean" }
        }),
        E::UserPromptExpansion => json!({
            "additionalContext": text(),
            "suppressOriginalPrompt": { "type": "boolean" }
        }),
        E::SessionStart => json!({
            "additionalContext": text(),
            "initialUserMessage": text(),
            "sessionTitle": { "type": "string" },
            "watchPaths": strings(),
            "reloadSkills": { "type": "boolean" }
        }),
        E::PostToolUse => json!({
            "additionalContext": text(),
            "classifierContext": { "type": "string", "maxLength": 2000 },
            "updatedToolOutput": true,
            "updatedMCPToolOutput": true
        }),
        E::Setup
        | E::PostModelSwitch
        | E::SubagentStart
        | E::PostToolUseFailure
        | E::PostToolBatch
        | E::Stop
        | E::SubagentStop
        | E::Notification => context(),
        E::PermissionDenied => json!({ "retry": { "type": "boolean" } }),
        E::PermissionRequest => json!({
            "decision": {
                "type": "object",
                "properties": {
                    "behavior": { "enum": ["allow", "deny"] },
                    "updatedInput": { "type": "object" },
                    "updatedPermissions": { "type": "array", "items": permission_update() },
                    "message": text(),
                    "interrupt": { "type": "boolean" }
                },
                "required": ["behavior"],
                "additionalProperties": false
            }
        }),
        E::Elicitation | E::ElicitationResult => json!({
            "action": { "enum": ["accept", "decline", "cancel"] },
            "content": { "type": "object" }
        }),
        E::CwdChanged | E::FileChanged => json!({ "watchPaths": strings() }),
        E::WorktreeCreate => json!({ "worktreePath": { "type": "string" } }),
        E::MessageDisplay => json!({ "displayContent": { "type": "string" } }),
        _ => return None,
    };
    let required: &[&str] = match event {
        E::PermissionRequest => &["decision"],
        E::WorktreeCreate => &["worktreePath"],
        _ => &[],
    };
    Some((fields, required))
}

fn build_schema(event: HookEvent) -> Value {
    let mut properties = json!({
        "continue": { "type": "boolean" },
        "suppressOutput": { "type": "boolean" },
        "stopReason": { "type": "string" },
        "systemMessage": text(),
        "terminalSequence": { "type": "string" }
    });
    let props = properties.as_object_mut().expect("an object literal");
    if DECIDING.contains(&event) {
        props.insert("decision".into(), json!({ "enum": ["block"] }));
        props.insert("reason".into(), text());
    }
    if let Some((fields, required)) = specific(event) {
        let mut specific = Map::new();
        specific.insert("hookEventName".into(), json!({ "const": event.as_str() }));
        if let Value::Object(fields) = fields {
            specific.extend(fields);
        }
        let mut required_all = vec![Value::from("hookEventName")];
        required_all.extend(required.iter().map(|&name| Value::from(name)));
        props.insert(
            "hookSpecificOutput".into(),
            json!({
                "type": "object",
                "properties": specific,
                "required": required_all,
                "additionalProperties": false
            }),
        );
    }
    json!({
        "type": "object",
        "properties": properties,
        "additionalProperties": false
    })
}

/// Each event's output schema and its compiled validator, built once.
fn compiled(event: HookEvent) -> &'static Compiled {
    static ALL: OnceLock<Vec<Compiled>> = OnceLock::new();
    compiled_for(&ALL, HookEvent::ALL, event, "output", build_schema)
        .expect("every event is in HookEvent::ALL")
}

/// The JSON Schema of `event`'s answer: closed objects, the fields the event
/// reads, text capped at [`MAX_TEXT_CHARS`](super::MAX_TEXT_CHARS). Two
/// unions are wider here than the agent takes (the `PermissionRequest`
/// decision and `PermissionUpdate` hold the fields of all their kinds);
/// [`validate_hook_output`] checks them per kind.
///
/// ```
/// use toolsmith_hooks::{output_schema, HookEvent};
///
/// let schema = output_schema(HookEvent::PreCompact);
/// assert_eq!(schema["additionalProperties"], false);
/// assert!(schema["properties"].get("hookSpecificOutput").is_none());
/// let specific = &output_schema(HookEvent::PreToolUse)["properties"]["hookSpecificOutput"];
/// assert_eq!(specific["properties"]["hookEventName"]["const"], "PreToolUse");
/// ```
pub fn output_schema(event: HookEvent) -> &'static Value {
    &compiled(event).schema
}

/// Checks an answer written by hand (or by another program) for `event`,
/// strictly: every field the event does not read is an error, and so is
///
/// - a `decision: "block"` without a `reason` (the model is told nothing),
/// - on `Stop`/`SubagentStop`, `additionalContext` beside a `decision`
///   (non-error feedback and a block are alternatives),
/// - a `permissionDecision: "deny"` without a `permissionDecisionReason`,
/// - a `PermissionRequest` decision or a `PermissionUpdate` holding a field
///   of another kind, or missing one of its own,
/// - text longer than [`MAX_TEXT_CHARS`](super::MAX_TEXT_CHARS).
///
/// Every problem is a line: `Invalid hook output at
/// /hookSpecificOutput/permissionDecision: must be one of allow, deny, ask,
/// defer`.
pub fn validate_hook_output(event: HookEvent, output: &Value) -> Result<(), HookError> {
    let mut lines = match compiled(event).validator.validate(output) {
        Ok(()) => Vec::new(),
        Err(err) => err.lines_for(SUBJECT),
    };
    if let Value::Object(output) = output {
        contracts(event, output, &mut lines);
    }
    if lines.is_empty() {
        Ok(())
    } else {
        Err(HookError::new(HookErrorCode::InvalidOutput, lines).with_context(event.as_str()))
    }
}

/// The rules across fields, on an answer whose shape may be wrong too (each
/// rule looks only at values of the right type).
fn contracts(event: HookEvent, output: &Map<String, Value>, lines: &mut Vec<String>) {
    let specific = output.get("hookSpecificOutput").and_then(Value::as_object);
    let blocks = output.get("decision").and_then(Value::as_str) == Some("block");
    if blocks && DECIDING.contains(&event) && !output.contains_key("reason") {
        lines.push(format!(
            "{SUBJECT}: missing required property \"reason\"; a \"block\" decision says why, for the model to act on"
        ));
    }
    if matches!(event, HookEvent::Stop | HookEvent::SubagentStop)
        && output.contains_key("decision")
        && specific.is_some_and(|s| s.contains_key("additionalContext"))
    {
        lines.push(format!(
            "{SUBJECT} at /hookSpecificOutput/additionalContext: cannot be combined with \"decision\"; block with a reason, or send additionalContext alone"
        ));
    }
    let Some(specific) = specific else { return };
    if specific.get("permissionDecision").and_then(Value::as_str) == Some("deny")
        && !specific.contains_key("permissionDecisionReason")
    {
        lines.push(format!(
            "{SUBJECT} at /hookSpecificOutput: missing required property \"permissionDecisionReason\"; a \"deny\" says why, for the model to act on"
        ));
    }
    if event == HookEvent::PermissionRequest
        && let Some(decision) = specific.get("decision").and_then(Value::as_object)
    {
        check_decision(decision, lines);
    }
}

/// One kind of a union: the fields it takes and the ones it needs.
struct Kind {
    /// The fields of every kind of the union.
    union: &'static [&'static str],
    takes: &'static [&'static str],
    needs: &'static [&'static str],
}

fn check_kind(
    at: &str,
    what: &str,
    object: &Map<String, Value>,
    kind: &Kind,
    lines: &mut Vec<String>,
) {
    let missing: Vec<String> = kind
        .needs
        .iter()
        .filter(|name| !object.contains_key(**name))
        .map(|name| format!("\"{name}\""))
        .collect();
    if !missing.is_empty() {
        let noun = if missing.len() == 1 {
            "property"
        } else {
            "properties"
        };
        lines.push(format!(
            "{SUBJECT} at {at}: missing required {noun} {} for {what}",
            missing.join(", ")
        ));
    }
    for key in object.keys() {
        // Keys outside every kind were reported by the schema already.
        if !kind.takes.contains(&key.as_str()) && kind.union.contains(&key.as_str()) {
            lines.push(format!(
                "{SUBJECT} at {at}: unknown property \"{key}\" for {what}; takes {}",
                kind.takes.join(", ")
            ));
        }
    }
}

const DECISION_KEYS: &[&str] = &[
    "behavior",
    "updatedInput",
    "updatedPermissions",
    "message",
    "interrupt",
];

const UPDATE_KEYS: &[&str] = &[
    "type",
    "rules",
    "behavior",
    "mode",
    "directories",
    "destination",
];

fn check_decision(decision: &Map<String, Value>, lines: &mut Vec<String>) {
    const AT: &str = "/hookSpecificOutput/decision";
    match decision.get("behavior").and_then(Value::as_str) {
        Some("allow") => {
            let kind = Kind {
                union: DECISION_KEYS,
                takes: &["behavior", "updatedInput", "updatedPermissions"],
                needs: &["behavior"],
            };
            check_kind(AT, "behavior \"allow\"", decision, &kind, lines);
        }
        Some("deny") => {
            let kind = Kind {
                union: DECISION_KEYS,
                takes: &["behavior", "message", "interrupt"],
                needs: &["behavior"],
            };
            check_kind(AT, "behavior \"deny\"", decision, &kind, lines);
        }
        _ => {}
    }
    if let Some(Value::Array(updates)) = decision.get("updatedPermissions") {
        for (i, update) in updates.iter().enumerate() {
            if let Value::Object(update) = update {
                check_update(&format!("{AT}/updatedPermissions/{i}"), update, lines);
            }
        }
    }
}

/// Which fields each `PermissionUpdate` kind takes.
fn check_update(at: &str, update: &Map<String, Value>, lines: &mut Vec<String>) {
    let Some(kind_name) = update.get("type").and_then(Value::as_str) else {
        return;
    };
    let kind = match kind_name {
        "addRules" | "replaceRules" | "removeRules" => Kind {
            union: UPDATE_KEYS,
            takes: &["type", "rules", "behavior", "destination"],
            needs: &["rules", "behavior"],
        },
        "setMode" => Kind {
            union: UPDATE_KEYS,
            takes: &["type", "mode", "destination"],
            needs: &["mode"],
        },
        "addDirectories" | "removeDirectories" => Kind {
            union: UPDATE_KEYS,
            takes: &["type", "directories", "destination"],
            needs: &["directories"],
        },
        // An unknown kind was reported by the schema.
        _ => return,
    };
    check_kind(at, &format!("type \"{kind_name}\""), update, &kind, lines);
}
