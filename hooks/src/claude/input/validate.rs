//! Reading a hook's input: the text, the envelope (an object naming its
//! event), then the event's schema, then the typed struct.

use serde_json::Value;
use toolsmith_runtime::{JsonLimits, JsonTextErrorKind, echo, parse_json_text};

use super::HookInput;
use crate::claude::HookEvent;
use crate::error::{HookError, HookErrorCode};
use crate::input::{PAYLOAD_LIMITS, SUBJECT};

impl HookEvent {
    /// The JSON Schema of this event's input, as [`validate_hook_input`]
    /// checks it: the SDK's fields with their types, required ones listed,
    /// `hook_event_name` fixed to the event, unknown fields allowed. Sets of
    /// values the SDK may extend list the known ones as `examples`; fixed
    /// sets are an `enum`.
    ///
    /// ```
    /// use toolsmith_hooks::HookEvent;
    ///
    /// let schema = HookEvent::PreToolUse.input_schema();
    /// assert_eq!(schema["properties"]["tool_use_id"]["type"], "string");
    /// assert_eq!(schema["required"][0], "hook_event_name");
    /// ```
    pub fn input_schema(self) -> &'static Value {
        &HookInput::compiled(self).schema
    }
}

impl HookInput {
    /// The most a hook input's text may hold: 32 MiB (a tool's response can
    /// be large), nested at most 128 levels.
    pub const LIMITS: JsonLimits = PAYLOAD_LIMITS;
}

/// Reads a hook's input from its JSON text (as the agent writes it on
/// stdin), within [`HookInput::LIMITS`], then as [`validate_hook_input`].
///
/// Text that is not JSON is [`HookErrorCode::NotJson`]
/// (`Invalid hook input: not valid JSON: expected value at line 1 column 1`);
/// text over the limit is [`HookErrorCode::TooLarge`].
pub fn validate_hook_input_str(text: &str) -> Result<HookInput, HookError> {
    let value = parse_json_text(text, &HookInput::LIMITS).map_err(|err| {
        let code = match err.kind() {
            JsonTextErrorKind::TooLarge => HookErrorCode::TooLarge,
            _ => HookErrorCode::NotJson,
        };
        HookError::new(
            code,
            vec![format!("{SUBJECT}: {}", echo::shown(&err.to_string(), 200))],
        )
    })?;
    validate_hook_input(&value)
}

/// Checks a hook's input and types it: every problem at once, one line
/// each, in the runtime's grammar.
///
/// - not an object: [`HookErrorCode::NotObject`],
///   `Invalid hook input: must be an object, got array`;
/// - no string `hook_event_name`: [`HookErrorCode::MissingEventName`],
///   `Invalid hook input: missing required property "hook_event_name"`;
/// - an event not in [`HookEvent::ALL`]: [`HookErrorCode::UnknownEvent`],
///   `Invalid hook input at /hook_event_name: unknown hook event
///   "PreToolUSe" (did you mean "PreToolUse"?); known events: …`;
/// - a documented field missing or mistyped: [`HookErrorCode::InvalidInput`],
///   `Invalid hook input at /tool_use_id: must be a string, got number 7`,
///   with
///   the event as [`context`](HookError::context).
///
/// Fields the SDK does not declare are kept in
/// [`extra`](HookInput::extra). The `tool_input` of tool events is kept as
/// sent, and typed on demand by [`HookInput::tool_input`].
pub fn validate_hook_input(value: &Value) -> Result<HookInput, HookError> {
    HookInput::check(value)
}
