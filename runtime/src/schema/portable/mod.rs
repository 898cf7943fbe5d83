//! The portable form of a schema, which every host takes, for schemas made
//! elsewhere (schemars, a hand-written `impl Tool`): `#[tool]` holds its
//! own to the schema rules at compile time, these functions hold any other
//! to them at run time, and strip what only the validator reads.
//!
//! - [`normalize`] rewrites what another generator says in its own way into
//!   the subset's form: non-recursive `$defs` inlined, `anyOf` with `null`
//!   (an `Option`) as `null` in `type`, a `oneOf` of string constants (a
//!   unit enum with documented variants) as `enum`, integer `format`s as
//!   the ranges they name.
//! - [`problems`] then lists every rule the schema still breaks, one line
//!   each with the JSON pointer of the subschema, as a
//!   [`RegisterError::Rules`](crate::RegisterError::Rules) names them.
//! - [`advertised`] is a schema as hosts and models are shown it, without
//!   the private annotations a declared schema carries for the validator.
//!
//! ```
//! use serde_json::json;
//! use toolsmith_runtime::portable::{normalize, problems};
//!
//! let schema = normalize(json!({
//!     "type": "object",
//!     "properties": { "note": { "anyOf": [{ "$ref": "#/$defs/Note" }, { "type": "null" }] } },
//!     "additionalProperties": false,
//!     "$defs": { "Note": { "type": "string", "maxLength": 200 } }
//! }));
//! assert_eq!(schema["properties"]["note"], json!({ "type": ["string", "null"], "maxLength": 200 }));
//! assert!(problems(&schema).is_empty());
//!
//! let list = json!({
//!     "type": "object",
//!     "properties": { "tags": { "type": "array" } },
//!     "additionalProperties": false
//! });
//! assert_eq!(
//!     problems(&list),
//!     ["at /properties/tags: is an array without \"items\", so its items go unchecked; give the items a type (schema rule 4: arrays have items)"]
//! );
//! ```

mod dialect;

pub use dialect::{Host, refused_by};

use serde_json::{Map, Value};

use toolsmith_schema_rules::number::F32_LIMIT;
use toolsmith_schema_rules::{MAX_DEPTH, Rule};

use super::{alias, format, integer, pattern, titles};
use crate::echo::quoted;
use crate::pointer::escape_into;
use crate::rules;

/// `schema` with every non-recursive reference inlined and the forms of
/// other generators rewritten into the subset's; what cannot be rewritten
/// (a recursive `$ref`, a union, a tuple) is left for [`problems`] to name.
pub fn normalize(mut schema: Value) -> Value {
    let mut defs = Map::new();
    if let Value::Object(root) = &mut schema {
        for key in ["$defs", "definitions"] {
            if let Some(Value::Object(found)) = root.remove(key) {
                defs.extend(found);
            }
        }
    }
    let mut inlining = Vec::new();
    rewrite(&mut schema, &defs, &mut inlining);
    schema
}

/// `schema` as hosts and models are shown it: without the private
/// annotations (`x-toolsmith-…`) that a declared schema carries for the
/// validator, at every depth: the names serde also reads
/// (`#[serde(alias)]`), the ranges of the wide integer types, the parsers
/// of formatted strings and the docs and titles of enum
/// values kept apart. A parsed
/// string states the standard `format` that names it (`"uuid"`, `"uri"`,
/// `"date-time"`, `"date"`), or, where none does, says in its
/// description what it takes:
///
/// ```
/// use serde_json::json;
/// use toolsmith_runtime::portable::advertised;
///
/// let declared = json!({"type": "string", "x-toolsmith-format": "chrono-naive-date-time"});
/// assert_eq!(
///     advertised(declared),
///     json!({"type": "string", "description": "Format: a date-time without an offset, e.g. \"2026-12-01T09:00:00\""})
/// );
/// ```
pub fn advertised(mut schema: Value) -> Value {
    strip(&mut schema);
    schema
}

/// A standard `format` spelled out for a host that drops the keyword:
/// `Some("Format: a UUID, e.g. \"67e55044-10b1-426f-9247-bb680e5fe0c8\"")`
/// for `"uuid"`; `None` for a format no `ToolArg` type states.
pub fn spelled_format(format: &str) -> Option<String> {
    format::spelled_standard(format).map(|spelled| format!("Format: {spelled}"))
}

/// `note` on a line of its own after the description `map` has.
fn append_description(map: &mut Map<String, Value>, note: &str) {
    let text = match map.get("description").and_then(Value::as_str) {
        Some(existing) if !existing.is_empty() => format!("{existing}\n{note}"),
        _ => note.to_owned(),
    };
    map.insert("description".to_owned(), Value::String(text));
}

