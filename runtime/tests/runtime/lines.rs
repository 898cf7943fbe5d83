//! The exact lines a model reads, for each kind of problem.

use serde_json::{Value, json};
use toolsmith_runtime::{IssueKind, Validator};

fn slugify() -> Validator {
    Validator::new(&json!({
        "type": "object",
        "properties": {
            "text": { "type": "string", "pattern": "\\S" },
            "separator": { "enum": ["-", "_", "."] }
        },
        "required": ["text", "separator"],
        "additionalProperties": false
    }))
    .unwrap()
}

fn lines(validator: &Validator, input: Value) -> Vec<String> {
    validator.validate(&input).unwrap_err().lines()
}

#[test]
fn slugify_bad_call_names_every_problem() {
    assert_eq!(
        lines(
            &slugify(),
            json!({"text": "  ", "separator": "+", "seperator": "-"})
        ),
        [
            "Invalid arguments at /text: must match pattern \"\\S\"",
            "Invalid arguments at /separator: must be one of -, _, ., got \"+\"",
            "Invalid arguments: unknown property \"seperator\"; takes text, separator",
        ]
    );
}

#[test]
fn slugify_good_call_passes() {
    assert!(
        slugify()
            .validate(&json!({"text": "Hello world", "separator": "-"}))
            .is_ok()
    );
}

#[test]
fn missing_keys_fill_missing() {
    let err = slugify().validate(&json!({})).unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments: missing required properties \"text\", \"separator\""]
    );
    assert_eq!(err.issues()[0].missing, ["text", "separator"]);
    assert_eq!(err.issues()[0].kind, IssueKind::MissingProperty);
    assert_eq!(err.issues()[0].at, "");

    let err = slugify().validate(&json!({"separator": "-"})).unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments: missing required property \"text\""]
    );
}

#[test]
fn non_object_root_names_what_came() {
    assert_eq!(
        lines(&slugify(), json!(["text"])),
        ["Invalid arguments: must be an object, got array"]
    );
    assert_eq!(
        lines(
            &Validator::new(&json!({"type": "object"})).unwrap(),
            json!("hello")
        ),
        ["Invalid arguments: must be an object, got string \"hello\""]
    );
}

#[test]
fn nested_objects_name_their_own_keys() {
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": {
            "point": {
                "type": "object",
                "properties": { "x": { "type": "number" }, "y": { "type": "number" } },
                "required": ["x", "y"],
                "additionalProperties": false
            }
        },
        "additionalProperties": false
    }))
    .unwrap();
    assert_eq!(
        lines(&validator, json!({"point": {"x": 1, "y": "2", "z": 3}})),
        [
            "Invalid arguments at /point/y: must be a number, got string \"2\"",
            "Invalid arguments at /point: unknown property \"z\"; takes x, y",
        ]
    );
    assert_eq!(
        lines(&validator, json!({"point": {"x": 1}})),
        ["Invalid arguments at /point: missing required property \"y\""]
    );
}

