//! Values for the schemas real servers publish, which use more of draft
//! 2020-12 than `#[tool]` emits: `$ref` into `$defs` or `definitions`,
//! `anyOf` / `oneOf` / `allOf`, `prefixItems`, `format`, type arrays,
//! `additionalProperties` as a schema. [`instance`] writes a value meant to
//! match a schema, [`break_one`] then breaks one of the constraints the
//! value meets. Neither is exact (a `oneOf` value may match two branches, a
//! broken constraint may be one another branch allows): a test holds each
//! value to a reference validator's verdict, not to the generator's intent.
//! Deterministic: the same schema and seed give the same values.

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Map, Number, Value, json};

use crate::generate::Rng;

/// How deep a value goes before the generator writes the least the schema
/// allows (recursive schemas would otherwise never end).
const DEEP: usize = 6;

/// A value meant to match `schema` (its `$ref`s resolved against `schema`
/// itself, the document root).
pub fn instance(schema: &Value, rng: &mut Rng) -> Value {
    Writer { root: schema, rng }.value(schema, 0)
}

/// `value` with one constraint of `schema` broken, at a place chosen by
/// `rng`: a required key dropped, an unknown key added to a closed object,
/// a value of another type, a value outside an `enum`, a number past a
/// bound, a string or array past its length bounds. `None` when `schema`
/// constrains nothing the generator can break.
pub fn break_one(schema: &Value, value: &Value, rng: &mut Rng) -> Option<Value> {
    let mut spots = Vec::new();
    collect_spots(schema, schema, value, &mut Vec::new(), &mut spots, 0);
    if spots.is_empty() {
        return None;
    }
    let (path, mistake) = spots.swap_remove(rng.below(spots.len()));
    let mut broken = value.clone();
    let slot = path
        .iter()
        .try_fold(&mut broken, |slot, step| match step {
            Step::Key(key) => slot.get_mut(key.as_str()),
            Step::Index(index) => slot.get_mut(*index),
        })
        .expect("a spot's path is inside the value");
    mistake.apply(slot);
    Some(broken)
}

/// The schema `reference` (a local `$ref` such as `#/$defs/Item`) names
/// inside `root`.
pub fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let fragment = reference.strip_prefix('#')?;
    let decoded = percent_decoded(fragment);
    root.pointer(&decoded)
}

fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The keywords of `schema` with its `$ref` target and `allOf` branches
/// folded in, so that one map says what the value must meet (a sibling of
/// `$ref` wins over the target's keyword of the same name; `properties`
/// and `required` are unions).
fn flattened(root: &Value, schema: &Value, depth: usize) -> Map<String, Value> {
    let Some(map) = schema.as_object() else {
        return Map::new();
    };
    let mut out = Map::new();
    if depth < 32 {
        if let Some(target) = map
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| resolve(root, r))
        {
            merge(&mut out, flattened(root, target, depth + 1));
        }
        for branch in map
            .get("allOf")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            merge(&mut out, flattened(root, branch, depth + 1));
        }
    }
    let own: Map<String, Value> = map
        .iter()
        .filter(|(key, _)| !matches!(key.as_str(), "$ref" | "allOf"))
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    merge(&mut out, own);
    out
}

fn merge(into: &mut Map<String, Value>, from: Map<String, Value>) {
    for (key, value) in from {
        match (key.as_str(), into.get_mut(&key), value) {
            ("properties", Some(Value::Object(have)), Value::Object(more)) => have.extend(more),
            ("required", Some(Value::Array(have)), Value::Array(more)) => {
                for name in more {
                    if !have.contains(&name) {
                        have.push(name);
                    }
                }
            }
            (_, _, value) => {
                into.insert(key, value);
            }
        }
    }
}

/// The types a flattened schema admits, by name; inferred from its keywords
/// when it names none (`properties` means an object).
fn types_of(map: &Map<String, Value>) -> Vec<&str> {
    match map.get("type") {
        Some(Value::String(name)) => vec![name.as_str()],
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ if map.contains_key("properties")
            || map.contains_key("required")
            || map.contains_key("additionalProperties") =>
        {
            vec!["object"]
        }
        _ if map.contains_key("items") || map.contains_key("prefixItems") => vec!["array"],
        _ if map.contains_key("pattern")
            || map.contains_key("minLength")
            || map.contains_key("maxLength")
            || map.contains_key("format") =>
        {
            vec!["string"]
        }
        _ if map.contains_key("minimum") || map.contains_key("maximum") => vec!["number"],
        _ => Vec::new(),
    }
}