fn strip(schema: &mut Value) {
    let Value::Object(map) = schema else { return };
    map.remove(alias::KEYWORD);
    map.remove(integer::KEYWORD);
    if let Some(Value::String(name)) = map.remove(format::KEYWORD) {
        if let Some(standard) = format::standard(&name) {
            map.insert("format".to_owned(), Value::from(standard));
        } else if let Some(spelled) = format::spelled(&name) {
            append_description(map, &format!("Format: {spelled}"));
        }
    }
    map.remove(alias::VALUE_DOCS);
    map.remove(titles::KEYWORD);
    map.remove(titles::LEGACY);
    for (keyword, value) in map.iter_mut() {
        match keyword.as_str() {
            "properties" => {
                if let Value::Object(properties) = value {
                    properties.values_mut().for_each(strip);
                }
            }
            "items" | "additionalProperties" => strip(value),
            "oneOf" | "anyOf" => {
                if let Value::Array(branches) = value {
                    branches.iter_mut().for_each(strip);
                }
            }
            _ => {}
        }
    }
}

/// `schema` with the `oneOf` of every tagged union (see [`union_tag`])
/// written as `anyOf`, for a host without `oneOf`: the tags keep the
/// alternatives exclusive, so both accept the same values.
///
/// ```
/// use serde_json::json;
/// use toolsmith_runtime::portable::tagged_as_any_of;
///
/// let branch = |tag: &str| json!({"type": "object", "properties": {"kind": {"type": "string", "const": tag}},
///     "required": ["kind"], "additionalProperties": false});
/// let schema = json!({"type": "object", "properties": {"to": {"oneOf": [branch("log"), branch("mail")]}}});
/// assert_eq!(
///     tagged_as_any_of(&schema)["properties"]["to"],
///     json!({"anyOf": [branch("log"), branch("mail")]})
/// );
/// ```
pub fn tagged_as_any_of(schema: &Value) -> Value {
    let mut schema = schema.clone();
    any_of_tagged(&mut schema);
    schema
}

fn any_of_tagged(schema: &mut Value) {
    let Value::Object(map) = schema else { return };
    if !map.contains_key("anyOf")
        && union_tag(map).is_some()
        && let Some(branches) = map.remove("oneOf")
    {
        map.insert("anyOf".to_owned(), branches);
    }
    for (keyword, value) in map.iter_mut() {
        match (keyword.as_str(), value) {
            ("properties" | "$defs", Value::Object(properties)) => {
                properties.values_mut().for_each(any_of_tagged);
            }
            ("items" | "additionalProperties", value) => any_of_tagged(value),
            ("anyOf" | "oneOf" | "allOf", Value::Array(branches)) => {
                branches.iter_mut().for_each(any_of_tagged);
            }
            _ => {}
        }
    }
}

/// The tag of a tagged union (`#[serde(tag = "..")]`), the property every
/// alternative of its `oneOf` (or `anyOf`) fixes with a `const` string of
/// its own and requires, each alternative an object (closed, for the
/// schema rules); one alternative may be `{"type": "null"}` (an `Option`
/// of the union). `None` for any
/// other schema. The tags keep the alternatives exclusive, so a host
/// without `oneOf` is sent the same alternatives as `anyOf`.
///
/// ```
/// use serde_json::json;
/// use toolsmith_runtime::portable::union_tag;
///
/// let channel = json!({"oneOf": [
///     {"type": "object", "properties": {"kind": {"type": "string", "const": "email"}, "address": {"type": "string"}},
///      "required": ["kind", "address"], "additionalProperties": false},
///     {"type": "object", "properties": {"kind": {"type": "string", "const": "log"}},
///      "required": ["kind"], "additionalProperties": false}
/// ]});
/// assert_eq!(union_tag(channel.as_object().unwrap()), Some("kind"));
/// ```
pub fn union_tag(map: &Map<String, Value>) -> Option<&str> {
    let branches = ["oneOf", "anyOf"]
        .iter()
        .find_map(|key| map.get(*key))?
        .as_array()?;
    let is_null = |branch: &Value| {
        branch
            .as_object()
            .is_some_and(|m| m.len() == 1 && m.get("type") == Some(&Value::from("null")))
    };
    let mut tag: Option<&str> = None;
    let mut seen: Vec<&Value> = Vec::new();
    let mut nulls = 0;
    for branch in branches {
        if is_null(branch) {
            nulls += 1;
            continue;
        }
        let branch = branch.as_object()?;
        if branch.get("type") != Some(&Value::from("object")) {
            return None;
        }
        let properties = branch.get("properties")?.as_object()?;
        let required: Vec<&str> = branch
            .get("required")?
            .as_array()?
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let fixes = |name: &str| {
            properties
                .get(name)
                .and_then(|schema| schema.get("const"))
                .filter(|value| value.is_string() && required.contains(&name))
        };
        let name = match tag {
            Some(name) => name,
            None => properties.keys().find(|name| fixes(name).is_some())?,
        };
        let value = fixes(name)?;
        if seen.contains(&value) {
            return None;
        }
        seen.push(value);
        tag = Some(name);
    }
    if nulls > 1 || seen.is_empty() {
        return None;
    }
    tag
}