#[test]
fn each_keyword_has_its_line() {
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": {
            "limit": { "type": "integer", "minimum": 1, "maximum": 50 },
            "ratio": { "type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1 },
            "step": { "type": "number", "multipleOf": 0.5 },
            "name": { "type": "string", "minLength": 2, "maxLength": 4 },
            "tags": { "type": "array", "items": { "type": "string" }, "minItems": 1, "maxItems": 2, "uniqueItems": true },
            "mode": { "const": "fast" },
            "note": { "type": ["string", "null"] },
            "never": false
        },
        "additionalProperties": false
    }))
    .unwrap();
    assert_eq!(
        lines(&validator, json!({"limit": "5"})),
        ["Invalid arguments at /limit: must be an integer, got string \"5\""]
    );
    assert_eq!(
        lines(&validator, json!({"limit": 500})),
        ["Invalid arguments at /limit: must be at most 50, got 500"]
    );
    assert_eq!(
        lines(&validator, json!({"limit": 0})),
        ["Invalid arguments at /limit: must be at least 1, got 0"]
    );
    assert_eq!(
        lines(&validator, json!({"limit": 2.5})),
        ["Invalid arguments at /limit: must be an integer, got number 2.5"]
    );
    assert!(validator.validate(&json!({"limit": 5.0})).is_ok());
    assert_eq!(
        lines(&validator, json!({"ratio": 0})),
        ["Invalid arguments at /ratio: must be greater than 0, got 0"]
    );
    assert_eq!(
        lines(&validator, json!({"ratio": 1})),
        ["Invalid arguments at /ratio: must be less than 1, got 1"]
    );
    assert_eq!(
        lines(&validator, json!({"step": 0.7})),
        ["Invalid arguments at /step: must be a multiple of 0.5, got 0.7"]
    );
    assert_eq!(
        lines(&validator, json!({"name": "é"})),
        ["Invalid arguments at /name: must be at least 2 characters long, got 1"]
    );
    assert!(validator.validate(&json!({"name": "éééé"})).is_ok());
    assert_eq!(
        lines(&validator, json!({"name": "abcde"})),
        ["Invalid arguments at /name: must be at most 4 characters long, got 5"]
    );
    assert_eq!(
        lines(&validator, json!({"tags": []})),
        ["Invalid arguments at /tags: must have at least 1 item, got 0"]
    );
    assert_eq!(
        lines(&validator, json!({"tags": ["a", "b", "c"]})),
        ["Invalid arguments at /tags: must have at most 2 items, got 3"]
    );
    assert_eq!(
        lines(&validator, json!({"tags": ["a", "a"]})),
        ["Invalid arguments at /tags: must not repeat items; item 1 equals item 0"]
    );
    assert_eq!(
        lines(&validator, json!({"tags": ["a", 1]})),
        ["Invalid arguments at /tags/1: must be a string, got number 1"]
    );
    assert_eq!(
        lines(&validator, json!({"mode": "slow"})),
        ["Invalid arguments at /mode: must equal \"fast\", got \"slow\""]
    );
    assert_eq!(
        lines(&validator, json!({"note": 3})),
        ["Invalid arguments at /note: must be a string or null, got number 3"]
    );
    assert!(validator.validate(&json!({"note": null})).is_ok());
    assert_eq!(
        lines(&validator, json!({"never": 1})),
        ["Invalid arguments at /never: no value is allowed here"]
    );
}

#[test]
fn lines_follow_schema_order_whatever_the_input_order() {
    // Within a rank: unknown keys come after the value problems, as one
    // line per object, in the order sent.
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": { "a": { "type": "string" }, "b": { "type": "string" }, "c": { "type": "string" } },
        "additionalProperties": false
    }))
    .unwrap();
    assert_eq!(
        lines(&validator, json!({"c": 1, "x": 0, "a": 1, "y": 0})),
        [
            "Invalid arguments at /a: must be a string, got number 1",
            "Invalid arguments at /c: must be a string, got number 1",
            "Invalid arguments: unknown properties \"x\", \"y\"; takes a, b, c",
        ]
    );
}

#[test]
fn display_joins_lines_and_error_is_std_error() {
    let err = slugify()
        .validate(&json!({"text": 1, "separator": "-"}))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Invalid arguments at /text: must be a string, got number 1"
    );
    let _: &dyn std::error::Error = &err;
}

#[test]
fn lines_with_renders_locations_for_other_hosts() {
    let err = slugify()
        .validate(&json!({"text": 1, "separator": "-", "x": 1}))
        .unwrap_err();
    let flags = err
        .lines_with(|pointer| format!("--{}", pointer.trim_start_matches('/').replace('/', ".")));
    assert_eq!(
        flags,
        [
            "Invalid arguments at --text: must be a string, got number 1",
            "Invalid arguments: unknown property \"x\"; takes text, separator",
        ]
    );
}

#[test]
fn schema_errors_name_the_keyword_and_where() {
    let cases = [
        (json!({"$ref": "#/x"}), "$ref", ""),
        (
            json!({"properties": {"a": {"minimum": "x"}}}),
            "minimum",
            "/properties/a",
        ),
        (
            json!({"properties": {"a": {"pattern": "(?<=a)b"}}}),
            "pattern",
            "/properties/a",
        ),
        (json!({"pattern": "(a)\\1"}), "pattern", ""),
        (json!({"required": [1]}), "required", ""),
        (json!({"required": "a"}), "required", ""),
        (json!({"items": [{}]}), "items", ""),
        (json!({"type": "text"}), "type", ""),
        (json!({"multipleOf": 0}), "multipleOf", ""),
        (json!({"minLength": -1}), "minLength", ""),
        (json!({"anyOf": []}), "anyOf", ""),
        (json!(3), "schema", ""),
        (json!({"items": {"items": 3}}), "items", "/items/items"),
    ];
    for (schema, keyword, at) in cases {
        let err = Validator::new(&schema).unwrap_err();
        assert_eq!((err.keyword(), err.at()), (keyword, at), "{schema}: {err}");
    }
    assert_eq!(
        Validator::new(&json!({"properties": {"a": {"pattern": "a(?=b)"}}}))
            .unwrap_err()
            .to_string(),
        "schema keyword \"pattern\" at /properties/a: uses lookaround, which the linear-time `regex` engine does not support"
    );
    assert_eq!(
        Validator::new(&json!({"minimum": "x"}))
            .unwrap_err()
            .to_string(),
        "schema keyword \"minimum\": must be a number, got a string"
    );
}

