//! An agent's hook input: the enum of its events' inputs
//! (`agent_inputs!`), and the check every input goes through, whichever
//! agent sent it: an object with a string `hook_event_name`, an event the
//! agent has, the event's schema, then its type. One line per problem, in
//! the runtime's grammar, with the event as the error's context.

use std::sync::OnceLock;

use serde_json::{Value, json};
use toolsmith_runtime::suggest::{fold_case, similar_key};
use toolsmith_runtime::{JsonLimits, Validator, echo, sanitize_line};

use crate::compiled::Compiled;
use crate::error::{HookError, HookErrorCode};

/// The most a hook input's text may hold, whichever agent sends it: 32 MiB
/// (a tool's response can be large), nested at most 128 levels.
pub(crate) const PAYLOAD_LIMITS: JsonLimits = JsonLimits {
    max_depth: JsonLimits::DEFAULT_MAX_DEPTH,
    max_bytes: 32 << 20,
};

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

/// The line about an event name `agent` does not have (`agent` empty:
/// `unknown hook event`), naming the one of its `known` events it most
/// likely means and listing them all. A name whose control or invisible
/// characters the sanitizer would drop is shown escaped: dropped,
/// `PreToolUs\u{202e}e` would read as the known `PreToolUse`, and the line
/// would lie.
pub(crate) fn unknown_event(agent: &str, name: &str, known: &[&str]) -> String {
    let clean = sanitize_line(name);
    let shown = if clean == name {
        echo::cut(name, 64)
    } else {
        echo::shown(&name.escape_default().to_string(), 64)
    };
    let hint = match suggest(&clean, known) {
        Some(known) => format!(" (did you mean \"{known}\"?)"),
        None => String::new(),
    };
    let agent = if agent.is_empty() {
        String::new()
    } else {
        format!("{agent} ")
    };
    format!(
        "unknown {agent}hook event \"{shown}\"{hint}; known events: {}",
        known.join(", ")
    )
}

/// The one of `known` that `name` most likely means: the same words in
/// another case convention (`pre_tool_use`, `preToolUse`), else the one
/// name within a few edits (`PreToolUSe`, `PreTolUse`).
pub(crate) fn suggest<'k>(name: &str, known: &[&'k str]) -> Option<&'k str> {
    let folded = fold_case(name);
    known
        .iter()
        .copied()
        .find(|k| fold_case(k) == folded)
        .or_else(|| similar_key(name, known))
}

/// An agent's hook input: one variant per event, each holding the event's
/// struct, with the event, the fields kept in `extra`, the accessor of a
/// field every event carries, the check ([`check_input`] against each event's schema, built
/// from its struct and titled `<prefix><Event>HookInput`) and a `From`
/// per struct.
macro_rules! agent_inputs {
    (
        $(#[$meta:meta])*
        pub enum $name:ident for $event_ty:ident, titled $prefix:literal, named $what:literal {
            $($event:ident($input:ident),)*
        }
        $(#[$acc_meta:meta])* fn $acc:ident -> $ret:ty = $field:ident;
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, ::serde::Serialize)]
        #[serde(tag = "hook_event_name")]
        #[non_exhaustive]
        pub enum $name {
            $(
                #[doc = ::core::concat!("`", ::core::stringify!($event), "`.")]
                $event($input),
            )*
        }

        impl $name {
            /// The event this input is for.
            pub fn event(&self) -> $event_ty {
                match self {
                    $($name::$event(_) => $event_ty::$event,)*
                }
            }

            /// The fields the agent's contract does not declare for this
            /// event, as sent (a newer agent's additions): kept, never an
            /// error.
            pub fn extra(&self) -> &::serde_json::Map<::std::string::String, ::serde_json::Value> {
                match self {
                    $($name::$event(input) => &input.extra,)*
                }
            }

            $(#[$acc_meta])*
            pub fn $acc(&self) -> $ret {
                match self {
                    $($name::$event(input) => &input.$field,)*
                }
            }

            /// Checks `value` against its event's schema, then types it.
            pub(crate) fn check(
                value: &::serde_json::Value,
            ) -> ::core::result::Result<$name, $crate::error::HookError> {
                $crate::input::check_input(
                    value,
                    &$crate::input::Events {
                        from_name: $event_ty::from_name,
                        unknown_problem: $event_ty::unknown_problem,
                        compiled: $name::compiled,
                        deserialize: $name::deserialize_checked,
                        name: $event_ty::as_str,
                    },
                )
            }

            /// Reads `value`, already checked against `event`'s schema.
            fn deserialize_checked(
                event: $event_ty,
                value: &::serde_json::Value,
            ) -> ::core::result::Result<$name, ::serde_json::Error> {
                use ::serde::Deserialize;
                ::core::result::Result::Ok(match event {
                    $($event_ty::$event => {
                        let mut input = $input::deserialize(value)?;
                        input.extra.shift_remove("hook_event_name");
                        $name::$event(input)
                    })*
                })
            }

            /// Each event's schema and its compiled validator, built once.
            pub(crate) fn compiled(event: $event_ty) -> &'static $crate::compiled::Compiled {
                static ALL: ::std::sync::OnceLock<::std::vec::Vec<$crate::compiled::Compiled>> =
                    ::std::sync::OnceLock::new();
                $crate::compiled::compiled_for(&ALL, $event_ty::ALL, event, $what, |event| {
                    let mut schema = match event {
                        $($event_ty::$event => <$input as $crate::wire::WireType>::schema(),)*
                    };
                    $crate::wire::name_event(
                        &mut schema,
                        event.as_str(),
                        ::std::format!("{}{}HookInput", $prefix, event.as_str()),
                    );
                    schema
                })
                .expect("every event is in the agent's list")
            }
        }

        $(
            impl ::core::convert::From<$input> for $name {
                fn from(input: $input) -> $name {
                    $name::$event(input)
                }
            }
        )*
    };
}

pub(crate) use agent_inputs;
