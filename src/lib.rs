//! Plain Rust functions as tools for language-model agents.
//!
//! `#[tool]` on a function derives, at compile time, the typed argument
//! struct, the JSON Schema the model sees, and the schema rules that make
//! the tool work on every host. Before the function runs, every call is
//! checked against that schema, and a bad call is answered with one
//! sanitized line per problem, written for the model to fix its next call.
//!
//! ```
//! use serde::Deserialize;
//! use serde_json::json;
//! use toolsmith::{Tool, ToolArg, invoke_tool, tool, validate_input};
//!
//! /// What goes between the words of a slug.
//! #[derive(Deserialize, ToolArg)]
//! pub enum Separator {
//!     #[serde(rename = "-")]
//!     Dash,
//!     #[serde(rename = "_")]
//!     Underscore,
//! }
//!
//! /// Turns text into a URL slug.
//! ///
//! /// # Arguments
//! ///
//! /// * `text` - the text to slugify
//! /// * `separator` - what goes between words
//! #[tool]
//! pub fn slugify(#[arg(pattern = r"\S")] text: String, separator: Separator) -> String {
//!     let separator = match separator {
//!         Separator::Dash => "-",
//!         Separator::Underscore => "_",
//!     };
//!     text.split_whitespace().collect::<Vec<_>>().join(separator).to_lowercase()
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! // `Slugify` is the tool, `SlugifyArgs` its typed arguments.
//! assert_eq!(Slugify.name(), "slugify");
//! assert_eq!(Slugify.description(), "Turns text into a URL slug.");
//! assert_eq!(
//!     Slugify.input_schema(),
//!     &json!({
//!         "type": "object",
//!         "properties": {
//!             "text": {"type": "string", "description": "the text to slugify", "pattern": "\\S"},
//!             "separator": {"type": "string", "description": "what goes between words", "enum": ["-", "_"]}
//!         },
//!         "required": ["text", "separator"],
//!         "additionalProperties": false
//!     })
//! );
//!
//! // A bad call: every problem, and the function never runs.
//! let err = validate_input(&Slugify, &json!({"text": " ", "separator": "+", "sep": "-"})).unwrap_err();
//! assert_eq!(
//!     err.lines(),
//!     [
//!         "Invalid arguments at /text: must match pattern \"\\S\"",
//!         "Invalid arguments at /separator: must be one of -, _, got \"+\"",
//!         "Invalid arguments: unknown property \"sep\"; takes text, separator",
//!     ]
//! );
//!
//! // A good call runs it; the function stays an ordinary function too.
//! let result = invoke_tool(&Slugify, json!({"text": "Hello World", "separator": "_"}), ()).await;
//! assert_eq!(result.unwrap(), json!("hello_world"));
//! assert_eq!(slugify("Hello World".into(), Separator::Dash), "hello-world");
//! # }
//! ```
//!
//! [`validate_input`] returns the typed arguments or every problem;
//! [`invoke_tool`] validates, then runs the function, which never sees input
//! that failed the schema. A valid call is deserialized and checked in one
//! pass; the full validator runs only to name the problems of a bad one.
//! A [`ToolSet`] (or [`toolset!`]) holds the tools a host serves.
//!
//! # The guide
//!
//! The reference lives in [`guide`], one page per topic:
//! [writing tools](guide::tools), [argument types](guide::argument_types),
//! [schema rules](guide::schema_rules), [error lines](guide::error_lines),
//! [repairs](guide::repairs), [patterns](guide::patterns),
//! [the call and rich results](guide::the_call), [hosts](guide::hosts),
//! [any schema](guide::any_schema),
//! [hooks](guide::hooks), [schemars both ways](guide::schemars) and
//! [migrating](guide::migrating).
//!
//! # Hosts
//!
//! Each host adapter takes a [`ToolSet`]; all but function calling are
//! cargo features:
//!
//! - [`function_calling`]: OpenAI, Anthropic and Gemini declarations and
//!   dispatch;
//! - [`mcp`] (feature `mcp`, and `mcp-http` for Streamable HTTP): an MCP
//!   server on rmcp;
//! - [`cli`] (feature `cli`): a clap command line, one subcommand per tool;
//! - [`ai_sdk`] (feature `ai-sdk`): the tools of the MCP server in the AI
//!   SDK, tool errors thrown as the AI SDK reads them;
//! - [`pi`] (feature `pi`): the tools inside the Pi and OMP coding agents,
//!   as one TypeScript extension;
//! - [`rig`] (feature `rig`): the tools of a rig agent;
//! - [`hooks`] (feature `hooks`): coding-agent hook contracts, not a host
//!   but the same runtime and lines;
//! - [`schemars`](mod@schemars) (feature `schemars`): tools from schemars types.
//!
//! Every call, whichever host made it, is told to
//! [`ToolSet::on_call`] as a [`CallReport`] (tool, host, outcome, repairs,
//! duration); with the `tracing` feature it is also one `tool_call` span.