fn rewrite(schema: &mut Value, defs: &Map<String, Value>, inlining: &mut Vec<String>) {
    let Value::Object(map) = schema else { return };
    if let Some(name) = local_ref(map).map(str::to_owned)
        && !inlining.contains(&name)
        && let Some(target) = defs.get(&name)
        // A type that contains itself stays a reference, where it is
        // first met, for `problems` to name.
        && !reaches(target, &name, defs, &mut Vec::new())
    {
        let mut target = target.clone();
        inlining.push(name);
        rewrite(&mut target, defs, inlining);
        inlining.pop();
        map.remove("$ref");
        match target {
            // The keywords beside the reference (a field's description)
            // win over the target's.
            Value::Object(target) => {
                for (keyword, value) in target {
                    map.entry(keyword).or_insert(value);
                }
            }
            Value::Bool(_) if map.is_empty() => {
                *schema = target;
                return;
            }
            _ => {}
        }
        // The target's subschemas are rewritten; the siblings are
        // annotations.
        return local_forms(map);
    }
    for (keyword, value) in map.iter_mut() {
        match keyword.as_str() {
            "properties" => {
                if let Value::Object(properties) = value {
                    for property in properties.values_mut() {
                        rewrite(property, defs, inlining);
                    }
                }
            }
            "items" | "additionalProperties" | "not" => rewrite(value, defs, inlining),
            "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
                if let Value::Array(schemas) = value {
                    for each in schemas {
                        rewrite(each, defs, inlining);
                    }
                }
            }
            _ => {}
        }
    }
    local_forms(map);
}

/// The rewrites of one schema, once its subschemas are done.
fn local_forms(map: &mut Map<String, Value>) {
    union_with_null(map);
    constant_union(map);
    integer_format(map);
}

/// Whether `schema` refers to the definition `name`, through any number of
/// other definitions.
fn reaches(schema: &Value, name: &str, defs: &Map<String, Value>, seen: &mut Vec<String>) -> bool {
    match schema {
        Value::Object(map) => {
            if let Some(target) = local_ref(map) {
                if target == name {
                    return true;
                }
                if !seen.iter().any(|s| s == target) {
                    seen.push(target.to_owned());
                    if defs
                        .get(target)
                        .is_some_and(|def| reaches(def, name, defs, seen))
                    {
                        return true;
                    }
                }
            }
            map.values().any(|value| reaches(value, name, defs, seen))
        }
        Value::Array(values) => values.iter().any(|value| reaches(value, name, defs, seen)),
        _ => false,
    }
}

/// The `$defs` name of a local reference, `#/$defs/Name`.
fn local_ref(map: &Map<String, Value>) -> Option<&str> {
    let reference = map.get("$ref")?.as_str()?;
    let name = reference
        .strip_prefix("#/$defs/")
        .or_else(|| reference.strip_prefix("#/definitions/"))?;
    (!name.contains(['/', '~'])).then_some(name)
}

/// `{"anyOf": [X, {"type": "null"}]}` (an `Option` of a schema schemars
/// cannot add `null` to) as X with `null` added.
fn union_with_null(map: &mut Map<String, Value>) {
    let Some(key) = ["anyOf", "oneOf"].into_iter().find(|key| {
        map.get(*key)
            .and_then(Value::as_array)
            .is_some_and(|a| a.len() == 2)
    }) else {
        return;
    };
    let Some(Value::Array(branches)) = map.get(key) else {
        return;
    };
    let is_null = |schema: &Value| {
        schema
            .as_object()
            .is_some_and(|m| m.len() == 1 && m.get("type") == Some(&Value::from("null")))
    };
    let Some(null_at) = branches.iter().position(is_null) else {
        return;
    };
    let Some(Value::Object(other)) = branches.get(1 - null_at) else {
        return;
    };
    let mut other = other.clone();
    if !add_null(&mut other) {
        return;
    }
    map.remove(key);
    for (keyword, value) in other {
        map.entry(keyword).or_insert(value);
    }
}

/// `schema` that also admits `null`, in the subset's form (`null` in
/// `type`, and in `enum`): the schema of an `Option<T>`, which the `ToolArg`
/// and `ToolOutput` impls build as [`normalize`] rewrites schemars' `anyOf`.
pub(crate) fn with_null(mut schema: Value) -> Value {
    if let Value::Object(map) = &mut schema {
        add_null(map);
    }
    schema
}

