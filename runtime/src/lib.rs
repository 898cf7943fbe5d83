//! The runtime of [toolsmith](https://docs.rs/toolsmith): the schema
//! validator, the error lines a model reads, the sanitizer and the `Tool`
//! trait. Use it through the `toolsmith` crate, which re-exports everything
//! here beside the `#[tool]` macro and the host adapters.

mod arg;
mod call;
mod cli_hints;
mod content;
mod context;
mod domain;
pub mod echo;
mod error;
mod integer_reading;
mod invoke;
mod json_text;
mod output;
mod pointer;
mod read;
mod repair;
mod schema;
pub mod shortlist;
mod strict;
mod tool;
mod toolset;

/// Near misses: the "did you mean" of a line (from `toolsmith-text`).
pub use toolsmith_text::suggest;
// `crate::sanitize::sanitize_line`, as the runtime's modules name it.
use toolsmith_text as sanitize;

/// The naming and description rules every host imposes on a tool, shared
/// with the macros: the tool and property name patterns, the description
/// cap.
pub use toolsmith_schema_rules::names;
use toolsmith_schema_rules::names as rules;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

pub use arg::ToolArg;
pub use call::{
    Answer, AskError, Call, CallHandle, CallHost, Caller, CallerKind, Cancelled, HostFuture,
    LogLevel, Progress, Reply, Root,
};
pub use cli_hints::{CliHints, CliParam};
pub use content::{Block, Body, Content};
pub use context::FromContext;
pub use error::{Issue, IssueKind, SchemaError, ToolInputError};
pub use invoke::{Validated, invoke_tool, validate_input, validate_input_str, validate_input_with};
pub use json_text::{JsonLimits, JsonTextError, JsonTextErrorKind, parse_json_text};
pub use output::ToolOutput;
pub use repair::{Repair, RepairKind, RepairPolicy};
pub use schema::{Validator, ValidatorBuilder, keywords, portable};
pub use tool::{
    BlockingJob, CallError, Invocation, TaskSupport, Tool, ToolAnnotations, ToolArgs, ToolError,
    ToolHints, ToolIcon, ToolWith, tool_result, with_causes,
};
pub use toolset::{
    CallOutcome, CallReport, DynamicTool, Limits, REPORTED_ARGUMENTS, RegisterError, ToolRef,
    ToolSet, UnknownTool,
};
pub use toolsmith_text::{sanitize_line, sanitize_text};
