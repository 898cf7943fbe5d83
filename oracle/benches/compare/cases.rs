//! The workloads and their contenders, shared by the instruction-count table
//! (`compare`) and the wall-clock benchmarks (`wall`).
//!
//! Every case is built by a setup function that prepares its input outside
//! the measured region and returns the call to measure. Each contender gets
//! the same input text or the same parsed `Value`, and the same schema: the
//! one `#[tool]` derives for [`Publish`].

use std::hint::black_box;

use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::{
    Call, Tool, ToolArg, ToolSet, Validator, sanitize_line, tool, validate_input,
    validate_input_str,
};

/// Who is visible to a post.
#[derive(Debug, Clone, Copy, Deserialize, ToolArg)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Public,
    Unlisted,
    Private,
}

/// Who wrote a post.
#[derive(Debug, Clone, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Author {
    /// Display name.
    #[arg(min_length = 1, max_length = 80)]
    pub name: String,
    /// Contact address.
    pub email: Option<String>,
    /// Home page.
    pub url: Option<String>,
}

/// Publishes a post under a slug.
///
/// # Arguments
///
/// * `slug` - lowercase words joined by dashes
/// * `visibility` - who can see the post
/// * `priority` - position in the publishing queue
/// * `author` - who wrote it
/// * `tags` - labels for the post
#[tool]
pub fn publish(
    #[arg(pattern = "^[a-z0-9]+(-[a-z0-9]+)*$", min_length = 3, max_length = 64)] slug: String,
    visibility: Visibility,
    #[arg(min = 1, max = 100)] priority: u32,
    author: Author,
    #[arg(max_items = 8)] tags: Vec<String>,
) -> String {
    let _ = (visibility, priority, author, tags);
    slug
}

/// A valid call of about 200 bytes.
pub const VALID_CALL: &str = r#"{"slug":"release-notes-2026","visibility":"unlisted","priority":42,"author":{"name":"Ada Lovelace","email":"ada@example.org","url":"https://example.org/ada"},"tags":["release","changelog","rust","tools"]}"#;

/// A call with three problems: a pattern, an enum and a bound.
pub const INVALID_CALL: &str = r#"{"slug":"Release Notes!","visibility":"secret","priority":500,"author":{"name":"Ada Lovelace","email":"ada@example.org"},"tags":["release","changelog"]}"#;

/// A call with three problems: a key the nested `author` object does not
/// take (a near miss of one it does), an enum and a bound.
pub const INVALID_KEY_CALL: &str = r#"{"slug":"release-notes-2026","visibility":"secret","priority":500,"author":{"name":"Ada Lovelace","emial":"ada@example.org"},"tags":["release","changelog"]}"#;

/// Which side of the comparison a case is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Toolsmith,
    Serde,
    Jsonschema,
    /// Only in the corpus rows (`corpus.rs`).
    #[allow(dead_code, reason = "the wall-clock benchmarks have no corpus rows")]
    Boon,
}

/// One measured call.
pub struct Case {
    /// Unique name, `workload/contender`.
    pub id: &'static str,
    pub side: Side,
    /// How many calls one instruction count covers (the count is divided).
    pub repeat: u32,
    /// Prepares the input and returns the call to measure.
    pub setup: fn() -> Box<dyn FnMut()>,
}

const fn case(id: &'static str, side: Side, repeat: u32, setup: fn() -> Box<dyn FnMut()>) -> Case {
    Case {
        id,
        side,
        repeat,
        setup,
    }
}

use Side::{Jsonschema, Serde, Toolsmith};

