//! Function calling: the tools of a [`ToolSet`] as OpenAI, Anthropic and
//! Gemini declare them, and each host's tool call turned into that host's
//! tool-result message.
//!
//! The canonical schema is the portable one; each host gets a rewritten copy
//! of it ([`openai::tools`], [`anthropic::tools`], [`gemini::tools`]). A call
//! is always validated against the canonical schema, so a bound a host drops
//! from what it advertises is still enforced. Every host feeds the same lines
//! back to the model for the same bad call:
//!
//! | outcome | tool-result text |
//! |---|---|
//! | bad input | one line per problem, `Invalid arguments at /limit: must be at most 50, got 500` |
//! | the function fails | `search failed: <sanitized message>` |
//! | unknown tool | `Unknown tool "serch"; available tools: slugify, search` |
//! | arguments not JSON (OpenAI) | `Invalid arguments: not valid JSON: expected value at line 1 column 2` |
//! | a key sent twice (OpenAI) | `Invalid arguments: duplicate key "name" at line 1 column 21; send each key once` |
//! | a call without a tool name | `Invalid tool call: missing "function"` |
//! | arguments too large | `Invalid arguments: larger than the limit of 1048576 bytes` |
//! | the tool panicked | `search failed: the tool panicked` |
//!
//! Arguments are capped by the set's [`Limits`] (1 MiB and 128 levels by
//! default, [`ToolSet::with_limits`] to change them), the same cap as on
//! every other host; `dispatch` reads it from the set, and
//! `dispatch_with_limit` sets a byte cap of its own for one call (the
//! set's still applies).
//!
//! ```
//! # use serde_json::json;
//! # use toolsmith::{DynamicTool, ToolSet, function_calling::openai};
//! # let mut tools = ToolSet::new();
//! # tools.register_dynamic(DynamicTool::new("echo", "Returns its input", json!({
//! #     "type": "object", "properties": {"text": {"type": "string"}},
//! #     "required": ["text"], "additionalProperties": false
//! # }), |args, ()| async move { Ok(args) })).unwrap();
//! # tokio_test_block_on(async {
//! let call = json!({
//!     "id": "call_1",
//!     "type": "function",
//!     "function": { "name": "echo", "arguments": "{\"text\": 1}" }
//! });
//! let message = openai::dispatch(&tools, &call, ()).await;
//! assert_eq!(message, json!({
//!     "role": "tool",
//!     "tool_call_id": "call_1",
//!     "content": "Invalid arguments at /text: must be a string, got number 1"
//! }));
//! # });
//! # fn tokio_test_block_on<F: std::future::Future>(f: F) -> F::Output {
//! #     tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f)
//! # }
//! ```

use serde_json::{Map, Value};
use toolsmith_runtime::{CallError, JsonTextError, Limits, ToolInputError, ToolSet, sanitize_line};

pub mod anthropic;
pub mod gemini;
pub mod openai;

/// The largest arguments payload dispatched by default: 1 MiB, the
/// default [`Limits::max_bytes`].
pub const DEFAULT_MAX_PAYLOAD: usize = Limits::DEFAULT.max_bytes;

/// How a call turned out, as the text a model reads back.
pub(crate) enum Reply {
    /// The tool ran; its result.
    Ok(Value),
    /// The lines for the model: bad input, a failure, an unknown tool.
    Err(String),
}

/// The arguments as a host delivered them, before validation.
pub(crate) enum Args {
    Value(Value),
    /// A problem already found with the payload itself, as a line.
    Refused(String),
}

impl Args {
    /// Arguments sent as a JSON value (`input`, `args`): absent is `{}`;
    /// over `max_payload` bytes, or nested deeper than a JSON parser goes,
    /// is refused with a line.
    pub(crate) fn from_payload(payload: Option<&Value>, max_payload: usize) -> Args {
        match payload {
            None => Args::Value(Value::Null),
            Some(value) => match refusal(value, max_payload) {
                Some(line) => Args::Refused(line),
                None => Args::Value(value.clone()),
            },
        }
    }
}