/// Adds `null` to what `schema` accepts, in `type` and `enum` (a `const`
/// becomes an `enum` of it and `null`), or as an alternative of a tagged
/// union; `false` when it has no `type` to add it to.
fn add_null(schema: &mut Map<String, Value>) -> bool {
    let null = Value::from("null");
    if !schema.contains_key("type") && union_tag(schema).is_some() {
        let key = if schema.contains_key("oneOf") {
            "oneOf"
        } else {
            "anyOf"
        };
        if let Some(Value::Array(branches)) = schema.get_mut(key) {
            let alternative = serde_json::json!({"type": "null"});
            if !branches.contains(&alternative) {
                branches.push(alternative);
            }
            return true;
        }
    }
    match schema.get_mut("type") {
        Some(Value::String(one)) if one != "null" => {
            let one = std::mem::take(one);
            schema.insert("type".into(), Value::Array(vec![one.into(), null]));
        }
        Some(Value::Array(types)) => {
            if !types.contains(&null) {
                types.push(null);
            }
        }
        _ => return false,
    }
    if let Some(constant) = schema.remove("const") {
        schema.insert("enum".into(), Value::Array(vec![constant, Value::Null]));
    } else if let Some(Value::Array(values)) = schema.get_mut("enum")
        && !values.contains(&Value::Null)
    {
        values.push(Value::Null);
    }
    true
}

/// A `oneOf` of string constants, which schemars writes for a unit enum
/// whose variants have docs, as the `enum` `#[derive(ToolArg)]` writes:
/// the values, and a `value: doc` line per documented one in the
/// description.
fn constant_union(map: &mut Map<String, Value>) {
    let Some(Value::Array(branches)) = map.get("oneOf") else {
        return;
    };
    let mut values = Vec::new();
    let mut lines = Vec::new();
    for branch in branches {
        let Some(branch) = branch.as_object() else {
            return;
        };
        let allowed = |keyword: &str| matches!(keyword, "type" | "const" | "enum" | "description");
        if !branch.keys().all(|keyword| allowed(keyword))
            || branch.get("type").is_some_and(|t| t != "string")
        {
            return;
        }
        let consts: Vec<&Value> = match (branch.get("const"), branch.get("enum")) {
            (Some(one), None) => vec![one],
            (None, Some(Value::Array(many))) => many.iter().collect(),
            _ => return,
        };
        for value in consts {
            let Some(text) = value.as_str() else { return };
            if let Some(Value::String(doc)) = branch.get("description") {
                lines.push(format!("{text}: {doc}"));
            }
            values.push(value.clone());
        }
    }
    map.remove("oneOf");
    if let Some(Value::String(own)) = map.get("description") {
        lines.insert(0, own.clone());
    }
    if !lines.is_empty() {
        map.insert("description".into(), Value::from(lines.join("\n")));
    }
    map.insert("type".into(), Value::from("string"));
    map.insert("enum".into(), Value::Array(values));
}

/// The integer and float `format`s schemars writes, as the ranges of the
/// Rust types they name, in the form the `ToolArg` impls of those types
/// write: stated bounds, or the private `x-toolsmith-integer`.
fn integer_format(map: &mut Map<String, Value>) {
    let Some(Value::String(format)) = map.get("format") else {
        return;
    };
    let numeric = |map: &Map<String, Value>, kind: &str| match map.get("type") {
        Some(Value::String(one)) => one == kind,
        Some(Value::Array(types)) => types.iter().any(|t| t == kind),
        _ => false,
    };
    let bounds: Option<(Value, Value)> = match format.as_str() {
        "int8" => Some((i8::MIN.into(), i8::MAX.into())),
        "int16" => Some((i16::MIN.into(), i16::MAX.into())),
        "int32" => Some((i32::MIN.into(), i32::MAX.into())),
        "uint8" => Some((0.into(), u8::MAX.into())),
        "uint16" => Some((0.into(), u16::MAX.into())),
        "uint32" => Some((0.into(), u32::MAX.into())),
        _ => None,
    };
    let declared = match format.as_str() {
        "int64" => Some("i64"),
        "uint64" => Some("u64"),
        "int" => Some("isize"),
        "uint" => Some("usize"),
        "int128" => Some("i128"),
        "uint128" => Some("u128"),
        _ => None,
    };
    if numeric(map, "integer") && (bounds.is_some() || declared.is_some()) {
        map.remove("format");
        if let Some((min, max)) = bounds {
            tighten(map, "minimum", min, |stated, own| stated >= own);
            tighten(map, "maximum", max, |stated, own| stated <= own);
        }
        if let Some(name) = declared {
            map.insert(integer::KEYWORD.into(), Value::from(name));
        }
    } else if numeric(map, "number") && format == "float" {
        map.remove("format");
        tighten(map, "minimum", Value::from(-F32_LIMIT), |stated, own| {
            stated >= own
        });
        tighten(map, "maximum", Value::from(F32_LIMIT), |stated, own| {
            stated <= own
        });
    } else if numeric(map, "number") && format == "double" {
        map.remove("format");
    }
}

