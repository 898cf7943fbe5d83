//! The check every agent's hook input goes through, whichever agent sent
//! it: an object with a string `hook_event_name`, an event the agent has,
//! the event's schema, then its type. One line per problem, in the
//! runtime's grammar, with the event as the error's context.

use std::sync::OnceLock;

use serde_json::{Value, json};
use toolsmith_runtime::suggest::similar_key;
use toolsmith_runtime::{Validator, echo, sanitize_line};

use crate::compiled::Compiled;
use crate::{HookError, HookErrorCode};

/// How the lines of a hook input's problems start.
pub(crate) const SUBJECT: &str = "Invalid hook input";

/// What an agent's events give the check.
pub(crate) struct Events<E, T> {
    /// The event a `hook_event_name` names, if the agent has it.
    pub(crate) from_name: fn(&str) -> Option<E>,
    /// The problem of a name the agent does not have.
    pub(crate) unknown_problem: fn(&str) -> String,
    /// The event's compiled input schema.
    pub(crate) compiled: fn(E) -> &'static Compiled,
    /// The typed input, read from a value its schema took.
    pub(crate) deserialize: fn(E, &Value) -> Result<T, serde_json::Error>,
    /// The event's name, for the error's context.
    pub(crate) name: fn(E) -> &'static str,
}

/// Checks `value` as a hook input of `events`' agent and types it.
pub(crate) fn check_input<E: Copy, T>(
    value: &Value,
    events: &Events<E, T>,
) -> Result<T, HookError> {
    if let Err(err) = envelope().validate(value) {
        let code = if value.is_object() {
            HookErrorCode::MissingEventName
        } else {
            HookErrorCode::NotObject
        };
        return Err(HookError::from_input_error(code, SUBJECT, &err));
    }
    let name = value["hook_event_name"].as_str().unwrap_or_default();
    let Some(event) = (events.from_name)(name) else {
        return Err(HookError::new(
            HookErrorCode::UnknownEvent,
            vec![format!(
                "{SUBJECT} at /hook_event_name: {}",
                (events.unknown_problem)(name)
            )],
        ));
    };
    (events.compiled)(event)
        .validator
        .validate(value)
        .map_err(|err| HookError::from_input_error(HookErrorCode::InvalidInput, SUBJECT, &err))
        .and_then(|()| {
            (events.deserialize)(event, value).map_err(|err| {
                HookError::new(
                    HookErrorCode::InvalidInput,
                    vec![format!("{SUBJECT}: {}", echo::shown(&err.to_string(), 200))],
                )
            })
        })
        .map_err(|err| err.with_context((events.name)(event)))
}

/// The envelope every input shares: an object with a string
/// `hook_event_name`.
fn envelope() -> &'static Validator {
    static ENVELOPE: OnceLock<Validator> = OnceLock::new();
    ENVELOPE.get_or_init(|| {
        let schema = json!({
            "type": "object",
            "properties": { "hook_event_name": { "type": "string" } },
            "required": ["hook_event_name"]
        });
        Validator::new(&schema).unwrap_or_else(|err| panic!("the envelope schema: {err}"))
    })
}

/// The line about an event name `agent` does not have, naming the closest
/// of its `known` events and listing them all. A name whose control or
/// invisible characters the sanitizer would drop is shown escaped, so the
/// line never shows a known name it was not sent.
pub(crate) fn unknown_event(agent: &str, name: &str, known: &[&str]) -> String {
    let clean = sanitize_line(name);
    let shown = if clean == name {
        echo::cut(name, 64)
    } else {
        echo::shown(&name.escape_default().to_string(), 64)
    };
    let hint = match similar_key(&clean, known) {
        Some(known) => format!(" (did you mean \"{known}\"?)"),
        None => String::new(),
    };
    format!(
        "unknown {agent} hook event \"{shown}\"{hint}; known events: {}",
        known.join(", ")
    )
}