/// Runs tool `name` of `set` and renders the outcome as text lines.
pub(crate) async fn run<C>(set: &ToolSet<C>, name: &str, args: Args, ctx: C) -> Reply {
    let tool = match set.tool(name) {
        Ok(tool) => tool,
        Err(unknown) => return Reply::Err(unknown.to_string()),
    };
    let args = match args {
        Args::Value(Value::Null) => Value::Object(Map::new()),
        Args::Value(value) => value,
        Args::Refused(line) => return Reply::Err(line),
    };
    match tool.call(args, ctx).await {
        Ok(value) => Reply::Ok(value),
        Err(CallError::Input(err)) => Reply::Err(err.to_string()),
        Err(CallError::Failed(err)) => Reply::Err(failed_line(tool.name(), err.message())),
    }
}

/// `search failed: <message>`: what every host says when the function fails.
pub(crate) fn failed_line(tool: &str, message: &str) -> String {
    format!("{tool} failed: {message}")
}

/// The line for a payload over `max` bytes.
pub(crate) fn too_large_line(max: usize) -> String {
    format!("Invalid arguments: larger than the limit of {max} bytes")
}

/// The line for arguments whose JSON text was refused, with what is wrong
/// and where (the words `toolsmith::validate_input_str` uses).
pub(crate) fn not_json_line(err: &JsonTextError) -> String {
    ToolInputError::not_json(err).to_string()
}

/// The string at `field` of a tool call, or the line saying it is missing
/// or not a string: `Invalid tool call: missing "name"`. `shown` is how
/// the line names the field (`function.name` for a nested one).
pub(crate) fn call_field<'v>(call: &'v Value, field: &str, shown: &str) -> Result<&'v str, String> {
    match call.get(field) {
        Some(Value::String(text)) => Ok(text),
        None | Some(Value::Null) => Err(format!("Invalid tool call: missing \"{shown}\"")),
        Some(_) => Err(format!("Invalid tool call: \"{shown}\" must be a string")),
    }
}

/// A tool name the model sent, as a reply may repeat it: one line, cut
/// to the 64 characters a tool name can have.
pub(crate) fn echoed_name(name: &str) -> String {
    const MAX: usize = 64;
    // Cut before sanitizing, so the work is bounded; sanitizing only shortens.
    let head = match name.char_indices().nth(MAX * 4) {
        Some((end, _)) => &name[..end],
        None => name,
    };
    let clean = sanitize_line(head);
    match clean.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}…", &clean[..end]),
        None if head.len() < name.len() => format!("{clean}…"),
        None => clean,
    }
}

/// A successful result as tool-result text: a string as it is, anything
/// else as compact JSON.
pub(crate) fn result_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Why a payload given as a `Value` is refused before it is copied: over
/// `max` bytes written as JSON, or nested deeper than a parser would have
/// let it be (a value built in code); see [`Limits::check`].
pub(crate) fn refusal(value: &Value, max: usize) -> Option<String> {
    let limits = Limits {
        max_bytes: max,
        ..Limits::DEFAULT
    };
    limits.check(value).err().map(|err| err.to_string())
}

/// Applies `rewrite` to every subschema of `schema`, innermost first.
pub(crate) fn map_schema(schema: &Value, rewrite: &impl Fn(&mut Map<String, Value>)) -> Value {
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    let mut out = Map::with_capacity(map.len());
    for (key, value) in map {
        let value = match (key.as_str(), value) {
            ("properties", Value::Object(props)) => Value::Object(
                props
                    .iter()
                    .map(|(name, sub)| (name.clone(), map_schema(sub, rewrite)))
                    .collect(),
            ),
            ("items" | "additionalProperties" | "not", sub @ Value::Object(_)) => {
                map_schema(sub, rewrite)
            }
            ("anyOf" | "oneOf" | "allOf" | "prefixItems", Value::Array(subs)) => {
                Value::Array(subs.iter().map(|sub| map_schema(sub, rewrite)).collect())
            }
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    rewrite(&mut out);
    Value::Object(out)
}

/// The JSON types a subschema's `type` names (empty when it names none).
pub(crate) fn types(schema: &Map<String, Value>) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Keywords that only annotate; no host needs them in a declaration.
pub(crate) const META_KEYWORDS: &[&str] = &["$schema", "$comment", "$id"];
