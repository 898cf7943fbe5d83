//! Inputs generated from a tool's schema: values the schema accepts, then
//! the same values mutated the way models get calls wrong (a wrong type, a
//! missing or unknown key, a key in another case, a number at or past a
//! bound, a string that breaks a pattern, JSON text where an object goes),
//! and raw JSON text with numbers no `serde_json::Value` holds exactly.

use proptest::prelude::*;
use serde_json::{Map, Number, Value, json};

/// A value that matches `schema` (as far as a generator can tell: a pattern
/// that cannot be generated from falls back to arbitrary text).
pub fn valid(schema: &Value) -> BoxedStrategy<Value> {
    let Some(map) = schema.as_object() else {
        return Just(Value::Null).boxed();
    };
    if let Some(Value::Array(values)) = map.get("enum") {
        return proptest::sample::select(values.clone()).boxed();
    }
    if let Some(value) = map.get("const") {
        return Just(value.clone()).boxed();
    }
    // A union (a tagged enum's `oneOf`): a value of one alternative.
    if let Some(Value::Array(branches)) = map.get("oneOf").or_else(|| map.get("anyOf"))
        && !branches.is_empty()
    {
        let choices: Vec<BoxedStrategy<Value>> = branches.iter().map(valid).collect();
        return proptest::strategy::Union::new(choices).boxed();
    }
    let types: Vec<&str> = match map.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec!["null"],
    };
    let choices: Vec<BoxedStrategy<Value>> = types.iter().map(|t| of_type(t, map)).collect();
    proptest::strategy::Union::new(choices).boxed()
}

/// Strings for named properties: `(name, valid strings, near misses)`.
pub type Samples = &'static [(
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
)];

/// [`valid`], with each property named in `samples`, where the value is a
/// string, replaced by one of its strings: for strings a type reads by
/// parsing them (a date-time), which nothing in the advertised schema
/// describes. Each is a near miss with probability `miss`.
pub fn valid_with(schema: &Value, samples: Samples, miss: f64) -> BoxedStrategy<Value> {
    if samples.is_empty() {
        return valid(schema);
    }
    (valid(schema), any::<u64>())
        .prop_map(move |(mut value, seed)| {
            let mut rng = Rng::new(seed);
            replace_samples(&mut value, samples, miss, &mut rng);
            value
        })
        .boxed()
}

fn replace_samples(value: &mut Value, samples: Samples, miss: f64, rng: &mut Rng) {
    match value {
        Value::Object(map) => {
            for (key, slot) in map.iter_mut() {
                match samples.iter().find(|(name, _, _)| name == key) {
                    Some((_, valid, misses)) if slot.is_string() => {
                        let pool = if rng.chance(miss) { misses } else { valid };
                        *slot = Value::from(pool[rng.below(pool.len())]);
                    }
                    _ => replace_samples(slot, samples, miss, rng),
                }
            }
        }
        Value::Array(items) => items
            .iter_mut()
            .for_each(|item| replace_samples(item, samples, miss, rng)),
        _ => {}
    }
}

fn of_type(ty: &str, map: &Map<String, Value>) -> BoxedStrategy<Value> {
    match ty {
        "null" => Just(Value::Null).boxed(),
        "boolean" => any::<bool>().prop_map(Value::from).boxed(),
        "integer" => integer(map),
        "number" => number(map),
        "string" => string(map),
        "array" => array(map),
        "object" => object(map),
        _ => Just(Value::Null).boxed(),
    }
}

fn bound(map: &Map<String, Value>, key: &str) -> Option<f64> {
    map.get(key).and_then(Value::as_f64)
}

fn integer(map: &Map<String, Value>) -> BoxedStrategy<Value> {
    let min = map.get("minimum").and_then(Value::as_i64);
    let max = map.get("maximum").and_then(Value::as_i64);
    let umax = map.get("maximum").and_then(Value::as_u64);
    match (min, max, umax) {
        (Some(lo), Some(hi), _) => (lo..=hi).prop_map(Value::from).boxed(),
        (Some(lo), None, Some(hi)) => {
            let lo = lo.max(0) as u64;
            (lo..=hi).prop_map(Value::from).boxed()
        }
        (Some(lo), None, None) => prop_oneof![
            (lo..=lo.saturating_add(1000)).prop_map(Value::from),
            (lo..=i64::MAX).prop_map(Value::from),
        ]
        .boxed(),
        (None, Some(hi), _) => prop_oneof![
            (hi.saturating_sub(1000)..=hi).prop_map(Value::from),
            (i64::MIN..=hi).prop_map(Value::from),
        ]
        .boxed(),
        (None, None, _) => prop_oneof![
            (-1000i64..=1000).prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
        ]
        .boxed(),
    }
}