struct Writer<'a, 'r> {
    root: &'a Value,
    rng: &'r mut Rng,
}

impl Writer<'_, '_> {
    fn value(&mut self, schema: &Value, depth: usize) -> Value {
        match schema {
            Value::Bool(_) => self.anything(depth),
            _ => self.keywords(&flattened(self.root, schema, 0), depth),
        }
    }

    fn keywords(&mut self, map: &Map<String, Value>, depth: usize) -> Value {
        if let Some(value) = map.get("const") {
            return value.clone();
        }
        if let Some(Value::Array(values)) = map.get("enum")
            && !values.is_empty()
        {
            return values[self.rng.below(values.len())].clone();
        }
        for union in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = map.get(union)
                && !branches.is_empty()
            {
                let branch = self.branch(branches, depth);
                let mut outer = map.clone();
                outer.remove(union);
                merge(&mut outer, flattened(self.root, branch, 0));
                return self.keywords(&outer, depth);
            }
        }
        let types = types_of(map);
        if types.is_empty() {
            return self.anything(depth);
        }
        // Deep down, null ends a recursion where the schema allows it.
        let ty = match types.iter().find(|t| **t == "null") {
            Some(null) if depth >= DEEP => null,
            _ => types[self.rng.below(types.len())],
        };
        match ty {
            "null" => Value::Null,
            "boolean" => Value::Bool(self.rng.chance(0.5)),
            "integer" => self.integer(map),
            "number" => self.number(map),
            "string" => self.string(map),
            "array" => self.array(map, depth),
            "object" => self.object(map, depth),
            _ => Value::Null,
        }
    }

    /// A branch of a union; past [`DEEP`], the first that does not refer
    /// back into the document (the likeliest end of a recursion).
    fn branch<'b>(&mut self, branches: &'b [Value], depth: usize) -> &'b Value {
        if depth >= DEEP
            && let Some(plain) = branches.iter().find(|b| b.get("$ref").is_none())
        {
            return plain;
        }
        &branches[self.rng.below(branches.len())]
    }

    fn anything(&mut self, depth: usize) -> Value {
        match self.rng.below(if depth >= DEEP { 4 } else { 6 }) {
            0 => Value::Null,
            1 => Value::Bool(true),
            2 => json!(7),
            3 => json!("text"),
            4 => json!([1, "two"]),
            _ => json!({"key": "value"}),
        }
    }

    fn integer(&mut self, map: &Map<String, Value>) -> Value {
        let (lo, hi) = bounds(map, true);
        let step = map
            .get("multipleOf")
            .and_then(Value::as_f64)
            .filter(|s| *s > 0.0 && s.fract() == 0.0)
            .unwrap_or(1.0);
        let first = (lo / step).ceil();
        let last = (hi / step).floor();
        if first > last {
            return json!(lo.ceil() as i64);
        }
        let span = (last - first).min(2000.0) as usize;
        let n = match self.rng.below(4) {
            0 => first,
            1 => last,
            _ => first + self.rng.below(span + 1) as f64,
        };
        let n = n * step;
        if n >= 0.0 && n <= u64::MAX as f64 && n > i64::MAX as f64 {
            json!(n as u64)
        } else {
            json!(n as i64)
        }
    }

    fn number(&mut self, map: &Map<String, Value>) -> Value {
        if map
            .get("multipleOf")
            .and_then(Value::as_f64)
            .is_some_and(|s| s > 0.0)
        {
            return self.integer(map);
        }
        let (lo, hi) = bounds(map, false);
        let fraction = self.rng.below(1001) as f64 / 1000.0;
        let n = match self.rng.below(4) {
            0 => lo,
            1 => hi,
            _ => lo + (hi - lo) * fraction,
        };
        Number::from_f64(n).map_or(json!(0), Value::Number)
    }

    fn string(&mut self, map: &Map<String, Value>) -> Value {
        let min = map.get("minLength").and_then(Value::as_u64).unwrap_or(0) as usize;
        let max = map
            .get("maxLength")
            .and_then(Value::as_u64)
            .map_or(usize::MAX, |max| max as usize);
        let text = match map.get("pattern").and_then(Value::as_str) {
            Some(pattern) => self.matching(pattern),
            None => self.formatted(map.get("format").and_then(Value::as_str)),
        };
        let mut chars: Vec<char> = text.chars().take(max).collect();
        while chars.len() < min {
            chars.push(chars.last().copied().unwrap_or('a'));
        }
        Value::from(chars.into_iter().collect::<String>())
    }

    /// A string matching `pattern` (as the validator runs it), or plain
    /// text when no generator takes the pattern.
    fn matching(&mut self, pattern: &str) -> String {
        let translated = toolsmith_runtime::__private::pattern_translated(pattern)
            .unwrap_or_else(|| pattern.to_owned());
        let bare = translated.strip_prefix('^').unwrap_or(&translated);
        let bare = bare.strip_suffix('$').unwrap_or(bare);
        let Ok(strategy) = proptest::string::string_regex(bare) else {
            return "text".to_owned();
        };
        let mut seed = [0u8; 32];
        for chunk in seed.chunks_mut(8) {
            chunk.copy_from_slice(&(self.rng.below(usize::MAX) as u64).to_le_bytes());
        }
        let mut runner = TestRunner::new_with_rng(
            Config::default(),
            TestRng::from_seed(RngAlgorithm::ChaCha, &seed),
        );
        strategy
            .new_tree(&mut runner)
            .map(|tree| tree.current())
            .unwrap_or_else(|_| "text".to_owned())
    }

    /// Text of the `format` named, as a model would send it.
    fn formatted(&mut self, format: Option<&str>) -> String {
        let pick = |rng: &mut Rng, options: &[&str]| options[rng.below(options.len())].to_owned();
        match format {
            Some("date-time") => pick(
                self.rng,
                &["2026-12-01T09:30:00Z", "2024-02-29T23:59:59+01:00"],
            ),
            Some("date") => pick(self.rng, &["2026-12-01", "2024-02-29"]),
            Some("time") => pick(self.rng, &["09:30:00Z", "23:59:59+01:00"]),
            Some("email") => pick(self.rng, &["ada@example.org", "a.b+c@example.com"]),
            Some("uri" | "url" | "iri") => {
                pick(self.rng, &["https://example.com/a?b=c", "file:///tmp/x"])
            }
            Some("uri-reference" | "iri-reference") => {
                pick(self.rng, &["/a/b", "https://example.com"])
            }
            Some("uuid") => "0f8fad5b-d9cb-469f-a165-70867728950e".to_owned(),
            Some("ipv4") => "192.0.2.1".to_owned(),
            Some("ipv6") => "2001:db8::1".to_owned(),
            Some("hostname") => "example.com".to_owned(),
            _ => {
                let words = ["alpha", "beta gamma", "", "Δelta", "path/to/file.txt", "42"];
                pick(self.rng, &words)
            }
        }
    }

    fn array(&mut self, map: &Map<String, Value>, depth: usize) -> Value {
        let min = map.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
        let max = map
            .get("maxItems")
            .and_then(Value::as_u64)
            .map_or(usize::MAX, |max| max as usize);
        let prefix = map
            .get("prefixItems")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let items = map.get("items").cloned().unwrap_or(Value::Bool(true));
        let extra = if depth >= DEEP { 0 } else { self.rng.below(4) };
        let count = (prefix.len().max(min) + extra).min(max).max(min);
        let mut values = Vec::with_capacity(count);
        for index in 0..count {
            let schema = prefix.get(index).unwrap_or(&items);
            if schema == &Value::Bool(false) {
                break;
            }
            values.push(self.value(schema, depth + 1));
        }
        if let Some(contains) = map.get("contains")
            && values.len() < max
        {
            values.push(self.value(contains, depth + 1));
        }
        if map.get("uniqueItems") == Some(&Value::Bool(true)) {
            let mut seen: Vec<Value> = Vec::new();
            values.retain(|v| {
                let fresh = !seen.contains(v);
                seen.push(v.clone());
                fresh
            });
        }
        Value::Array(values)
    }

    fn object(&mut self, map: &Map<String, Value>, depth: usize) -> Value {
        let empty = Map::new();
        let properties = map
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let required: Vec<&str> = map
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut out = Map::new();
        for (name, schema) in properties {
            let wanted =
                required.contains(&name.as_str()) || (depth < DEEP && self.rng.chance(0.6));
            if wanted {
                out.insert(name.clone(), self.value(schema, depth + 1));
            }
        }
        let additional = map.get("additionalProperties");
        let open = !matches!(additional, Some(Value::Bool(false)));
        for name in &required {
            if !out.contains_key(*name) && open {
                let schema = additional.cloned().unwrap_or(Value::Bool(true));
                out.insert((*name).to_owned(), self.value(&schema, depth + 1));
            }
        }
        if let Some(schema @ Value::Object(_)) = additional
            && depth < DEEP
            && self.rng.chance(0.5)
        {
            let value = self.value(schema, depth + 1);
            out.insert("extra_key".to_owned(), value);
        }
        Value::Object(out)
    }
}

