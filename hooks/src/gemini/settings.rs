//! The `hooks` section of a Gemini CLI `settings.json`, checked as Gemini
//! CLI's hook registry reads it: it skips an event it does not know, a
//! definition without a `hooks` array and a hook without a `type` of
//! `command` or without a `command`, each with at most a line in its
//! debug log. The check here says so before the agent runs, one line per
//! problem, with the JSON pointer into the file.
//!
//! ```
//! use serde_json::json;
//! use toolsmith_hooks::gemini::validate_gemini_hooks_config;
//!
//! let settings = json!({
//!     "hooks": {
//!         "BeforeTol": [{ "hooks": [{ "type": "command", "command": "guard" }] }],
//!         "AfterTool": [{ "matcher": "run_shell_command", "hooks": [{ "type": "command" }] }]
//!     }
//! });
//! let err = validate_gemini_hooks_config(&settings).unwrap_err();
//! assert_eq!(
//!     err.lines(),
//!     [
//!         "Invalid hooks settings at /hooks/BeforeTol: unknown Gemini CLI hook event \"BeforeTol\" (did you mean \"BeforeTool\"?); known events: BeforeTool, AfterTool, BeforeAgent, Notification, AfterAgent, SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection",
//!         "Invalid hooks settings at /hooks/AfterTool/0/hooks/0: missing required property \"command\"",
//!     ]
//! );
//! ```

use std::sync::OnceLock;

use serde_json::{Map, Value, json};
use toolsmith_runtime::Validator;

use super::GeminiEvent;
use crate::error::{HookError, HookErrorCode};
use crate::lint::child;

/// How the lines start.
const SUBJECT: &str = "Invalid hooks settings";

/// The keys of `hooks` that are not events (`HOOKS_CONFIG_FIELDS`), which
/// Gemini CLI skips.
const NOT_EVENTS: &[&str] = &["enabled", "disabled", "notifications"];

/// Checks the hook settings in `settings`, a Gemini CLI settings object:
/// `Ok` when Gemini CLI registers every hook as written, else
/// [`HookErrorCode::InvalidSettings`] with one line per problem, in
/// document order (keys that do not govern hooks are not checked).
pub fn validate_gemini_hooks_config(settings: &Value) -> Result<(), HookError> {
    let mut lines = Vec::new();
    if let Some(Value::Object(hooks)) = settings.get("hooks") {
        for name in hooks.keys() {
            if !NOT_EVENTS.contains(&name.as_str()) && GeminiEvent::from_name(name).is_none() {
                lines.push(format!(
                    "{SUBJECT} at {}: {}",
                    child("/hooks", name),
                    GeminiEvent::unknown_problem(name)
                ));
            }
        }
    }
    if let Err(err) = validator().validate(settings) {
        lines.extend(err.lines_for(SUBJECT));
    }
    if lines.is_empty() {
        Ok(())
    } else {
        Err(HookError::new(HookErrorCode::InvalidSettings, lines))
    }
}

/// The settings' schema: `hooks` an object, each event's value an array
/// of definitions, each with a `hooks` array of command hooks.
fn validator() -> &'static Validator {
    static VALIDATOR: OnceLock<Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let handler = json!({
            "type": "object",
            "properties": {
                "type": { "const": "command" },
                "command": { "type": "string", "minLength": 1 },
                "name": { "type": "string" },
                "description": { "type": "string" },
                "timeout": { "type": "number", "exclusiveMinimum": 0 },
                "env": { "type": "object", "additionalProperties": { "type": "string" } }
            },
            "required": ["type", "command"]
        });
        let definitions = json!({
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "matcher": { "type": "string" },
                    "sequential": { "type": "boolean" },
                    "hooks": { "type": "array", "items": handler }
                },
                "required": ["hooks"]
            }
        });
        let events: Map<String, Value> = GeminiEvent::ALL
            .iter()
            .map(|event| (event.as_str().to_owned(), definitions.clone()))
            .collect();
        let schema = json!({
            "type": "object",
            "properties": { "hooks": { "type": "object", "properties": events } }
        });
        Validator::new(&schema).unwrap_or_else(|err| panic!("the settings schema: {err}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_settings_and_the_config_fields_pass() {
        let settings = json!({
            "security": { "auth": { "selectedType": "gemini-api-key" } },
            "hooks": {
                "enabled": true,
                "BeforeTool": [{
                    "matcher": "run_shell_command", "sequential": true,
                    "hooks": [{ "type": "command", "command": "guard", "timeout": 5000, "env": { "A": "1" } }]
                }]
            }
        });
        assert_eq!(
            validate_gemini_hooks_config(&settings).map_err(|e| e.lines()),
            Ok(())
        );
        assert_eq!(
            validate_gemini_hooks_config(&json!({})).map_err(|e| e.lines()),
            Ok(())
        );
    }

    #[test]
    fn every_problem_gemini_skips_is_one_line() {
        let settings = json!({
            "hooks": {
                "PreToolUse": [],
                "AfterAgent": { "hooks": [] },
                "BeforeAgent": [{ "matcher": "x" }],
                "SessionStart": [{ "hooks": [{ "type": "comand", "command": "" }] }]
            }
        });
        let err = validate_gemini_hooks_config(&settings).unwrap_err();
        assert_eq!(err.code(), HookErrorCode::InvalidSettings);
        assert_eq!(
            err.lines(),
            [
                "Invalid hooks settings at /hooks/PreToolUse: unknown Gemini CLI hook event \"PreToolUse\"; known events: BeforeTool, AfterTool, BeforeAgent, Notification, AfterAgent, SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection",
                "Invalid hooks settings at /hooks/BeforeAgent/0: missing required property \"hooks\"",
                "Invalid hooks settings at /hooks/AfterAgent: must be an array, got object",
                "Invalid hooks settings at /hooks/SessionStart/0/hooks/0/command: must be at least 1 character long, got 0",
                "Invalid hooks settings at /hooks/SessionStart/0/hooks/0/type: must equal \"command\", got \"comand\"",
            ]
        );
    }
}