/// A search tool's schema: a required query, a bounded limit, a mode.
fn search() -> Validator {
    Validator::new(&json!({
        "type": "object",
        "properties": {
            "query": { "type": "string" },
            "limit": { "type": "integer", "minimum": 1, "maximum": 50 },
            "mode": { "enum": ["low", "normal", "high"] }
        },
        "required": ["query"],
        "additionalProperties": false
    }))
    .unwrap()
}

#[test]
fn stray_keys_are_one_line_after_the_problems_that_matter() {
    let mut input = serde_json::Map::new();
    for i in 0..100 {
        input.insert(format!("k{i}"), json!(i));
    }
    input.insert("limit".into(), json!(500));
    input.insert("mode".into(), json!("hgih"));
    assert_eq!(
        lines(&search(), Value::Object(input)),
        [
            "Invalid arguments: missing required property \"query\"",
            "Invalid arguments at /limit: must be at most 50, got 500",
            "Invalid arguments at /mode: must be one of low, normal, high, got \"hgih\"",
            "Invalid arguments: unknown properties \"k0\", \"k1\", \"k2\" and 97 more; takes query, limit, mode",
        ]
    );
}

#[test]
fn a_flood_of_one_kind_never_hides_the_others() {
    // 30 objects with a stray key each, then a wrong type: the type line
    // comes first and the unknown keys fill what is left of the cap.
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": {
            "items": {
                "type": "array",
                "items": { "type": "object", "properties": {}, "additionalProperties": false }
            },
            "count": { "type": "integer" }
        },
        "additionalProperties": false
    }))
    .unwrap();
    let items: Vec<Value> = (0..30).map(|i| json!({ "x": i })).collect();
    let err = validator
        .validate(&json!({ "items": items, "count": "many" }))
        .unwrap_err();
    let lines = err.lines();
    assert_eq!(lines.len(), 21);
    assert_eq!(
        lines[0],
        "Invalid arguments at /count: must be an integer, got string \"many\""
    );
    assert_eq!(
        lines[1],
        "Invalid arguments at /items/0: unknown property \"x\"; takes no properties"
    );
    assert_eq!(
        lines[19],
        "Invalid arguments at /items/18: unknown property \"x\"; takes no properties"
    );
    assert_eq!(lines[20], "… and 11 more problems");
}

#[test]
fn enum_lines_say_what_was_sent() {
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": {
            "mode": { "enum": ["low", "normal", "high"] },
            "level": { "enum": [1, 2, 3] }
        },
        "additionalProperties": false
    }))
    .unwrap();
    let cases = [
        (
            json!({"mode": "+"}),
            "Invalid arguments at /mode: must be one of low, normal, high, got \"+\"",
        ),
        (
            json!({"mode": "x\u{202e}\n".repeat(100)}),
            "Invalid arguments at /mode: must be one of low, normal, high, got \"x x x x x x x x x x x x x x x x x x x x…\"",
        ),
        (
            json!({"mode": 7}),
            "Invalid arguments at /mode: must be one of low, normal, high, got number 7",
        ),
        (
            json!({"level": [1]}),
            "Invalid arguments at /level: must be one of 1, 2, 3, got array",
        ),
        (
            json!({"level": null}),
            "Invalid arguments at /level: must be one of 1, 2, 3, got null",
        ),
    ];
    for (input, line) in cases {
        assert_eq!(lines(&validator, input), [line]);
    }
}

#[test]
fn enums_of_many_values_take_equal_numbers_and_objects() {
    let values: Vec<Value> = (0..100).map(|i| json!({ "id": i })).collect();
    let validator = Validator::new(&json!({ "enum": values })).unwrap();
    assert!(validator.validate(&json!({ "id": 99.0 })).is_ok());
    assert!(validator.validate(&json!({ "id": 100 })).is_err());
}
