//! Support for the code `#[tool]` and `#[derive(ToolArg)]` generate.
//! Not public API: anything here may change in a patch release.

use std::borrow::Cow;
use std::fmt::Display;
use std::marker::PhantomData;
use std::sync::OnceLock;

use serde::Serialize;
use serde_json::{Map, Value, json};

pub use super::ArgKind;
pub use super::refused::{
    ClosedObject, KnownShape, OwnedValue, PlainShape, Refusal, SendArgument, SingleItemsSchema,
    StatableRange,
};
use crate::output::ToolOutput;
use crate::schema::Validator;
use crate::schema::alias::VALUE_DOCS;
use crate::tool::ToolError;

/// Implemented by `#[derive(toolsmith::ToolArg)]` and for the std types
/// beside each `ToolArg` impl, so that `ToolArg` is not implemented by hand.
/// Not public API.
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements `ToolArg` by hand, which toolsmith does not support",
    label = "`ToolArg` comes from `#[derive(toolsmith::ToolArg)]`",
    note = "the runtime trusts what a `ToolArg` impl says about its schema and checks, so only the derive writes one",
    note = "remove the impl and derive it: `#[derive(serde::Deserialize, toolsmith::ToolArg)]`"
)]
pub trait Sealed {}

pub use toolsmith_schema_rules::number::{F32_LIMIT, Num};

/// A check of one item of an array, given its text and its number (see
/// `ToolArg::__all_items`).
pub type ItemCheck = dyn for<'t> Fn(Option<Cow<'t, str>>, Option<Num>) -> bool;

/// The values a number type holds, for the macro's compile-time checks
/// and the runtime's reading of a validated call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Range {
    /// An integer type: every integer from `min` to `max`.
    Integer { min: i128, max: u128 },
    /// A float type: every number from `min` to `max` reads as a finite value.
    Float { min: f64, max: f64 },
}

/// Whether a type's range contains a bound written in an attribute,
/// compared exactly.
pub const fn in_range(range: Option<Range>, bound: Num) -> bool {
    match (range, bound) {
        (None, _) => true,
        (Some(Range::Integer { min, max }), Num::Int(b)) => b >= min && (b < 0 || b as u128 <= max),
        (Some(Range::Integer { min, max }), Num::Float(f)) => {
            float_at_least(f, min) && float_at_most(f, max)
        }
        (Some(Range::Float { min, max }), bound) => {
            let b = match bound {
                Num::Int(i) => i as f64,
                Num::Float(f) => f,
            };
            b >= min && b <= max
        }
    }
}

/// `f >= min` exactly, for `min <= 0`.
const fn float_at_least(f: f64, min: i128) -> bool {
    if f >= 0.0 {
        return true;
    }
    if f < -170141183460469231731687303715884105728.0 {
        return false;
    }
    // Truncation rounds a negative float up.
    let t = f as i128;
    t > min || (t == min && t as f64 == f)
}

/// `f <= max` exactly, for `f >= 0` (smaller floats pass).
const fn float_at_most(f: f64, max: u128) -> bool {
    if f < 0.0 {
        return true;
    }
    if f >= 340282366920938463463374607431768211456.0 {
        return false;
    }
    let t = f as u128;
    t < max || (t == max && t as f64 == f)
}

/// `value >= min`, exact for integers; `true` for an absent value.
pub fn at_least(value: Option<Num>, min: Num) -> bool {
    match (value, min) {
        (None, _) => true,
        (Some(Num::Int(v)), Num::Int(m)) => v >= m,
        (Some(v), m) => v.as_f64() >= m.as_f64(),
    }
}

/// `value <= max`, exact for integers; `true` for an absent value.
pub fn at_most(value: Option<Num>, max: Num) -> bool {
    match (value, max) {
        (None, _) => true,
        (Some(Num::Int(v)), Num::Int(m)) => v <= m,
        (Some(v), m) => v.as_f64() <= m.as_f64(),
    }
}

/// The length of a string in Unicode scalar values is within bounds;
/// `true` for an absent value.
pub fn length_within(text: Option<&str>, min: Option<usize>, max: Option<usize>) -> bool {
    let Some(text) = text else { return true };
    let (min, max) = (min.map(|n| n as u64), max.map(|n| n as u64));
    match crate::schema::length_if_needed(text, min, max) {
        None => true,
        Some(len) => min.is_none_or(|min| len >= min) && max.is_none_or(|max| len <= max),
    }
}