fn number(map: &Map<String, Value>) -> BoxedStrategy<Value> {
    let lo = bound(map, "minimum").unwrap_or(-1e6);
    let hi = bound(map, "maximum").unwrap_or(1e6);
    prop_oneof![
        (lo..=hi).prop_map(float),
        proptest::sample::select(vec![lo, hi, 0.0, 1.0]).prop_map(float),
    ]
    .boxed()
}

fn float(f: f64) -> Value {
    Number::from_f64(f).map_or(Value::Null, Value::Number)
}

fn string(map: &Map<String, Value>) -> BoxedStrategy<Value> {
    let min = map.get("minLength").and_then(Value::as_u64).unwrap_or(0) as usize;
    let max = map
        .get("maxLength")
        .and_then(Value::as_u64)
        .map_or(min + 24, |max| max as usize)
        .min(min + 64);
    // Cut or pad a generated match into the length bounds (a filter would
    // reject too many): most stay matches, the rest are near misses.
    // A pattern's strings are as long as it makes them, within the stated
    // bounds only.
    let stated_max = map
        .get("maxLength")
        .and_then(Value::as_u64)
        .map_or(usize::MAX, |max| max as usize);
    let fit = move |s: String| {
        let mut chars: Vec<char> = s.chars().take(stated_max).collect();
        while chars.len() < min {
            chars.push(chars.last().copied().unwrap_or('a'));
        }
        chars.into_iter().collect::<String>()
    };
    if let Some(pattern) = map.get("pattern").and_then(Value::as_str) {
        // Generated from the pattern as the validator runs it (`regex`
        // syntax), without the anchors the generator does not take: a whole
        // match satisfies the pattern either way.
        let translated = toolsmith_runtime::__private::pattern_translated(pattern)
            .unwrap_or_else(|| pattern.to_owned());
        let bare = translated.strip_prefix('^').unwrap_or(&translated);
        let bare = bare.strip_suffix('$').unwrap_or(bare).to_owned();
        if let Ok(strategy) = proptest::string::string_regex(&bare) {
            return strategy.prop_map(fit).prop_map(Value::from).boxed();
        }
    }
    prop_oneof![
        proptest::collection::vec(any::<char>(), min..=max),
        proptest::collection::vec(proptest::char::range('a', 'z'), min..=max),
    ]
    .prop_map(|chars| Value::from(chars.into_iter().collect::<String>()))
    .boxed()
}

fn array(map: &Map<String, Value>) -> BoxedStrategy<Value> {
    let items = map.get("items").cloned().unwrap_or(Value::Bool(true));
    let min = map.get("minItems").and_then(Value::as_u64).unwrap_or(0) as usize;
    let max = map
        .get("maxItems")
        .and_then(Value::as_u64)
        .map_or(min + 4, |max| max as usize)
        .min(min + 6);
    let unique = map.get("uniqueItems") == Some(&Value::Bool(true));
    proptest::collection::vec(valid(&items), min..=max)
        .prop_map(move |mut values| {
            if unique {
                let mut seen = Vec::new();
                values.retain(|v| {
                    let fresh = !seen.contains(v);
                    seen.push(v.clone());
                    fresh
                });
            }
            Value::Array(values)
        })
        .prop_filter("item count after dedup", move |v| {
            v.as_array().is_some_and(|a| a.len() >= min)
        })
        .boxed()
}

fn object(map: &Map<String, Value>) -> BoxedStrategy<Value> {
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
    let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = properties
        .iter()
        .map(|(name, schema)| {
            let is_required = required.contains(&name.as_str());
            let name = name.clone();
            let present = valid(schema).prop_map(move |v| Some((name.clone(), v)));
            if is_required {
                present.boxed()
            } else {
                prop_oneof![Just(None), present].boxed()
            }
        })
        .collect();
    fields
        .prop_map(|fields| Value::Object(fields.into_iter().flatten().collect()))
        .boxed()
}