/// `keyword` as the Rust type's own bound `own`, unless the stated one is
/// inside it (`inside(stated, own)`): a `range` wider than the type would
/// let the validator pass a value serde then refuses.
fn tighten(
    map: &mut Map<String, Value>,
    keyword: &str,
    own: Value,
    inside: impl Fn(f64, f64) -> bool,
) {
    let stated = map.get(keyword).and_then(Value::as_f64);
    let own_f = own.as_f64();
    match (stated, own_f) {
        (Some(stated), Some(own_f)) if inside(stated, own_f) => {}
        _ => {
            map.insert(keyword.into(), own);
        }
    }
}

/// Every schema rule `schema` breaks, one line each, in document order:
/// `at /properties/tags: a tuple ...`. Empty when it follows them all.
pub fn problems(schema: &Value) -> Vec<String> {
    problems_but_parsed(schema, &[])
}

/// [`problems`], but a `format` at one of the pointers `parsed` is a
/// check the validator makes (a declared parser's), not a problem.
pub(crate) fn problems_but_parsed(schema: &Value, parsed: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    check(schema, &mut String::new(), 0, parsed, &mut found);
    found
}

fn check(
    schema: &Value,
    at: &mut String,
    depth: usize,
    parsed: &[String],
    found: &mut Vec<String>,
) {
    let map = match schema {
        Value::Object(map) => map,
        Value::Bool(true) => {
            return report(
                found,
                at,
                format!(
                    "accepts any JSON value (`serde_json::Value`), so no call can be checked; take a struct or enum with the shape, or a `String` the function parses ({rule})",
                    rule = Rule::ClosedObjects,
                ),
            );
        }
        _ => return,
    };
    // A recursive `Option<Box<T>>` is a union of the reference and `null`:
    // the reference is the problem to name.
    let reference = map.get("$ref").or_else(|| {
        ["anyOf", "oneOf"]
            .iter()
            .filter_map(|key| map.get(*key)?.as_array())
            .flatten()
            .find_map(|branch| branch.get("$ref"))
    });
    if let Some(reference) = reference {
        let target = reference.as_str().unwrap_or_default();
        return report(
            found,
            at,
            format!(
                "is a reference, to {} (\"$ref\"), as a type that contains itself leaves; hosts need every subschema inlined: take a flat list with ids, or a fixed depth of distinct types ({rule})",
                quoted(target),
                rule = Rule::NoReferences,
            ),
        );
    }
    if let Some(keyword) = ["oneOf", "anyOf"]
        .into_iter()
        .find(|keyword| map.contains_key(*keyword))
        && !map.contains_key("type")
        && !at.is_empty()
        && union_tag(map).is_some()
    {
        // A tagged union: each alternative is an object of its own,
        // checked as any object is, at the union's depth.
        if let Some(Value::Array(branches)) = map.get(keyword) {
            for (i, branch) in branches.iter().enumerate() {
                let len = at.len();
                at.push_str(&format!("/{keyword}/{i}"));
                check(branch, at, depth, parsed, found);
                at.truncate(len);
            }
        }
        return;
    }
    if at.is_empty()
        && let Some(keyword) = ["anyOf", "oneOf"]
            .into_iter()
            .find(|keyword| map.contains_key(*keyword))
    {
        return report(
            found,
            at,
            format!(
                "the root is a union (\"{keyword}\"), which Anthropic and OpenAI refuse; make the root one object, with the union as a property ({rule})",
                rule = Rule::TaggedUnions,
            ),
        );
    }
    for keyword in ["anyOf", "oneOf", "allOf", "not", "if"] {
        if map.contains_key(keyword) {
            return report(
                found,
                at,
                format!(
                    "is a union (\"{keyword}\") without a tag, which some hosts refuse; take a unit enum, or an enum with `#[serde(tag = \"kind\")]`, whose alternatives each fix the tag with a \"const\" ({rule})",
                    rule = Rule::TaggedUnions,
                ),
            );
        }
    }
    if map.is_empty() {
        return report(
            found,
            at,
            format!(
                "accepts any JSON value (an empty schema, `serde_json::Value`), so no call can be checked; take a struct or enum with the shape, or a `String` the function parses ({rule})",
                rule = Rule::ClosedObjects,
            ),
        );
    }
    let is = |kind: &str| match map.get("type") {
        Some(Value::String(one)) => one == kind,
        Some(Value::Array(types)) => types.iter().any(|t| t == kind),
        _ => false,
    };
    let typed = map.contains_key("type");
    let is_number = is("number") || is("integer");

    // Rule 5: the pattern compiles in the linear-time engine.
    if let Some(Value::String(source)) = map.get("pattern")
        && let Err(problem) = pattern::Pattern::new(source)
    {
        report(
            found,
            at,
            format!(
                "pattern {}: {problem} ({rule})",
                quoted(source),
                rule = Rule::LinearTimePatterns,
            ),
        );
    }
    // Rule 6: bounds are consistent and on the type they bound.
    for (min, max) in [
        ("minimum", "maximum"),
        ("minLength", "maxLength"),
        ("minItems", "maxItems"),
        ("exclusiveMinimum", "exclusiveMaximum"),
    ] {
        if let (Some(low), Some(high)) = (
            map.get(min).and_then(Value::as_f64),
            map.get(max).and_then(Value::as_f64),
        ) && low > high
        {
            report(
                found,
                at,
                format!(
                    "\"{min}\" {} is above \"{max}\" {}, so no value passes; swap or fix them ({rule})",
                    map[min],
                    map[max],
                    rule = Rule::ConsistentBounds,
                ),
            );
        }
    }
    if typed {
        for (keywords, holds, kind) in [
            (
                &["pattern", "minLength", "maxLength"][..],
                is("string"),
                "strings",
            ),
            (
                &[
                    "minimum",
                    "maximum",
                    "exclusiveMinimum",
                    "exclusiveMaximum",
                    "multipleOf",
                ][..],
                is_number,
                "numbers",
            ),
            (
                &["minItems", "maxItems", "uniqueItems"][..],
                is("array"),
                "arrays",
            ),
        ] {
            for keyword in keywords {
                if map.contains_key(*keyword) && !holds {
                    report(
                        found,
                        at,
                        format!(
                            "\"{keyword}\" applies to {kind}, and this schema's \"type\" is {}; move it to the value it bounds ({rule})",
                            map["type"],
                            rule = Rule::ConsistentBounds,
                        ),
                    );
                }
            }
        }
    }
    // A string a type reads by parsing it: the schema cannot say which,
    // unless the validator runs the type's parser there.
    if let Some(Value::String(format)) = map.get("format")
        && !parsed.iter().any(|pointer| pointer == at)
    {
        report(
            found,
            at,
            format!(
                "\"format\": {} is a check the schema does not make, so it would accept strings the type refuses; take a `String` (or a newtype with `#[derive(ToolArg)]`) and parse it in the function",
                quoted(format)
            ),
        );
    }
    if is("array") {
        if map.contains_key("prefixItems") {
            report(
                found,
                at,
                format!(
                    "is a tuple (\"prefixItems\"), one schema per position; take a struct with named fields, or an array `[T; N]` of one type ({rule})",
                    rule = Rule::ArraysHaveItems,
                ),
            );
        } else if !map.contains_key("items") {
            report(
                found,
                at,
                format!(
                    "is an array without \"items\", so its items go unchecked; give the items a type ({rule})",
                    rule = Rule::ArraysHaveItems,
                ),
            );
        }
    }
    let mut depth = depth;
    if is("object") {
        depth += 1;
        if depth == MAX_DEPTH + 1 {
            report(
                found,
                at,
                format!(
                    "nests objects {depth} deep, the arguments included, and hosts take at most {MAX_DEPTH}; flatten a level ({rule})",
                    rule = Rule::NestingDepth,
                ),
            );
        }
        match map.get("additionalProperties") {
            Some(Value::Bool(false)) => {}
            None => report(
                found,
                at,
                format!(
                    "accepts unknown keys, which serde ignores: add `#[serde(deny_unknown_fields)]` to the struct, so that the schema and serde refuse them alike ({rule})",
                    rule = Rule::ClosedObjects,
                ),
            ),
            Some(_) => report(
                found,
                at,
                format!(
                    "takes any key (a map: `HashMap`, `BTreeMap`, `serde_json::Map`), so no key can be checked; take a struct with a field per key, or a `Vec` of key-value structs ({rule})",
                    rule = Rule::ClosedObjects,
                ),
            ),
        }
    }
    if let Some(default) = map.get("default") {
        check_default(map, default, at, found);
    }
    if let Some(Value::Object(properties)) = map.get("properties") {
        for (name, property) in properties {
            let len = at.len();
            at.push_str("/properties/");
            escape_into(name, at);
            if !rules::is_property_name(name) {
                report(
                    found,
                    at,
                    format!(
                        "property name {} must match {}; rename the field with `#[serde(rename = \"..\")]` ({rule})",
                        quoted(name),
                        rules::PROPERTY_NAME,
                        rule = Rule::Names,
                    ),
                );
            }
            check(property, at, depth, parsed, found);
            at.truncate(len);
        }
    }
    if let Some(items) = map.get("items") {
        let len = at.len();
        at.push_str("/items");
        check(items, at, depth, parsed, found);
        at.truncate(len);
    }
}

