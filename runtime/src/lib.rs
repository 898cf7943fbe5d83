//! The runtime of [toolsmith](https://docs.rs/toolsmith): the schema
//! validator, the error lines a model reads, the sanitizer and the `Tool`
//! trait. Use it through the `toolsmith` crate, which re-exports everything
//! here beside the `#[tool]` macro and the host adapters.

mod arg;
mod echo;
mod error;
mod invoke;
mod json_text;
mod output;
mod pointer;
mod read;
mod repair;
mod sanitize;
mod schema;
mod strict;
mod tool;
mod toolset;

#[doc(inline)]
pub use arg::*;
pub use error::{Issue, IssueKind, SchemaError, ToolInputError};
pub use invoke::{Validated, invoke_tool, validate_input, validate_input_str, validate_input_with};
pub use json_text::{JsonLimits, JsonTextError, JsonTextErrorKind, parse_json_text};
pub use output::ToolOutput;
pub use repair::{Repair, RepairKind, Repairs};
pub use sanitize::{sanitize_line, sanitize_text};
pub use schema::Validator;
pub use tool::{CallError, Tool, ToolArgs, ToolError, ToolWith};
pub use toolset::{Called, DynamicTool, RegisterError, ToolRef, ToolSet, UnknownTool};

/// Support for the `toolsmith-macros` crate. Not public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::schema::pattern::Pattern;
}