/// The inclusive range a number must fall in, from `minimum`, `maximum`
/// and the exclusive forms; a side left open gets a modest default.
fn bounds(map: &Map<String, Value>, integer: bool) -> (f64, f64) {
    let get = |key: &str| map.get(key).and_then(Value::as_f64);
    let nudge = if integer { 1.0 } else { 1e-3 };
    let lo = get("minimum").or(get("exclusiveMinimum").map(|b| b + nudge));
    let hi = get("maximum").or(get("exclusiveMaximum").map(|b| b - nudge));
    match (lo, hi) {
        (Some(lo), Some(hi)) => (lo, hi),
        (Some(lo), None) => (lo, lo + 1000.0),
        (None, Some(hi)) => (hi - 1000.0, hi),
        (None, None) => (-1000.0, 1000.0),
    }
}

/// A step of a path into a value.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

/// What [`break_one`] does at a spot.
#[derive(Debug, Clone)]
enum Mistake {
    Replace(Value),
    Remove(String),
    Insert(String, Value),
    Truncate(usize),
    Repeat(usize),
}

impl Mistake {
    fn apply(self, slot: &mut Value) {
        match (self, slot) {
            (Mistake::Replace(value), slot) => *slot = value,
            (Mistake::Remove(key), Value::Object(map)) => {
                map.shift_remove(&key);
            }
            (Mistake::Insert(key, value), Value::Object(map)) => {
                map.insert(key, value);
            }
            (Mistake::Truncate(len), Value::Array(items)) => items.truncate(len),
            (Mistake::Repeat(count), Value::Array(items)) => {
                let first = items.first().cloned().unwrap_or(Value::Null);
                items.extend(std::iter::repeat_n(first, count));
            }
            _ => {}
        }
    }
}