/// The number of items is within bounds; `true` for an absent value.
pub fn items_within(items: Option<usize>, min: Option<usize>, max: Option<usize>) -> bool {
    let Some(len) = items else { return true };
    min.is_none_or(|min| len >= min) && max.is_none_or(|max| len <= max)
}

/// A `pattern` compiled on first use, with the same ECMA-262 translation
/// the validator applies.
pub struct Pattern {
    source: &'static str,
    regex: OnceLock<crate::schema::pattern::Pattern>,
}

impl Pattern {
    pub const fn new(source: &'static str) -> Self {
        Pattern {
            source,
            regex: OnceLock::new(),
        }
    }

    /// Unanchored match, as JSON Schema's `pattern`; `true` for an absent value.
    pub fn matches(&self, text: Option<&str>) -> bool {
        let Some(text) = text else { return true };
        self.regex
            .get_or_init(|| {
                crate::schema::pattern::Pattern::new(self.source)
                    .expect("`#[tool]` compiles every pattern at compile time")
            })
            .is_match(text)
    }
}

const KEY_ORDER: &[&str] = &[
    "type",
    "title",
    "description",
    "enum",
    "const",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "properties",
    "required",
    "additionalProperties",
];

fn rank(key: &str) -> usize {
    KEY_ORDER
        .iter()
        .position(|k| *k == key)
        .unwrap_or(KEY_ORDER.len())
}

/// Puts the keywords of one schema object in a fixed, readable order.
fn ordered(map: Map<String, Value>) -> Map<String, Value> {
    let mut entries: Vec<(String, Value)> = map.into_iter().collect();
    entries.sort_by_key(|(key, _)| rank(key));
    entries.into_iter().collect()
}

/// The schema of one property: the type's schema with the attribute's
/// description (which replaces the type's own) and constraint keywords (which
/// replace the type's own, e.g. an integer's range) added.
///
/// A description replaces the type's, except for the docs of an enum's
/// values, which follow it.
pub fn property(schema: Value, description: Option<&str>, keywords: Vec<(&str, Value)>) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if let Some(description) = description {
        let description = match map.get(VALUE_DOCS).and_then(Value::as_str) {
            Some(values) => format!("{description}\n{values}"),
            None => description.to_owned(),
        };
        map.insert("description".into(), Value::from(description));
    }
    for (key, value) in keywords {
        map.insert(key.into(), value);
    }
    Value::Object(ordered(map))
}

/// `schema` that also admits `null`: `"null"` added to `type` (and to
/// `enum`), for `Option<T>`.
pub fn nullable(mut schema: Value) -> Value {
    if let Some(object) = schema.as_object_mut() {
        match object.get_mut("type") {
            Some(Value::String(ty)) => {
                let ty = std::mem::take(ty);
                object.insert("type".into(), json!([ty, "null"]));
            }
            Some(Value::Array(types)) if !types.iter().any(|t| t == "null") => {
                types.push(Value::from("null"));
            }
            _ => {}
        }
        if let Some(Value::Array(values)) = object.get_mut("enum") {
            if !values.contains(&Value::Null) {
                values.push(Value::Null);
            }
        }
    }
    schema
}

/// An array's schema with the constraints of `#[arg(items(..))]` added to
/// its `items` schema (the item type's own bounds replaced, as
/// [`property`] does).
pub fn with_items(schema: Value, keywords: Vec<(&str, Value)>) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if let Some(items) = map.get_mut("items") {
        *items = property(std::mem::take(items), None, keywords);
    }
    Value::Object(map)
}

/// One property of an object schema, as the macros describe it.
pub struct Prop {
    pub name: &'static str,
    pub schema: Value,
    pub required: bool,
}

/// A closed object schema: `properties` in the order given, `required`,
/// `additionalProperties: false`.
pub fn object(description: Option<&str>, props: Vec<Prop>) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), Value::from("object"));
    if let Some(description) = description {
        map.insert("description".into(), Value::from(description));
    }
    let required: Vec<Value> = props
        .iter()
        .filter(|prop| prop.required)
        .map(|prop| Value::from(prop.name))
        .collect();
    let properties: Map<String, Value> = props
        .into_iter()
        .map(|prop| (prop.name.to_owned(), prop.schema))
        .collect();
    map.insert("properties".into(), Value::Object(properties));
    map.insert("required".into(), Value::Array(required));
    map.insert("additionalProperties".into(), Value::Bool(false));
    Value::Object(map)
}

