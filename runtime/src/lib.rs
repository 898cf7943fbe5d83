//! The runtime of [toolsmith](https://docs.rs/toolsmith): the schema
//! validator, the error lines a model reads, the sanitizer and the `Tool`
//! trait. Use it through the `toolsmith` crate, which re-exports everything
//! here beside the `#[tool]` macro and the host adapters.

mod arg;
pub mod echo;
mod error;
mod field_debug;
mod invoke;
mod json_text;
mod output;
mod pointer;
mod range;
mod read;
mod repair;
mod sanitize;
mod schema;
mod strict;
mod tool;
mod toolset;

/// The naming and description rules, shared with the macros.
use toolsmith_schema_rules::names as rules;

pub use arg::ToolArg;
pub use error::{Issue, IssueKind, SchemaError, ToolInputError};
pub use invoke::{Validated, invoke_tool, validate_input, validate_input_str, validate_input_with};
pub use json_text::{JsonLimits, JsonTextError, JsonTextErrorKind, parse_json_text};
pub use output::ToolOutput;
pub use repair::{Repair, RepairKind, Repairs};
pub use sanitize::{sanitize_line, sanitize_text};
pub use schema::Validator;
pub use tool::{
    BlockingJob, CallError, Invocation, Tool, ToolAnnotations, ToolArgs, ToolError, ToolWith,
};
pub use toolset::{Called, DynamicTool, Limits, RegisterError, ToolRef, ToolSet, UnknownTool};

/// Support for the code the macros generate and for the macros themselves,
/// reached through `toolsmith::__private`. Not public API: anything here may
/// change in a patch release.
#[doc(hidden)]
pub mod __private {
    pub use crate::arg::__arg_support::*;
    pub use crate::arg::__serde_support::*;
    pub use crate::field_debug::{FieldDebug, ShowDebug, ShowOpaque};

    /// A `pattern` as the linear-time engine runs it (`regex` syntax), or
    /// `None` when it is refused; for tests that generate matching text.
    pub fn pattern_translated(pattern: &str) -> Option<String> {
        crate::schema::pattern::Pattern::new(pattern)
            .ok()
            .map(|p| p.translated().to_owned())
    }

    /// Schemas made elsewhere held to the schema rules (the `schemars`
    /// feature of `toolsmith`).
    pub mod portable {
        pub use crate::schema::portable::{normalize, problems};
    }

    /// Near misses, for the names other modules check (hook events, tools).
    pub mod suggest {
        /// The one candidate closest to `key`, if exactly one is close enough.
        pub fn similar_key<'a>(key: &str, candidates: &[&'a str]) -> Option<&'a str> {
            crate::schema::suggest::similar_key(key, candidates.iter().copied())
        }

        /// The words of a name in lowercase joined by `_`: `PreToolUse`,
        /// `preToolUse` and `pre-tool-use` fold to `pre_tool_use`.
        pub fn fold_case(name: &str) -> String {
            crate::schema::suggest::fold_case(name)
        }
    }

    /// The naming and description rules, for the hosts.
    pub mod rules {
        pub use toolsmith_schema_rules::names::{
            MAX_DESCRIPTION, PROPERTY_NAME, TOOL_NAME, description_fits, is_property_name,
            is_tool_name,
        };
    }
}