type Spot = (Vec<Step>, Mistake);

fn collect_spots(
    root: &Value,
    schema: &Value,
    value: &Value,
    path: &mut Vec<Step>,
    spots: &mut Vec<Spot>,
    depth: usize,
) {
    if depth > 16 {
        return;
    }
    if schema == &Value::Bool(false) {
        return;
    }
    let map = flattened(root, schema, 0);
    let here = |mistake: Mistake, spots: &mut Vec<Spot>, path: &[Step]| {
        spots.push((path.to_vec(), mistake));
    };
    if let Some(Value::Array(values)) = map.get("enum") {
        let outside = json!("none-of-the-listed-values");
        if !values.contains(&outside) {
            here(Mistake::Replace(outside), spots, path);
        }
    }
    if let Some(value) = map.get("const") {
        let other = if value == &json!(0) {
            json!(1)
        } else {
            json!(0)
        };
        here(Mistake::Replace(other), spots, path);
    }
    let types = types_of(&map);
    if map.contains_key("type") {
        let other = [
            json!(null),
            json!(true),
            json!(0.5),
            json!("text"),
            json!([]),
            json!({}),
        ]
        .into_iter()
        .find(|candidate| !types.iter().any(|t| admits(t, candidate)));
        if let Some(other) = other {
            here(Mistake::Replace(other), spots, path);
        }
    }
    // Inside a union, a broken constraint may be one another branch
    // allows; the spots stop here.
    if map.contains_key("anyOf") || map.contains_key("oneOf") {
        return;
    }
    match value {
        Value::Object(object) => {
            let required = map.get("required").and_then(Value::as_array);
            for name in required.into_iter().flatten().filter_map(Value::as_str) {
                if object.contains_key(name) {
                    here(Mistake::Remove(name.to_owned()), spots, path);
                }
            }
            let closed = map.get("additionalProperties") == Some(&Value::Bool(false))
                && !map.contains_key("patternProperties");
            let properties = map.get("properties").and_then(Value::as_object);
            if closed {
                let mut unknown = "unknown_key".to_owned();
                while properties.is_some_and(|p| p.contains_key(&unknown)) {
                    unknown.push('_');
                }
                here(Mistake::Insert(unknown, json!(1)), spots, path);
            }
            for (name, item) in object {
                let Some(schema) = properties.and_then(|p| p.get(name)) else {
                    continue;
                };
                path.push(Step::Key(name.clone()));
                collect_spots(root, schema, item, path, spots, depth + 1);
                path.pop();
            }
        }
        Value::Array(items) => {
            if let Some(max) = map.get("maxItems").and_then(Value::as_u64) {
                let count = (max as usize + 1).saturating_sub(items.len());
                here(Mistake::Repeat(count.max(1)), spots, path);
            }
            if let Some(min) = map.get("minItems").and_then(Value::as_u64)
                && min > 0
            {
                here(Mistake::Truncate(min as usize - 1), spots, path);
            }
            let prefix = map.get("prefixItems").and_then(Value::as_array);
            for (index, item) in items.iter().enumerate().take(3) {
                let schema = prefix
                    .and_then(|p| p.get(index))
                    .or_else(|| map.get("items"));
                if let Some(schema) = schema {
                    path.push(Step::Index(index));
                    collect_spots(root, schema, item, path, spots, depth + 1);
                    path.pop();
                }
            }
        }
        Value::String(text) => {
            if let Some(max) = map.get("maxLength").and_then(Value::as_u64) {
                let long = text.clone() + &"x".repeat(max as usize + 1);
                here(Mistake::Replace(Value::from(long)), spots, path);
            }
            if let Some(min) = map.get("minLength").and_then(Value::as_u64)
                && min > 0
            {
                let short: String = text.chars().take(min as usize - 1).collect();
                here(Mistake::Replace(Value::from(short)), spots, path);
            }
        }
        Value::Number(_) => {
            let get = |key: &str| map.get(key).and_then(Value::as_f64);
            if let Some(hi) = get("maximum").or(get("exclusiveMaximum")) {
                here(Mistake::Replace(number(hi + 1.0)), spots, path);
            }
            if let Some(lo) = get("minimum").or(get("exclusiveMinimum")) {
                here(Mistake::Replace(number(lo - 1.0)), spots, path);
            }
        }
        _ => {}
    }
}