pub use toolsmith_macros::{FromContext, ToolArg, ToolOutput, tool};
// The runtime, by name: the echo, listing and near-miss helpers the hosts
// share stay in the runtime (and `toolsmith-text`).
pub use toolsmith_runtime::{
    Answer, AskError, Block, BlockingJob, Body, Call, CallError, CallHandle, CallHost, CallOutcome,
    CallReport, Caller, CallerKind, Cancelled, CliHints, CliParam, Content, DynamicTool,
    HostFuture, Invocation, Issue, IssueKind, JsonLimits, JsonTextError, JsonTextErrorKind, Limits,
    LogLevel, Progress, REPORTED_ARGUMENTS, RegisterError, Repair, RepairKind, RepairPolicy, Reply,
    Root, SchemaError, TaskSupport, Tool, ToolAnnotations, ToolError, ToolHints, ToolIcon,
    ToolInputError, ToolRef, ToolSet, ToolWith, UnknownTool, Validated, Validator,
    ValidatorBuilder, invoke_tool, keywords, names, parse_json_text, portable, sanitize_line,
    sanitize_text, tool_result, validate_input, validate_input_str, validate_input_with,
    with_causes,
};
// The traits the derives and `#[tool]` implement (the derives of the same
// names are above).
pub use toolsmith_runtime::{FromContext, ToolArg, ToolArgs, ToolOutput};

// The generated code names `::toolsmith`, also inside this crate's own tests.
extern crate self as toolsmith;

mod host;
// What a host's `new` takes: a set whose tools take no context.
pub use host::IntoPlainSet;

pub mod function_calling;
pub mod guide;

#[cfg(feature = "ai-sdk")]
pub mod ai_sdk;
#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "hooks")]
pub use toolsmith_hooks as hooks;
#[cfg(feature = "mcp")]
pub mod mcp;
#[cfg(feature = "pi")]
pub mod pi;
#[cfg(feature = "rig")]
pub mod rig;
#[cfg(feature = "schemars")]
pub mod schemars;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

/// A [`ToolSet`] of the tools listed, registered in order:
/// `toolset![Add, Slugify]` is `Result<ToolSet<C>, RegisterError>`, an
/// error for a name listed twice or a tool some host refuses.
///
/// The set's context type comes from the tools (a tool with a `#[ctx]`
/// parameter pins it) or from the binding: `let tools: ToolSet = ..` for
/// tools that take none.
///
/// ```
/// use toolsmith::{ToolSet, tool, toolset};
///
/// /// Adds two numbers.
/// #[tool]
/// fn add(a: i64, b: i64) -> i64 {
///     a + b
/// }
///
/// /// Negates a number.
/// #[tool]
/// fn negate(n: i64) -> i64 {
///     -n
/// }
///
/// let tools: ToolSet = toolset![Add, Negate]?;
/// assert_eq!(tools.names().collect::<Vec<_>>(), ["add", "negate"]);
///
/// let twice = toolset![Add, Add].map(|_: ToolSet| ()).unwrap_err();
/// assert_eq!(twice.to_string(), "a tool named \"add\" is already registered");
/// # Ok::<(), toolsmith::RegisterError>(())
/// ```
///
/// The list is written out rather than collected from the whole program
/// (as the `inventory` crate would): what a host exposes to a model stays
/// visible where the host is built, two hosts in one program can serve
/// different tools, and nothing depends on link-time registration, which
/// not every target supports.
#[macro_export]
macro_rules! toolset {
    ($($tool:expr),* $(,)?) => {
        (|| -> ::core::result::Result<$crate::ToolSet<_>, $crate::RegisterError> {
            #[allow(unused_mut)]
            let mut set = $crate::ToolSet::default();
            $(set.register($tool)?;)*
            ::core::result::Result::Ok(set)
        })()
    };
}

// The README's complete examples run as doctests; its fragments are marked
// `ignore`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