/// Numbers that sit on or past the edge of some Rust type.
const EDGES: &[&str] = &[
    "0",
    "-0.0",
    "-1",
    "1",
    "0.5",
    "5.0",
    "127",
    "128",
    "-129",
    "255",
    "256",
    "65536",
    "2147483648",
    "4294967296",
    "9007199254740993",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "1e20",
    "-1e20",
    "3.4028235e38",
    "3.5e38",
    "1e39",
    "-1e39",
    "170141183460469231731687303715884105727",
    "170141183460469231731687303715884105728",
    "-170141183460469231731687303715884105729",
    "340282366920938463463374607431768211455",
    "340282366920938463463374607431768211456",
    "1e308",
    "-1e308",
];

/// One of [`EDGES`] as a `Value`, the way `serde_json` reads the literal.
fn edge(rng: &mut Rng) -> Value {
    serde_json::from_str(EDGES[rng.below(EDGES.len())]).expect("edges are JSON")
}

/// Applies one to three mistakes to `value`, at places chosen by `rng`.
pub fn mutate(mut value: Value, rng: &mut Rng) -> Value {
    for _ in 0..rng.within(1, 3) {
        let mut slots = Vec::new();
        collect(&mut value, &mut slots);
        let index = rng.below(slots.len());
        let target = nth(&mut value, index);
        mistake(target, rng);
    }
    value
}

/// Counts every subvalue, in a fixed order, for choosing one.
fn collect(value: &mut Value, slots: &mut Vec<()>) {
    slots.push(());
    match value {
        Value::Array(items) => items.iter_mut().for_each(|v| collect(v, slots)),
        Value::Object(map) => map.values_mut().for_each(|v| collect(v, slots)),
        _ => {}
    }
}

fn nth(value: &mut Value, mut index: usize) -> &mut Value {
    fn walk<'a>(value: &'a mut Value, index: &mut usize) -> Result<&'a mut Value, ()> {
        if *index == 0 {
            return Ok(value);
        }
        *index -= 1;
        let children: Vec<&mut Value> = match value {
            Value::Array(items) => items.iter_mut().collect(),
            Value::Object(map) => map.values_mut().collect(),
            _ => Vec::new(),
        };
        for child in children {
            if let Ok(found) = walk(child, index) {
                return Ok(found);
            }
        }
        Err(())
    }
    walk(value, &mut index).expect("index within the counted slots")
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn snake(camel: &str) -> String {
    let mut out = String::new();
    for c in camel.chars() {
        if c.is_uppercase() {
            out.push('_');
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn mistake(value: &mut Value, rng: &mut Rng) {
    if let Value::Object(map) = &mut *value {
        if rng.chance(0.1) {
            // The fields in order, as an array: serde reads a struct so.
            *value = Value::Array(map.values().cloned().collect());
            return;
        }
        if !map.is_empty() && rng.chance(0.7) {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = keys[rng.below(keys.len())].clone();
            match rng.below(6) {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    let moved = map.remove(&key).unwrap_or(Value::Null);
                    map.insert(camel(&key), moved);
                }
                2 => {
                    let moved = map.remove(&key).unwrap_or(Value::Null);
                    map.insert(snake(&key), moved);
                }
                3 => {
                    let copy = map[&key].clone();
                    map.insert(camel(&key) + "X", copy);
                }
                4 => {
                    // One edit away: a typo the model makes.
                    let mut typo: Vec<char> = key.chars().collect();
                    typo.insert(typo.len() / 2, 'e');
                    let typo: String = typo.into_iter().collect();
                    let moved = map.remove(&key).unwrap_or(Value::Null);
                    map.insert(typo, moved);
                }
                _ => {
                    let copy = map[&key].clone();
                    map.insert(camel(&key), copy);
                }
            }
            return;
        }
    }
    let replacement = match rng.below(12) {
        0 => Value::Null,
        1 => Value::Bool(rng.below(2) == 0),
        2..=4 => edge(rng),
        5 => Value::from(""),
        6 => Value::from("ABC"),
        7 => Value::from("x".repeat(rng.within(1, 300 - 1))),
        8 => json!([]),
        9 => json!({}),
        // A unit variant as `serde_json` also reads it.
        10 if value.is_string() => json!({ value.as_str().unwrap_or_default(): null }),
        // JSON text where the value goes (a repair for objects and arrays).
        10 => Value::from(value.to_string()),
        _ => match value {
            Value::Number(n) => Value::from(n.to_string()),
            Value::String(s) => Value::from(format!("{s}\u{1b}[31m\u{202e}")),
            Value::Array(items) => {
                let first = items.first().cloned().unwrap_or(Value::Null);
                items.push(first);
                return;
            }
            _ => return,
        },
    };
    *value = replacement;
}

/// The JSON text of `value` with one number written as an edge literal
/// that a `Value` cannot hold exactly (past `u64`/`i64`, past `f32`, or
/// past `f64`), to compare the text path with the `Value` path.
pub fn text_with_big_number(value: &Value, rng: &mut Rng) -> String {
    const BIG: &[&str] = &[
        "18446744073709551616",
        "-9223372036854775809",
        "340282366920938463463374607431768211455",
        "340282366920938463463374607431768211456",
        "170141183460469231731687303715884105728",
        "-170141183460469231731687303715884105729",
        "100000000000000000001",
        "1e400",
        "-1e400",
        "1.0000000000000000000000001",
        "255.0",
        "1E2",
    ];
    let mut value = value.clone();
    let mut slots = Vec::new();
    collect(&mut value, &mut slots);
    let index = rng.below(slots.len());
    *nth(&mut value, index) = Value::from("\u{0}big\u{0}");
    let literal = BIG[rng.below(BIG.len())];
    value
        .to_string()
        .replacen("\"\\u0000big\\u0000\"", literal, 1)
}

/// A small deterministic generator (SplitMix64), seeded by proptest, so
/// a failing case replays from its seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn within(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next() as f64 / u64::MAX as f64) < p
    }
}