/// The schema of a unit enum: a string with the variants' names.
///
/// `value_docs` are the docs of the values, also part of `description`,
/// kept apart for a property's own description (see [`property`]).
pub fn enumeration(description: Option<&str>, values: &[&str], value_docs: Option<&str>) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), Value::from("string"));
    if let Some(description) = description {
        map.insert("description".into(), Value::from(description));
    }
    map.insert(
        "enum".into(),
        values.iter().map(|v| Value::from(*v)).collect(),
    );
    if let Some(value_docs) = value_docs {
        map.insert(VALUE_DOCS.into(), Value::from(value_docs));
    }
    Value::Object(map)
}

/// The deepest nesting among the fields, for `ToolArg::DEPTH`.
pub const fn max_depth(depths: &[usize]) -> usize {
    let mut max = 0;
    let mut i = 0;
    while i < depths.len() {
        if depths[i] > max {
            max = depths[i];
        }
        i += 1;
    }
    max
}

/// The validator of a tool's input schema, compiled once.
pub fn validator(cell: &'static OnceLock<Validator>, schema: &'static Value) -> &'static Validator {
    cell.get_or_init(|| {
        Validator::new(schema).expect("`#[tool]` generates schemas the validator accepts")
    })
}

/// Which conversion a tool function's return value takes, chosen by
/// autoref on the concrete type: `(&value).tool_result_kind()` is a
/// [`ResultTag`] for `Result<T, E>` and a [`ValueTag`] for anything else.
pub trait ResultKind {
    fn tool_result_kind(&self) -> ResultTag {
        ResultTag
    }
}

impl<T, E> ResultKind for Result<T, E> {}

pub trait ValueKind {
    fn tool_result_kind(&self) -> ValueTag {
        ValueTag
    }
}

impl<T> ValueKind for &T {}

pub struct ResultTag;

impl ResultTag {
    /// `Ok` is serialized, `Err` becomes the tool's failure.
    pub fn into_tool_result<T: Serialize, E: Display>(
        self,
        returned: Result<T, E>,
    ) -> Result<Value, ToolError> {
        match returned {
            Ok(value) => serialize(&value),
            Err(err) => Err(ToolError::new(err)),
        }
    }
}

pub struct ValueTag;

impl ValueTag {
    /// Any other `T: Serialize` is serialized.
    pub fn into_tool_result<T: Serialize>(self, returned: T) -> Result<Value, ToolError> {
        serialize(&returned)
    }
}

fn serialize<T: Serialize>(value: &T) -> Result<Value, ToolError> {
    serde_json::to_value(value)
        .map_err(|err| ToolError::new(format_args!("the result could not be serialized: {err}")))
}

/// The output schema of a return type `R`: the schema of `T` for
/// `Result<T, E>` or `T` where `T: ToolOutput`, none otherwise.
pub struct Output<R>(PhantomData<fn() -> R>);

impl<R> Output<R> {
    pub const fn new() -> Self {
        Output(PhantomData)
    }
}

impl<R> Default for Output<R> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait OutputOfResult {
    fn output_schema(&self) -> Option<Value>;
}

impl<T: ToolOutput, E> OutputOfResult for &&Output<Result<T, E>> {
    fn output_schema(&self) -> Option<Value> {
        Some(T::output_schema())
    }
}

pub trait OutputOfValue {
    fn output_schema(&self) -> Option<Value>;
}

impl<T: ToolOutput> OutputOfValue for &Output<T> {
    fn output_schema(&self) -> Option<Value> {
        Some(T::output_schema())
    }
}

pub trait OutputUnknown {
    fn output_schema(&self) -> Option<Value>;
}

impl<T> OutputUnknown for Output<T> {
    fn output_schema(&self) -> Option<Value> {
        None
    }
}

#[cfg(test)]
// Autoref picks the impl: the borrows are the point.
#[allow(clippy::needless_borrow)]
mod tests {
    use super::*;
    use crate::arg::ToolArg;

