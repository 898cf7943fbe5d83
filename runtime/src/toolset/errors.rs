//! Why a tool could not be added, or a call named no tool.

use std::fmt;

use crate::echo::quoted;

/// A tool could not be added to a [`ToolSet`](super::ToolSet).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RegisterError {
    /// A tool of that name is already registered.
    Duplicate {
        /// The name registered twice.
        name: String,
    },
    /// The name is not one every host accepts (`^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`).
    InvalidName {
        /// The name as given.
        name: String,
    },
    /// The description is empty or longer than 1024 characters.
    InvalidDescription {
        /// The tool's name.
        name: String,
    },
    /// The input schema is not an object schema (`"type": "object"`).
    NotAnObject {
        /// The tool's name.
        name: String,
    },
    /// The input schema is outside the subset the validator supports.
    Schema {
        /// The tool's name.
        name: String,
        /// What the validator refused.
        error: crate::SchemaError,
    },
    /// The input schema breaks schema rules every host needs (closed
    /// objects, no references, tagged unions, ...): a schema made at run time
    /// (`toolsmith::schemars::tool`) or by a hand-written `impl Tool`, which
    /// the compile-time checks of `#[tool]` never saw.
    Rules {
        /// The tool's name.
        name: String,
        /// One line per problem, with the JSON pointer of the subschema in
        /// the tool's input schema: `at /properties/tags: ...`.
        problems: Vec<String>,
    },
    /// A scope of the tool's hints is not an OAuth scope token (RFC 6749:
    /// printable ASCII without spaces, `"` or `\\`), or is listed twice.
    InvalidScope {
        /// The tool's name.
        name: String,
        /// The scope as given.
        scope: String,
    },
}

impl fmt::Display for RegisterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegisterError::Duplicate { name } => {
                write!(f, "a tool named {} is already registered", quoted(name))
            }
            RegisterError::InvalidName { name } => write!(
                f,
                "tool name {} must match {}",
                quoted(name),
                crate::rules::TOOL_NAME
            ),
            RegisterError::InvalidDescription { name } => write!(
                f,
                "tool {} needs a description of 1 to {} characters",
                quoted(name),
                crate::rules::MAX_DESCRIPTION
            ),
            RegisterError::NotAnObject { name } => write!(
                f,
                "the input schema of tool {} must have \"type\": \"object\"",
                quoted(name)
            ),
            RegisterError::Rules { name, problems } => {
                write!(
                    f,
                    "the input schema of tool {} breaks the schema rules:",
                    quoted(name)
                )?;
                for problem in problems {
                    write!(f, "\n  {problem}")?;
                }
                Ok(())
            }
            RegisterError::InvalidScope { name, scope } => write!(
                f,
                "tool {} lists the scope {}, which is not an OAuth scope token (printable ASCII without spaces, '\"' or '\\') or is listed twice",
                quoted(name),
                quoted(scope)
            ),
            RegisterError::Schema { name, error } => {
                write!(
                    f,
                    "the input schema of tool {} is not supported: {error}",
                    quoted(name)
                )
            }
        }
    }
}

impl std::error::Error for RegisterError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RegisterError::Schema { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A call named a tool the set does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTool {
    pub(super) name: String,
    pub(super) available: Vec<String>,
}

impl UnknownTool {
    /// The name the caller sent (unsanitized).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Every tool the set holds, in registration order.
    pub fn available(&self) -> &[String] {
        &self.available
    }
}

/// `Unknown tool "sluggify"; available tools: slugify, search`.
impl fmt::Display for UnknownTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Unknown tool {}; ", quoted(&self.name))?;
        if self.available.is_empty() {
            f.write_str("no tools are available")
        } else {
            write!(f, "available tools: {}", self.available.join(", "))
        }
    }
}

impl std::error::Error for UnknownTool {}