/// Strings for the properties of the tests' tools that take the `uuid`,
/// `url`, `chrono` and `jiff` types, by property name: valid ones and near
/// misses.
pub const PARSED_SAMPLES: Samples = &[
    (
        "id",
        &[
            "67e55044-10b1-426f-9247-bb680e5fe0c8",
            "67E5504410B1426F9247BB680E5FE0C8",
            "{67e55044-10b1-426f-9247-bb680e5fe0c8}",
            "urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8",
        ],
        &[
            "67e55044-10b1-426f-9247",
            "67e55044-10b1-426f-9247-bb680e5fe0cg",
        ],
    ),
    (
        "link",
        &[
            "https://example.com/a?b=c",
            "mailto:a@b.c",
            "http://[::1]:8080/",
        ],
        &["example.com", "https://", "/relative"],
    ),
    (
        "when",
        &[
            "2026-12-01T09:00:00Z",
            "2026-12-01T09:00:00+01:00",
            "2026-12-01 09:00:00Z",
        ],
        &["2026-12-01T09:00:00", "tomorrow", "2026-02-30T00:00:00Z"],
    ),
    (
        "offset",
        &[
            "2026-12-01T09:00:00-05:00",
            "2026-12-01T09:00:00.123456789+14:00",
        ],
        &["2026-12-01", "2026-12-01T09:00:00+25:00"],
    ),
    (
        "day",
        &["2026-12-01", "2024-02-29"],
        &["2026-02-29", "2026-1-1x", "12/01/2026"],
    ),
    (
        "at",
        &["2026-12-01T09:00:00Z", "2026-12-01T09:00:00.5+01:00"],
        &["2026-12-01T09:00:00", "2026-12-01"],
    ),
    (
        "on",
        &["2026-12-01", "2024-02-29"],
        &["20261301", "12/01/2026"],
    ),
    (
        "clock",
        &["09:30", "09:30:00.25", "23:59:59"],
        &["25:00", "9h30"],
    ),
    (
        "local",
        &["2026-12-01T09:00:00", "2026-12-01T09:00:00.25"],
        &["2026-12-01T09:00:00Z", "2026-12-01", "2026-12-01T25:00:00"],
    ),
    (
        "time",
        &["09:30", "09:30:00.25", "23:59:59"],
        &["25:00", "9h30"],
    ),
];