fn number(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < 9e15 {
        json!(n as i64)
    } else {
        Number::from_f64(n).map_or(json!(0), Value::Number)
    }
}

/// Whether the JSON type named `ty` takes `value`.
fn admits(ty: &str, value: &Value) -> bool {
    match (ty, value) {
        ("null", Value::Null)
        | ("boolean", Value::Bool(_))
        | ("number", Value::Number(_))
        | ("string", Value::String(_))
        | ("array", Value::Array(_))
        | ("object", Value::Object(_)) => true,
        ("integer", Value::Number(n)) => n.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_into_defs_is_followed() {
        let schema = json!({
            "type": "object",
            "properties": {"item": {"$ref": "#/$defs/Item"}},
            "required": ["item"],
            "additionalProperties": false,
            "$defs": {"Item": {"type": "object", "properties": {"n": {"const": 3}}, "required": ["n"]}}
        });
        for seed in 0..20 {
            let value = instance(&schema, &mut Rng::new(seed));
            assert_eq!(value, json!({"item": {"n": 3}}));
        }
    }

    #[test]
    fn a_broken_value_differs_from_the_original() {
        let schema = json!({
            "type": "object",
            "properties": {"n": {"type": "integer", "maximum": 5}},
            "required": ["n"],
            "additionalProperties": false
        });
        for seed in 0..50 {
            let mut rng = Rng::new(seed);
            let value = instance(&schema, &mut rng);
            let broken = break_one(&schema, &value, &mut rng).expect("the schema constrains");
            assert_ne!(broken, value);
        }
    }

    #[test]
    fn percent_escapes_in_a_reference_are_decoded() {
        let root = json!({"$defs": {"a b": {"const": 1}}});
        assert_eq!(resolve(&root, "#/$defs/a%20b"), Some(&json!({"const": 1})));
    }
}