/// A default must pass the schema it is the default of: serde fills it in
/// when the key is absent, so a default the schema refuses reaches the
/// function while the same value sent is refused (a `Default` giving `0`
/// under `"minimum": 1`).
fn check_default(map: &Map<String, Value>, default: &Value, at: &str, found: &mut Vec<String>) {
    let mut own = map.clone();
    own.remove("default");
    let Ok(validator) = crate::Validator::new(&Value::Object(own)) else {
        // The schema itself is refused: that is the error to read.
        return;
    };
    if let Err(error) = validator.validate(default) {
        for line in error.lines() {
            let reason = line
                .as_str()
                .strip_prefix("Invalid arguments: ")
                .or_else(|| line.split_once(": ").map(|(_, reason)| reason))
                .unwrap_or(line.as_str());
            report(
                found,
                at,
                format!(
                    "the default {} fails its own schema: {reason}; change the default or the bound, so that an absent key means a value the tool accepts",
                    crate::echo::describe(default),
                ),
            );
        }
    }
}

/// Adds one problem line, `at <pointer>: ..` (no `at` for the root).
fn report(found: &mut Vec<String>, at: &str, text: String) {
    found.push(if at.is_empty() {
        text
    } else {
        format!("at {at}: {text}")
    });
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn references_are_inlined_with_their_siblings() {
        let schema = json!({
            "type": "object",
            "properties": {"at": {"$ref": "#/$defs/Point", "description": "Where."}},
            "required": ["at"],
            "additionalProperties": false,
            "$defs": {"Point": {
                "type": "object",
                "description": "A point.",
                "properties": {"x": {"type": "integer", "format": "int32"}},
                "required": ["x"],
                "additionalProperties": false
            }}
        });
        assert_eq!(
            normalize(schema),
            json!({
                "type": "object",
                "properties": {"at": {
                    "description": "Where.",
                    "type": "object",
                    "properties": {"x": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647}},
                    "required": ["x"],
                    "additionalProperties": false
                }},
                "required": ["at"],
                "additionalProperties": false
            })
        );
    }

    #[test]
    fn a_recursive_reference_stays_and_is_named() {
        let schema = normalize(json!({
            "type": "object",
            "properties": {"next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}},
            "additionalProperties": false,
            "$defs": {"Node": {
                "type": "object",
                "properties": {"next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}},
                "additionalProperties": false
            }}
        }));
        assert_eq!(
            problems(&schema),
            [
                "at /properties/next: is a reference, to \"#/$defs/Node\" (\"$ref\"), as a type that contains itself leaves; hosts need every subschema inlined: take a flat list with ids, or a fixed depth of distinct types (schema rule 2: no references)"
            ]
        );
    }

    #[test]
    fn a_range_wider_than_the_integer_type_is_cut_to_the_type() {
        // `#[schemars(range(min = -5, max = 1000))] n: u8`: serde refuses 300.
        let schema = json!({"type": "integer", "format": "uint8", "minimum": -5, "maximum": 1000});
        assert_eq!(
            normalize(schema),
            json!({"type": "integer", "minimum": 0, "maximum": 255})
        );
        let schema = json!({"type": "integer", "format": "uint8", "minimum": 2, "maximum": 9});
        assert_eq!(
            normalize(schema),
            json!({"type": "integer", "minimum": 2, "maximum": 9})
        );
        let schema = json!({"type": "number", "format": "float", "maximum": 1e300});
        assert_eq!(
            normalize(schema),
            json!({"type": "number", "minimum": -F32_LIMIT, "maximum": F32_LIMIT})
        );
    }

    #[test]
    fn an_option_and_a_documented_enum_take_the_subset_form() {
        let schema = normalize(json!({
            "anyOf": [{"type": "object", "properties": {}, "additionalProperties": false}, {"type": "null"}],
            "description": "Maybe."
        }));
        assert_eq!(
            schema,
            json!({"description": "Maybe.", "type": ["object", "null"], "properties": {}, "additionalProperties": false})
        );
        let schema = normalize(json!({
            "description": "How soon.",
            "oneOf": [
                {"type": "string", "const": "low", "description": "can wait"},
                {"type": "string", "const": "high"}
            ]
        }));
        assert_eq!(
            schema,
            json!({"description": "How soon.\nlow: can wait", "type": "string", "enum": ["low", "high"]})
        );
    }

    fn branch(tag: &str, extra: Value) -> Value {
        let mut properties = json!({"kind": {"type": "string", "const": tag}});
        let mut required = vec![json!("kind")];
        if let Value::Object(extra) = extra {
            for (name, schema) in extra {
                required.push(Value::from(name.clone()));
                properties[name] = schema;
            }
        }
        json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
    }

    #[test]
    fn a_nested_tagged_union_is_portable_and_its_alternatives_are_checked() {
        let channel = json!({"oneOf": [
            branch("email", json!({"address": {"type": "string", "minLength": 5, "maxLength": 1}})),
            branch("log", json!({})),
        ]});
        assert_eq!(union_tag(channel.as_object().unwrap()), Some("kind"));
        let schema = json!({
            "type": "object",
            "properties": {"to": channel},
            "required": ["to"],
            "additionalProperties": false
        });
        assert_eq!(
            problems(&schema),
            [
                "at /properties/to/oneOf/0/properties/address: \"minLength\" 5 is above \"maxLength\" 1, so no value passes; swap or fix them (schema rule 6: consistent bounds)"
            ]
        );
        let optional = with_null(json!({"oneOf": [branch("log", json!({}))]}));
        assert_eq!(optional["oneOf"][1], json!({"type": "null"}));
        assert_eq!(union_tag(optional.as_object().unwrap()), Some("kind"));
    }

    #[test]
    fn a_root_union_and_an_untagged_one_are_named() {
        let root = json!({"oneOf": [branch("email", json!({})), branch("log", json!({}))]});
        assert_eq!(
            problems(&root),
            [
                "the root is a union (\"oneOf\"), which Anthropic and OpenAI refuse; make the root one object, with the union as a property (schema rule 3: tagged unions)"
            ]
        );
        // Two alternatives fixing the same tag tell nothing apart.
        let same = json!({"oneOf": [branch("log", json!({})), branch("log", json!({}))]});
        assert_eq!(union_tag(same.as_object().unwrap()), None);
        let schema = json!({
            "type": "object",
            "properties": {"id": {"anyOf": [{"type": "string"}, {"type": "integer"}]}, "same": same},
            "required": ["id", "same"],
            "additionalProperties": false
        });
        assert_eq!(
            problems(&schema),
            [
                "at /properties/id: is a union (\"anyOf\") without a tag, which some hosts refuse; take a unit enum, or an enum with `#[serde(tag = \"kind\")]`, whose alternatives each fix the tag with a \"const\" (schema rule 3: tagged unions)",
                "at /properties/same: is a union (\"oneOf\") without a tag, which some hosts refuse; take a unit enum, or an enum with `#[serde(tag = \"kind\")]`, whose alternatives each fix the tag with a \"const\" (schema rule 3: tagged unions)",
            ]
        );
    }

    #[test]
    fn a_portable_schema_has_no_problems() {
        let schema = json!({
            "type": "object",
            "properties": {
                "tags": {"type": "array", "items": {"type": "string", "pattern": "^\\w+$"}, "maxItems": 3},
                "n": {"type": ["integer", "null"], "minimum": 1, "maximum": 9}
            },
            "required": ["tags"],
            "additionalProperties": false
        });
        assert_eq!(problems(&schema), Vec::<String>::new());
    }

    #[test]
    fn depth_typed_bounds_items_and_open_values_are_named() {
        let nested = |inner: Value| json!({"type": "object", "properties": {"a": inner}, "required": ["a"], "additionalProperties": false});
        let mut deep = json!({"type": "object", "additionalProperties": false});
        for _ in 0..5 {
            deep = nested(deep);
        }
        let schema = nested(json!({
            "type": "object",
            "properties": {
                "deep": deep,
                "n": {"type": "integer", "minLength": 1},
                "list": {"type": "array"},
                "any": true
            },
            "additionalProperties": false
        }));
        assert_eq!(
            problems(&schema),
            [
                "at /properties/a/properties/deep/properties/a/properties/a/properties/a: nests objects 6 deep, the arguments included, and hosts take at most 5; flatten a level (schema rule 9: nesting depth)",
                "at /properties/a/properties/n: \"minLength\" applies to strings, and this schema's \"type\" is \"integer\"; move it to the value it bounds (schema rule 6: consistent bounds)",
                "at /properties/a/properties/list: is an array without \"items\", so its items go unchecked; give the items a type (schema rule 4: arrays have items)",
                "at /properties/a/properties/any: accepts any JSON value (`serde_json::Value`), so no call can be checked; take a struct or enum with the shape, or a `String` the function parses (schema rule 1: closed objects)",
            ]
        );
    }
}
