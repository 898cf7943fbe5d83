//! The schema validator: a JSON Schema compiled once into a tree, then
//! checked against any number of values.

pub(crate) mod alias;
mod apply;
pub(crate) mod compile;
pub(crate) mod equal;
pub(crate) mod format;
mod format_assertion;
mod format_label;
mod format_text;
pub(crate) mod graph;
pub(crate) mod integer;
pub mod keywords;
mod node;
pub(crate) mod number;
pub mod pattern;
pub mod portable;
mod repair;
pub(crate) mod titles;
mod uri;
mod validate;

use serde_json::Value;

pub(crate) use validate::length_if_needed;

use crate::error::{Problems, SchemaError, ToolInputError};
use crate::repair::{Repair, RepairPolicy};

/// A JSON Schema compiled for validation.
///
/// Takes the whole of JSON Schema draft 2020-12, with its semantics
/// exactly: `type`, `enum`, `const`, the string, number, array and object
/// assertions, `properties`, `patternProperties`, `additionalProperties`,
/// `propertyNames`, `dependentRequired`, `dependentSchemas`,
/// `prefixItems`, `items`, `contains` (with `minContains` and
/// `maxContains`), `allOf`, `anyOf`, `oneOf`, `not`, `if` / `then` /
/// `else`, `unevaluatedProperties`, `unevaluatedItems`, `$ref`, `$defs`,
/// `$id`, `$anchor`, `$dynamicRef`, `$dynamicAnchor`, boolean schemas and
/// annotations (`format` among them, unless [`ValidatorBuilder::assert_formats`]
/// makes it an assertion). A `$ref` outside the schema is resolved by the
/// [resolver](ValidatorBuilder::resolver) the caller gives, or refused.
/// Recursive schemas are followed as deep as the value goes (up to 128
/// levels); references that loop without reaching into the value are a
/// [`SchemaError`].
///
/// A union the value fails names the alternative it came closest to (the
/// one its discriminator names, when every alternative fixes one property
/// to a value of its own), and only that alternative's problems.
///
/// Besides, it reads `x-toolsmith-aliases` (`{"<alias>": "<name>"}` beside `properties` or
/// `enum`: names read as the property or value they stand for, as
/// `#[serde(alias)]` makes serde read them; `#[derive(ToolArg)]` writes it),
/// and `x-toolsmith-integer` (`"u64"`, `"i64"`, `"usize"`, `"isize"`,
/// `"u128"` or `"i128"`: the range of that Rust type, enforced where the
/// schema does not state it; the integer impls of `ToolArg` write it). A
/// tool's advertised schema never shows either annotation.
/// Any other keyword is a [`SchemaError`], never silently ignored, unless
/// [`ValidatorBuilder::ignore_unknown_keywords`] says to ignore (and
/// report) them.
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
    /// The targets of `$ref` and `$dynamicRef`.
    graph: graph::Graph,
    /// The schema resource of the root, where the dynamic scope starts.
    root_scope: u32,
    /// Whether the schema declares aliases (`x-toolsmith-aliases`).
    declared: bool,
    /// Pointers to the keywords ignored (see
    /// [`ValidatorBuilder::ignore_unknown_keywords`]).
    ignored: Vec<String>,
    /// Pointers to the subschemas whose strings a declared parser reads
    /// (`x-toolsmith-format`), where the advertised schema states `format`.
    parsed: Vec<String>,
}

/// Fetches a schema document by its absolute URI, for [`ValidatorBuilder::resolver`].
type Resolver = Box<dyn Fn(&str) -> Option<Value> + Send + Sync>;

/// How a [`Validator`] is compiled: [`Validator::builder`].
///
/// ```
/// use serde_json::json;
/// # extern crate toolsmith_runtime as toolsmith;
/// use toolsmith::Validator;
///
/// let validator = Validator::builder()
///     .resolver(|uri| {
///         (uri == "https://example.com/point.json").then(|| json!({
///             "type": "object",
///             "properties": { "x": { "type": "number" }, "y": { "type": "number" } },
///             "unevaluatedProperties": false
///         }))
///     })
///     .ignore_unknown_keywords(true)
///     .build(&json!({ "$ref": "https://example.com/point.json", "x-origin": "proxy" }))?;
/// assert_eq!(validator.ignored_keywords(), ["/x-origin"]);
/// let err = validator.validate(&json!({ "x": 1, "z": 2 })).unwrap_err();
/// assert_eq!(err.lines(), ["Invalid arguments: unknown property \"z\"; takes x, y"]);
/// # Ok::<(), toolsmith::SchemaError>(())
/// ```
#[derive(Default)]
pub struct ValidatorBuilder {
    resolver: Option<Resolver>,
    assert_formats: bool,
    ignore_unknown: bool,
}

