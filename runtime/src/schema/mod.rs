//! The schema validator: a JSON Schema compiled once into a tree, then
//! checked against any number of values.

mod compile;
pub(crate) mod equal;
mod node;
pub(crate) mod number;
mod pattern;
mod validate;

use serde_json::Value;

use crate::error::{SchemaError, ToolInputError};

/// A JSON Schema compiled for validation.
///
/// Supports the keywords a tool schema needs, with JSON Schema 2020-12
/// semantics: `type`, `properties`, `required`, `additionalProperties`,
/// `enum`, `const`, `pattern`, `minLength`, `maxLength`, `minimum`,
/// `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `items`,
/// `minItems`, `maxItems`, `uniqueItems`, boolean schemas and annotations.
/// Any other keyword is a [`SchemaError`], never silently ignored.
///
/// ```
/// use serde_json::json;
/// use toolsmith_runtime::Validator;
///
/// let validator = Validator::new(&json!({
///     "type": "object",
///     "properties": { "limit": { "type": "integer", "minimum": 1, "maximum": 50 } },
///     "required": ["limit"],
///     "additionalProperties": false
/// }))?;
///
/// let err = validator.validate(&json!({ "limit": 500 })).unwrap_err();
/// assert_eq!(err.lines(), ["Invalid arguments at /limit: must be at most 50, got 500"]);
/// # Ok::<(), toolsmith_runtime::SchemaError>(())
/// ```
#[derive(Debug)]
pub struct Validator {
    root: node::Node,
}

impl Validator {
    /// Compiles `schema`, or names the keyword (and where) it cannot take.
    pub fn new(schema: &Value) -> Result<Validator, SchemaError> {
        Ok(Validator {
            root: compile::compile(schema)?,
        })
    }

    /// Checks `value`, reporting every problem.
    pub fn validate(&self, value: &Value) -> Result<(), ToolInputError> {
        let mut walk = validate::Walk::new();
        walk.value(&self.root, value);
        walk.finish()
    }
}