pub static CASES: &[Case] = &[
    // A valid call, validated and deserialized.
    case("valid/str/serde", Serde, 200, || floor_str(VALID_CALL)),
    case("valid/str/jsonschema", Jsonschema, 200, || {
        jsonschema_str(VALID_CALL)
    }),
    case("valid/str/validate_input_str", Toolsmith, 200, || {
        typed_str(VALID_CALL)
    }),
    case("valid/value/serde", Serde, 200, || floor_value(VALID_CALL)),
    case("valid/value/jsonschema", Jsonschema, 200, || {
        jsonschema_value(VALID_CALL)
    }),
    case("valid/value/validate_input", Toolsmith, 200, || {
        typed_value(VALID_CALL)
    }),
    case("valid/value/Validator", Toolsmith, 200, || {
        validator_value(VALID_CALL)
    }),
    // An invalid call with three problems, every line rendered.
    case("invalid/str/jsonschema", Jsonschema, 100, || {
        jsonschema_str(INVALID_CALL)
    }),
    case("invalid/str/validate_input_str", Toolsmith, 100, || {
        typed_str(INVALID_CALL)
    }),
    case("invalid/value/jsonschema", Jsonschema, 100, || {
        jsonschema_value(INVALID_CALL)
    }),
    case("invalid/value/validate_input", Toolsmith, 100, || {
        typed_value(INVALID_CALL)
    }),
    case("invalid/value/Validator", Toolsmith, 100, || {
        validator_value(INVALID_CALL)
    }),
    // A nested unknown key, an enum miss and a bound miss, every line rendered.
    case("invalid_key/str/jsonschema", Jsonschema, 100, || {
        jsonschema_str(INVALID_KEY_CALL)
    }),
    case("invalid_key/str/validate_input_str", Toolsmith, 100, || {
        typed_str(INVALID_KEY_CALL)
    }),
    case("invalid_key/value/jsonschema", Jsonschema, 100, || {
        jsonschema_value(INVALID_KEY_CALL)
    }),
    case("invalid_key/value/validate_input", Toolsmith, 100, || {
        typed_value(INVALID_KEY_CALL)
    }),
    case("invalid_key/value/Validator", Toolsmith, 100, || {
        validator_value(INVALID_KEY_CALL)
    }),
    // Compiling the validator of the tool's schema.
    case("compile/jsonschema", Jsonschema, 10, compile_jsonschema),
    case("compile/Validator", Toolsmith, 10, compile_validator),
    // Objects nested 20 deep, valid, and with a wrong type at the bottom.
    case("nested/valid/jsonschema", Jsonschema, 100, || {
        schema_jsonschema(nested_schema(), nested_value(json!("leaf")))
    }),
    case("nested/valid/Validator", Toolsmith, 100, || {
        schema_validator(nested_schema(), nested_value(json!("leaf")))
    }),
    case("nested/invalid/jsonschema", Jsonschema, 100, || {
        schema_jsonschema(nested_schema(), nested_value(json!(7)))
    }),
    case("nested/invalid/Validator", Toolsmith, 100, || {
        schema_validator(nested_schema(), nested_value(json!(7)))
    }),
    // A 1 MB string failing a pattern.
    case("long_string/jsonschema", Jsonschema, 1, || {
        schema_jsonschema(pattern_schema(), long_string())
    }),
    case("long_string/Validator", Toolsmith, 1, || {
        schema_validator(pattern_schema(), long_string())
    }),
    // 10,000 items, 1,000 of them out of bounds.
    case("big_array/jsonschema", Jsonschema, 1, || {
        schema_jsonschema(array_schema(), big_array())
    }),
    case("big_array/Validator", Toolsmith, 1, || {
        schema_validator(array_schema(), big_array())
    }),
    // A value outside a 20-value enum.
    case("enum_miss/jsonschema", Jsonschema, 100, || {
        schema_jsonschema(enum_schema(), json!({"color": "teal"}))
    }),
    case("enum_miss/Validator", Toolsmith, 100, || {
        schema_validator(enum_schema(), json!({"color": "teal"}))
    }),
    // The sanitizer.
    // A whole call through a set (limits, validation, serde, the function,
    // the answer), without and with a report of each call.
    case("call/valid/serde", Serde, 100, || {
        let value: Value = serde_json::from_str(VALID_CALL).unwrap();
        Box::new(move || {
            let _ = black_box(serde_json::from_value::<PublishArgs>(black_box(
                value.clone(),
            )));
        })
    }),
    case("call/valid/ToolRef::call_in", Toolsmith, 100, || {
        set_call(ToolSet::new())
    }),
    case(
        "call/valid/ToolRef::call_in+on_call",
        Toolsmith,
        100,
        || {
            set_call(ToolSet::new().on_call(|report| {
                black_box(report);
            }))
        },
    ),
    case("sanitize/plain_1mb", Toolsmith, 1, || {
        sanitize(plain_ascii(1 << 20))
    }),
    case("sanitize/plain_4mb", Toolsmith, 1, || {
        sanitize(plain_ascii(4 << 20))
    }),
    case("sanitize/osc_repeated_4mb", Toolsmith, 1, || {
        sanitize("\x1b]".repeat(2 << 20))
    }),
    case("sanitize/osc_unterminated_4mb", Toolsmith, 1, || {
        sanitize(format!("\x1b]{}", plain_ascii((4 << 20) - 2)))
    }),
    case("sanitize/csi_repeated_4mb", Toolsmith, 1, || {
        sanitize("\x1b[".repeat(2 << 20))
    }),
];