    #[test]
    fn bounds_compare_integers_exactly() {
        assert!(at_least(
            Some(Num::Int(i128::from(u64::MAX))),
            Num::Int(i128::from(u64::MAX))
        ));
        assert!(!at_most(
            Some(Num::Int(9_007_199_254_740_993)),
            Num::Int(9_007_199_254_740_992)
        ));
        assert!(at_most(Some(Num::Float(0.5)), Num::Int(1)));
        assert!(at_least(None, Num::Int(1)));
    }

    #[test]
    fn type_ranges_compare_bounds_exactly() {
        let range = <u64 as ToolArg>::__RANGE;
        assert!(in_range(range, Num::Int(i128::from(u64::MAX))));
        assert!(!in_range(range, Num::Int(i128::from(u64::MAX) + 1)));
        // 2^64 as a float is past u64::MAX, though `u64::MAX as f64` equals it.
        assert!(!in_range(range, Num::Float(18_446_744_073_709_551_616.0)));
        assert!(in_range(range, Num::Float(18_446_744_073_709_549_568.0)));
        assert!(!in_range(range, Num::Float(-0.5)));
        assert!(in_range(range, Num::Float(-0.0)));
        let range = <i128 as ToolArg>::__RANGE;
        assert!(in_range(
            range,
            Num::Float(-170_141_183_460_469_231_731_687_303_715_884_105_728.0)
        ));
        assert!(!in_range(
            range,
            Num::Float(170_141_183_460_469_231_731_687_303_715_884_105_728.0)
        ));
        assert!(in_range(<u128 as ToolArg>::__RANGE, Num::Float(3.0e38)));
        assert!(!in_range(<u8 as ToolArg>::__RANGE, Num::Float(255.5)));
        assert!(in_range(<String as ToolArg>::__RANGE, Num::Int(-1)));
    }

    #[test]
    fn f32_limit_is_the_last_number_that_stays_finite() {
        assert_eq!(F32_LIMIT as f32, f32::MAX);
        let next = f64::from_bits(F32_LIMIT.to_bits() + 1);
        assert!((next as f32).is_infinite());
        assert!(in_range(<f32 as ToolArg>::__RANGE, Num::Float(F32_LIMIT)));
        assert!(!in_range(<f32 as ToolArg>::__RANGE, Num::Float(next)));
    }

    #[test]
    fn lengths_count_scalar_values() {
        assert!(length_within(Some("héé"), Some(3), Some(3)));
        assert!(!length_within(Some("😀😀"), Some(3), None));
        assert!(length_within(None, Some(3), None));
    }

    #[test]
    fn patterns_are_unanchored_and_ascii() {
        let digit = Pattern::new(r"\d");
        assert!(digit.matches(Some("a1")));
        assert!(!digit.matches(Some("٣")));
        assert!(digit.matches(None));
    }

    #[test]
    fn property_orders_keywords() {
        let schema = property(
            json!({"maximum": 255, "type": "integer", "minimum": 0}),
            Some("how many"),
            vec![("minimum", json!(1))],
        );
        assert_eq!(
            serde_json::to_string(&schema).unwrap(),
            r#"{"type":"integer","description":"how many","minimum":1,"maximum":255}"#
        );
    }

    #[test]
    fn returned_values_and_results() {
        let ok: Result<u8, String> = Ok(3);
        assert_eq!((&ok).tool_result_kind().into_tool_result(ok), Ok(json!(3)));
        let err: Result<u8, String> = Err("no\u{1b}[31m way".into());
        assert_eq!(
            (&err)
                .tool_result_kind()
                .into_tool_result(err)
                .unwrap_err()
                .message(),
            ToolError::new("no\u{1b}[31m way").message()
        );
        let plain = "x";
        assert_eq!(
            (&plain).tool_result_kind().into_tool_result(plain),
            Ok(json!("x"))
        );
    }

    #[test]
    fn output_schema_only_for_tool_args() {
        assert_eq!(
            (&&&Output::<Result<String, String>>::new()).output_schema(),
            Some(json!({"type": "string"}))
        );
        assert_eq!(
            (&&&Output::<u8>::new()).output_schema().unwrap()["type"],
            "integer"
        );
        assert_eq!((&&&Output::<()>::new()).output_schema(), None);
    }
}