impl std::fmt::Debug for ValidatorBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValidatorBuilder")
            .field("resolver", &self.resolver.is_some())
            .field("assert_formats", &self.assert_formats)
            .field("ignore_unknown", &self.ignore_unknown)
            .finish()
    }
}

impl ValidatorBuilder {
    /// Resolves a `$ref` to a document outside the schema: `resolve` gets
    /// the absolute URI (no fragment) and gives the document, or `None`
    /// (then the schema is a [`SchemaError`]). Each document is fetched
    /// once, while the schema compiles. Without a resolver, only
    /// references within the schema resolve.
    pub fn resolver(
        mut self,
        resolve: impl Fn(&str) -> Option<Value> + Send + Sync + 'static,
    ) -> Self {
        self.resolver = Some(Box::new(resolve));
        self
    }

    /// Makes `format` an assertion for `date-time`, `date`, `time`,
    /// `duration`, `email`, `hostname`, `ipv4`, `ipv6`, `uri`,
    /// `uri-reference`, `uuid` and `regex` (other formats stay
    /// annotations). Off by default, as draft 2020-12 says.
    pub fn assert_formats(mut self, assert: bool) -> Self {
        self.assert_formats = assert;
        self
    }

    /// Ignores keywords that are not JSON Schema's (`x-*` and the like)
    /// instead of refusing the schema; [`Validator::ignored_keywords`]
    /// lists them. For a proxy that must take the schema it is given.
    pub fn ignore_unknown_keywords(mut self, ignore: bool) -> Self {
        self.ignore_unknown = ignore;
        self
    }

    /// Compiles `schema`, or names the keyword (and where) it cannot take.
    pub fn build(&self, schema: &Value) -> Result<Validator, SchemaError> {
        let resolver = self
            .resolver
            .as_deref()
            .map(|resolve| resolve as &dyn Fn(&str) -> Option<Value>);
        let compiled = compile::compile(
            schema,
            compile::Options {
                resolver,
                assert_formats: self.assert_formats,
                ignore_unknown: self.ignore_unknown,
            },
        )?;
        Ok(Validator {
            declared: alias::any_declared(&compiled.root),
            root: compiled.root,
            graph: compiled.graph,
            root_scope: compiled.root_scope,
            ignored: compiled.ignored,
            parsed: compiled.parsed,
        })
    }
}

impl Validator {
    /// Compiles `schema`, or names the keyword (and where) it cannot take.
    pub fn new(schema: &Value) -> Result<Validator, SchemaError> {
        ValidatorBuilder::default().build(schema)
    }

    /// Options for compiling a schema: a resolver for remote references,
    /// `format` as an assertion, unknown keywords ignored.
    pub fn builder() -> ValidatorBuilder {
        ValidatorBuilder::default()
    }

    /// The JSON pointers (in the schema) of the keywords ignored because
    /// [`ValidatorBuilder::ignore_unknown_keywords`] said so.
    pub fn ignored_keywords(&self) -> &[String] {
        &self.ignored
    }

    /// The JSON pointers (in the schema) of the strings a declared parser
    /// reads (`x-toolsmith-format`): the `format` the advertised schema
    /// states there is a check this validator makes.
    pub(crate) fn parsed_formats(&self) -> &[String] {
        &self.parsed
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
        let mut walk = validate::Walk::after(suggest, earlier, &self.graph, self.root_scope);
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
        let (repairs, checked) = self.repair_then_check(value, policy);
        checked.map(|()| repairs)
    }

    /// [`validate_with`](Self::validate_with), with the repairs made kept
    /// whether or not the repaired value then passes.
    pub(crate) fn repair_then_check(
        &self,
        value: &mut Value,
        policy: &RepairPolicy,
    ) -> (Vec<Repair>, Result<(), ToolInputError>) {
        let mut mend = repair::Mend::new(policy);
        if policy.changes_input() || self.declared {
            mend.value(&self.root, value);
        }
        let checked = self.check(value, policy.suggestions, mend.problems);
        (mend.repairs, checked)
    }
}