/// Runs every contender once on the tool's calls, so that each measured case
/// starts from the same state: lazily built validators and patterns in
/// place, and the allocator's free lists shaped alike. (glibc's allocator
/// costs a few hundred instructions more or less per call depending on
/// what was allocated before, which is larger than some differences
/// measured here.)
pub fn prime() {
    for text in [VALID_CALL, INVALID_CALL, INVALID_KEY_CALL] {
        for setup in [
            floor_str,
            floor_value,
            typed_str,
            typed_value,
            validator_value,
            jsonschema_str,
            jsonschema_value,
        ] {
            setup(text)();
        }
    }
}

/// The case named `id`.
pub fn find(id: &str) -> &'static Case {
    CASES
        .iter()
        .find(|case| case.id == id)
        .unwrap_or_else(|| panic!("no case {id}"))
}

/// Every case name, for the wall-clock benchmarks.
#[allow(dead_code, reason = "used by `wall` only")]
pub fn ids() -> Vec<&'static str> {
    CASES.iter().map(|case| case.id).collect()
}

/// The input size of the sanitizer cases, in bytes.
pub fn input_bytes(id: &str) -> Option<usize> {
    match id {
        "sanitize/plain_1mb" => Some(1 << 20),
        id if id.starts_with("sanitize/") => Some(4 << 20),
        _ => None,
    }
}

// The contenders on the tool's calls.

fn floor_str(text: &'static str) -> Box<dyn FnMut()> {
    Box::new(move || {
        let _ = black_box(serde_json::from_str::<PublishArgs>(black_box(text)));
    })
}

fn floor_value(text: &'static str) -> Box<dyn FnMut()> {
    let value: Value = serde_json::from_str(text).unwrap();
    Box::new(move || {
        let _ = black_box(PublishArgs::deserialize(black_box(&value)));
    })
}

fn typed_str(text: &'static str) -> Box<dyn FnMut()> {
    Box::new(
        move || match validate_input_str(&Publish, black_box(text)) {
            Ok(args) => drop(black_box(args)),
            Err(err) => drop(black_box(err.lines())),
        },
    )
}

fn typed_value(text: &'static str) -> Box<dyn FnMut()> {
    let value: Value = serde_json::from_str(text).unwrap();
    Box::new(move || match validate_input(&Publish, black_box(&value)) {
        Ok(args) => drop(black_box(args)),
        Err(err) => drop(black_box(err.lines())),
    })
}

/// A valid call of `publish` through `tools`, answered at once (a plain
/// `fn` runs where the call is polled without a blocking executor).
fn set_call(mut tools: ToolSet) -> Box<dyn FnMut()> {
    tools.register(Publish).unwrap();
    let value: Value = serde_json::from_str(VALID_CALL).unwrap();
    Box::new(move || {
        let tool = tools.tool("publish").unwrap();
        let mut call = std::pin::pin!(tool.call_in(black_box(value.clone()), (), Call::detached()));
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        while call.as_mut().poll(&mut cx).is_pending() {}
    })
}

/// The untyped validator, then serde for a valid call.
fn validator_value(text: &'static str) -> Box<dyn FnMut()> {
    let validator = Validator::new(Publish.input_schema()).unwrap();
    let value: Value = serde_json::from_str(text).unwrap();
    Box::new(move || match validator.validate(black_box(&value)) {
        Ok(()) => drop(black_box(PublishArgs::deserialize(&value))),
        Err(err) => drop(black_box(err.lines())),
    })
}

/// The jsonschema crate as a user would set it up for a tool: draft
/// 2020-12 and the linear-time `regex` engine for `pattern`.
fn jsonschema_for(schema: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .with_pattern_options(jsonschema::PatternOptions::regex())
        .build(schema)
        .unwrap()
}

