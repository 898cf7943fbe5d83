//! The answer of an agent whose hooks answer in plain JSON, as Codex and
//! Gemini CLI do: [`JsonOutput`], the event it was built for and the JSON
//! printed, and `json_builders!`, which declares one builder per event,
//! each writing only what the agent honours on that event.

use std::fmt;

use serde_json::{Map, Value};

use crate::contract::Answer;
use crate::contract::Outcome;

/// An answer to an agent of events `E`, built by the agent's builders
/// ([`CodexOutput::pre_tool_use`](crate::codex::CodexOutput::pre_tool_use),
/// …), or [`empty`](Self::empty).
#[derive(Debug, Clone, PartialEq)]
pub struct JsonOutput<E> {
    event: Option<E>,
    json: Map<String, Value>,
}

impl<E: Copy> JsonOutput<E> {
    /// No answer: the agent goes ahead as if there were no hook; prints
    /// nothing.
    pub fn empty() -> JsonOutput<E> {
        JsonOutput {
            event: None,
            json: Map::new(),
        }
    }

    /// The event the answer was built for (`None` for [`empty`](Self::empty)).
    pub fn event(&self) -> Option<E> {
        self.event
    }

    /// Whether it says nothing.
    pub fn is_empty(&self) -> bool {
        self.json.is_empty()
    }

    /// The JSON printed on stdout.
    pub fn to_json(&self) -> Value {
        Value::Object(self.json.clone())
    }

    /// The answer to `event` that prints `json`: a builder's, or one
    /// translated from another agent's shape, already checked against
    /// what the agent honours.
    pub(crate) fn from_json(event: E, json: Map<String, Value>) -> JsonOutput<E> {
        JsonOutput {
            event: Some(event),
            json,
        }
    }

    /// The JSON's fields.
    pub(crate) fn fields(&self) -> &Map<String, Value> {
        &self.json
    }

    /// What the process prints for it: its JSON, or nothing; exit 0.
    pub(crate) fn printed(&self) -> Outcome {
        if self.is_empty() {
            Outcome::printed("")
        } else {
            Outcome::printed(&self.to_string())
        }
    }
}

impl<E: Copy> Default for JsonOutput<E> {
    fn default() -> Self {
        JsonOutput::empty()
    }
}

impl<E> fmt::Display for JsonOutput<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Value::Object(self.json.clone()).to_string())
    }
}

impl<E> Answer<JsonOutput<E>> for JsonOutput<E> {
    fn into_answer(self) -> Result<JsonOutput<E>, String> {
        Ok(self)
    }
}

/// One builder per event of an agent that answers in plain JSON: each
/// holds the JSON written so far, takes `systemMessage`, the methods
/// given in braces (for every builder) and, through `specific()`, the
/// `hookSpecificOutput` named after its event; it turns into the agent's
/// [`JsonOutput`], and a hook may return it as is.
///
/// ```text
/// json_builders! {
///     CodexEvent { /* methods every builder has */ }
///     /// Docs.
///     CodexPreToolUseOutput, pre_tool_use, PreToolUse;
/// }
/// ```
macro_rules! json_builders {
    (
        $event_ty:ident $common:tt
        $($(#[$doc:meta])* $builder:ident, $fn:ident, $event:ident;)*
    ) => {
        $(
            $(#[$doc])*
            #[derive(Debug, Clone, PartialEq)]
            #[must_use = "an answer does nothing until the hook returns it"]
            pub struct $builder {
                json: ::serde_json::Map<::std::string::String, ::serde_json::Value>,
            }

            impl $builder {
                /// A message shown to the user, not to the model
                /// (`systemMessage`).
                pub fn system_message(mut self, message: impl ::core::convert::Into<::std::string::String>) -> Self {
                    self.json.insert(
                        "systemMessage".to_owned(),
                        ::serde_json::Value::String(message.into()),
                    );
                    self
                }

                $crate::output::json_builders!(@methods $common);

                /// `hookSpecificOutput`, named after the event, made on
                /// first use.
                #[allow(dead_code)]
                fn specific(&mut self) -> &mut ::serde_json::Map<::std::string::String, ::serde_json::Value> {
                    let entry = self
                        .json
                        .entry("hookSpecificOutput")
                        .or_insert_with(|| ::serde_json::json!({ "hookEventName": ::core::stringify!($event) }));
                    entry.as_object_mut().expect("hookSpecificOutput is an object")
                }
            }

            impl ::core::convert::From<$builder> for $crate::output::JsonOutput<$event_ty> {
                fn from(builder: $builder) -> $crate::output::JsonOutput<$event_ty> {
                    $crate::output::JsonOutput::from_json($event_ty::$event, builder.json)
                }
            }

            impl $crate::output::JsonOutput<$event_ty> {
                #[doc = ::core::concat!("The answer to `", ::core::stringify!($event), "`.")]
                pub fn $fn() -> $builder {
                    $builder { json: ::serde_json::Map::new() }
                }
            }

            $crate::contract::plain_answers!($crate::output::JsonOutput<$event_ty>: $builder);
        )*
    };
    (@methods { $($method:tt)* }) => { $($method)* };
}

pub(crate) use json_builders;
