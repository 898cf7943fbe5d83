//! The schema validator: a JSON Schema compiled once into a tree, then
//! checked against any number of values.

pub(crate) mod alias;
mod compile;
pub(crate) mod equal;
pub(crate) mod format;
pub(crate) mod integer;
mod node;
pub(crate) mod number;
pub mod pattern;
pub mod portable;
mod repair;
mod validate;

use serde_json::Value;

pub(crate) use validate::length_if_needed;

use crate::error::{Problems, SchemaError, ToolInputError};
use crate::repair::{Repair, RepairPolicy};

/// A JSON Schema compiled for validation.
///
/// Supports the keywords a tool schema needs, with JSON Schema 2020-12
/// semantics: `type`, `properties`, `required`, `additionalProperties`,
/// `enum`, `const`, `pattern`, `minLength`, `maxLength`, `minimum`,
/// `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `items`,
/// `minItems`, `maxItems`, `uniqueItems`, boolean schemas and annotations,
/// and `x-toolsmith-aliases` (`{"<alias>": "<name>"}` beside `properties` or
/// `enum`: names read as the property or value they stand for, as
/// `#[serde(alias)]` makes serde read them; `#[derive(ToolArg)]` writes it),
/// and `x-toolsmith-integer` (`"u64"`, `"i64"`, `"usize"`, `"isize"`,
/// `"u128"` or `"i128"`: the range of that Rust type, enforced where the
/// schema does not state it; the integer impls of `ToolArg` write it). A
/// tool's advertised schema never shows either annotation.
/// Any other keyword is a [`SchemaError`], never silently ignored.
///
/// ```
/// use serde_json::json;
/// # extern crate toolsmith_runtime as toolsmith;
/// use toolsmith::Validator;
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
/// # Ok::<(), toolsmith::SchemaError>(())
/// ```
#[derive(Debug)]
pub struct Validator {
    root: node::Node,
    /// Whether the schema declares aliases (`x-toolsmith-aliases`).
    declared: bool,
}

impl Validator {
    /// Compiles `schema`, or names the keyword (and where) it cannot take.
    pub fn new(schema: &Value) -> Result<Validator, SchemaError> {
        let root = compile::compile(schema)?;
        Ok(Validator {
            declared: alias::any_declared(&root),
            root,
        })
    }

    /// Checks `value` as sent, reporting every problem. Names the schema
    /// declares as aliases (what `#[serde(alias)]` records) are read as the
    /// names they stand for, as serde reads them.
    pub fn validate(&self, value: &Value) -> Result<(), ToolInputError> {
        if self.uses_declared_aliases(value) {
            let mut copy = value.clone();
            return self
                .validate_with(&mut copy, &RepairPolicy::none())
                .map(|_| ());
        }
        self.check(value, false, Problems::default())
    }

    /// Whether `value` uses an alias the schema declares: a call that
    /// deserializes as sent, but validates only once the alias is repaired.
    pub(crate) fn uses_declared_aliases(&self, value: &Value) -> bool {
        self.declared && alias::uses_declared(&self.root, value)
    }

    /// Whether the repair pass could change `value` under `policy` (see
    /// `repair::may_repair`); `false` lets a call be checked as sent.
    pub(crate) fn may_repair(&self, value: &Value, policy: &RepairPolicy) -> bool {
        (policy.changes_input() || self.declared) && repair::may_repair(&self.root, value, policy)
    }

    /// Checks `value`, after the `earlier` problems a repair pass found.
    pub(crate) fn check(
        &self,
        value: &Value,
        suggest: bool,
        earlier: Problems,
    ) -> Result<(), ToolInputError> {
        let mut walk = validate::Walk::after(suggest, earlier);
        walk.value(&self.root, value);
        walk.finish()
    }

    /// Repairs `value` in place as `policy` allows, then checks it; returns
    /// the repairs made, or every problem left.
    ///
    /// ```
    /// use serde_json::json;
    /// # extern crate toolsmith_runtime as toolsmith;
    /// use toolsmith::{RepairPolicy, Validator};
    ///
    /// let validator = Validator::new(&json!({
    ///     "type": "object",
    ///     "properties": { "date_time": { "type": "string" } },
    ///     "additionalProperties": false
    /// }))?;
    /// let mut call = json!({ "dateTime": "2026-11-30T09:00" });
    /// let repairs = validator.validate_with(&mut call, &RepairPolicy::default()).unwrap();
    /// assert_eq!(call, json!({ "date_time": "2026-11-30T09:00" }));
    /// assert_eq!(repairs[0].to_string(), "read key dateTime as date_time");
    /// # Ok::<(), toolsmith::SchemaError>(())
    /// ```
    pub fn validate_with(
        &self,
        value: &mut Value,
        policy: &RepairPolicy,
    ) -> Result<Vec<Repair>, ToolInputError> {
        let mut mend = repair::Mend::new(policy);
        if policy.changes_input() || self.declared {
            mend.value(&self.root, value);
        }
        self.check(value, policy.suggestions, mend.problems)
            .map(|()| mend.repairs)
    }
}