/// Every error as `pointer: message`, the same facts toolsmith's lines give.
fn jsonschema_lines(validator: &jsonschema::Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|err| format!("{}: {}", err.instance_path(), err))
        .collect()
}

fn jsonschema_str(text: &'static str) -> Box<dyn FnMut()> {
    let validator = jsonschema_for(Publish.input_schema());
    Box::new(move || {
        let value: Value = serde_json::from_str(black_box(text)).unwrap();
        let lines = jsonschema_lines(&validator, &value);
        if lines.is_empty() {
            let _ = black_box(serde_json::from_value::<PublishArgs>(value));
        } else {
            drop(black_box(lines));
        }
    })
}

fn jsonschema_value(text: &'static str) -> Box<dyn FnMut()> {
    let validator = jsonschema_for(Publish.input_schema());
    let value: Value = serde_json::from_str(text).unwrap();
    Box::new(move || {
        let lines = jsonschema_lines(&validator, black_box(&value));
        if lines.is_empty() {
            let _ = black_box(PublishArgs::deserialize(&value));
        } else {
            drop(black_box(lines));
        }
    })
}

fn compile_jsonschema() -> Box<dyn FnMut()> {
    let schema = Publish.input_schema().clone();
    Box::new(move || drop(black_box(jsonschema_for(black_box(&schema)))))
}

fn compile_validator() -> Box<dyn FnMut()> {
    let schema = Publish.input_schema().clone();
    Box::new(move || drop(black_box(Validator::new(black_box(&schema)).unwrap())))
}

// The contenders on a schema of their own, without a typed struct.

fn schema_jsonschema(schema: Value, value: Value) -> Box<dyn FnMut()> {
    let validator = jsonschema_for(&schema);
    Box::new(move || drop(black_box(jsonschema_lines(&validator, black_box(&value)))))
}

fn schema_validator(schema: Value, value: Value) -> Box<dyn FnMut()> {
    let validator = Validator::new(&schema).unwrap();
    Box::new(move || {
        if let Err(err) = validator.validate(black_box(&value)) {
            drop(black_box(err.lines()));
        }
    })
}

fn nested_schema() -> Value {
    let mut schema = json!({"type": "string"});
    for _ in 0..20 {
        schema = json!({
            "type": "object",
            "properties": {"next": schema},
            "required": ["next"],
            "additionalProperties": false
        });
    }
    schema
}

fn nested_value(leaf: Value) -> Value {
    let mut value = leaf;
    for _ in 0..20 {
        value = json!({ "next": value });
    }
    value
}

fn pattern_schema() -> Value {
    json!({
        "type": "object",
        "properties": {"text": {"type": "string", "pattern": "^[a-z ]*$"}},
        "additionalProperties": false
    })
}

/// One MB of lowercase words, with one capital letter at the very end.
fn long_string() -> Value {
    let mut text = plain_ascii((1 << 20) - 1).to_lowercase();
    text.retain(|c| c.is_ascii_lowercase() || c == ' ');
    text.push('X');
    json!({ "text": text })
}

fn array_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "samples": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 100}}
        },
        "additionalProperties": false
    })
}

/// 10,000 integers, every tenth one out of bounds.
fn big_array() -> Value {
    let samples: Vec<Value> = (0..10_000)
        .map(|i| json!(if i % 10 == 9 { 500 } else { i % 100 }))
        .collect();
    json!({ "samples": samples })
}

fn enum_schema() -> Value {
    let colors = [
        "red", "orange", "yellow", "green", "blue", "indigo", "violet", "black", "white", "gray",
        "brown", "pink", "cyan", "magenta", "lime", "olive", "navy", "maroon", "silver", "gold",
    ];
    json!({
        "type": "object",
        "properties": {"color": {"enum": colors}},
        "required": ["color"],
        "additionalProperties": false
    })
}

fn sanitize(text: String) -> Box<dyn FnMut()> {
    Box::new(move || drop(black_box(sanitize_line(black_box(&text)))))
}

/// `len` bytes of printable ASCII prose.
fn plain_ascii(len: usize) -> String {
    const PROSE: &str = "The quick brown fox jumps over the lazy dog, then rests: 0123456789. ";
    PROSE.chars().cycle().take(len).collect()
}
