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

use serde_json::Value;
use toolsmith_runtime::echo::quoted;
pub use toolsmith_runtime::portable::Host;
use toolsmith_runtime::portable::refused_by;
use toolsmith_runtime::{Call, Limits, ToolSet};

use crate::host::{self, Outcome};

/// The string `format`s the strict modes of OpenAI and Anthropic take
/// (Anthropic's takes `uri` too): OpenAI moves any other into the
/// description, and a schema with another is not strict for Anthropic
/// ([`anthropic::is_strict`]).
const STRICT_FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

pub mod anthropic;
pub mod gemini;
pub mod openai;

/// What `host` would refuse in the declarations of `set`'s tools, one line
/// per construct, each naming its tool:
/// `tool "lookup": at /properties/q: "$ref" is refused by Gemini; …`.
///
/// A typed `#[tool]` schema follows rules every host takes, so this is
/// empty for it; a [`DynamicTool`](crate::DynamicTool) or a
/// [`schemars`](crate::schemars) tool may use any draft 2020-12 keyword,
/// which some hosts refuse. The keywords are read from the canonical
/// schema, since a host's rewriting would drop them silently; OpenAI strict
/// mode's closed-object rule is read from the schema
/// [`openai::strict_schema`] sends (objects closed, every property
/// required), so it names only what the rewriting cannot take away. Call it where the tools
/// are offered to a host, and keep the tools it names away from that host.
///
/// ```
/// # use serde_json::json;
/// # use toolsmith::{DynamicTool, ToolSet, function_calling::{self, Host}};
/// let mut tools = ToolSet::new();
/// tools.register_dynamic(DynamicTool::new(
///     "lookup",
///     "Looks a point up",
///     json!({
///         "type": "object",
///         "properties": {"at": {"$ref": "#/$defs/point"}},
///         "required": ["at"],
///         "additionalProperties": false,
///         "$defs": {"point": {
///             "type": "object",
///             "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
///             "required": ["x", "y"],
///             "additionalProperties": false
///         }}
///     }),
///     |_, ()| async { Ok(json!("found")) },
/// ))?;
/// assert!(function_calling::refused(&tools, Host::Anthropic).is_empty());
/// assert!(function_calling::refused(&tools, Host::OpenAiStrict).is_empty());
/// assert_eq!(
///     function_calling::refused(&tools, Host::Gemini)[0],
///     "tool \"lookup\": at /properties/at: \"$ref\" is refused by Gemini; inline the subschema it points to",
/// );
/// # Ok::<(), toolsmith::RegisterError>(())
/// ```
pub fn refused<C>(set: &ToolSet<C>, host: Host) -> Vec<String> {
    set.tools()
        .flat_map(|tool| {
            let canonical = tool.input_schema();
            let mut lines = refused_by(canonical, host);
            if host == Host::OpenAiStrict {
                // Strict mode is sent a schema rewritten to close every
                // object and require every property: those rules are read
                // from what it is sent, the keywords from the canonical
                // schema (the rewriting would drop them silently).
                lines.retain(|line| {
                    line.contains(" is refused by ") || line.starts_with("the root")
                });
                for line in refused_by(&openai::strict_schema(canonical), host) {
                    if !lines.contains(&line) {
                        lines.push(line);
                    }
                }
            }
            let name = quoted(tool.name());
            lines
                .into_iter()
                .map(move |line| format!("tool {name}: {line}"))
        })
        .collect()
}

/// The largest arguments payload dispatched by default: 1 MiB, the
/// default [`Limits::max_bytes`].
pub const DEFAULT_MAX_PAYLOAD: usize = Limits::DEFAULT.max_bytes;

/// The arguments as a tool call delivered them, before validation.
pub(crate) enum Args {
    /// The arguments; `null` when the call sent none.
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

/// Why a payload given as a `Value` is refused before it is copied: over
/// `max` bytes written as JSON, or nested deeper than a parser would have
/// let it be (a value built in code); see [`Limits::check`].
fn refusal(value: &Value, max: usize) -> Option<String> {
    let limits = Limits {
        max_bytes: max,
        ..Limits::DEFAULT
    };
    limits.check(value).err().map(|err| err.to_string())
}

/// Runs tool `name` of `set` for provider `host`: its result, or the text
/// the model reads in its place (the lines of bad input, the failure, the
/// unknown name).
pub(crate) async fn run<C>(
    set: &ToolSet<C>,
    (name, host): (&str, &'static str),
    args: Args,
    ctx: C,
) -> Result<Value, String> {
    let tool = set.tool(name).map_err(|unknown| unknown.to_string())?;
    let args = match args {
        Args::Value(value) => value,
        Args::Refused(line) => return Err(line),
    };
    let answer = tool.call_in(args, ctx, Call::detached_as(host)).await;
    match host::outcome(tool, answer) {
        Outcome::Ran(value) => Ok(value),
        Outcome::Refused(err) => Err(err.to_string()),
        Outcome::Failed(line) => Err(line),
    }
}

/// Runs the tool a call names at `"name"` (Anthropic's `tool_use`,
/// Gemini's `functionCall`) for provider `host`, with the JSON value at
/// `args` capped at `max_payload` bytes: the name (empty when the call has
/// none) and what [`run`] answers, or the line saying the name is missing.
pub(crate) async fn run_named<'v, C>(
    set: &ToolSet<C>,
    call: &'v Value,
    (args, host): (&str, &'static str),
    max_payload: usize,
    ctx: C,
) -> (&'v str, Result<Value, String>) {
    match call_field(call, "name", "name") {
        Ok(name) => {
            let args = Args::from_payload(call.get(args), max_payload);
            (name, run(set, (name, host), args, ctx).await)
        }
        Err(line) => ("", Err(line)),
    }
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
