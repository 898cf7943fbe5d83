//! The exact lines for the keywords beyond the subset: unions (by their
//! discriminator, or the closest alternative), `not`, conditions,
//! dependencies, `propertyNames`, `contains`, `unevaluated*`, references,
//! `format` when asserted, and the schemas that cannot be taken.

use serde_json::{Value, json};
use toolsmith_runtime::{RepairPolicy, Validator};

#[track_caller]
fn assert_lines(schema: Value, value: Value, expected: &[&str]) {
    let validator = Validator::new(&schema).unwrap();
    let err = validator.validate(&value).unwrap_err();
    assert_eq!(err.lines(), expected, "{schema} / {value}");
}

#[track_caller]
fn assert_refused(schema: Value, expected: &str) {
    let err = Validator::new(&schema).unwrap_err();
    assert_eq!(err.to_string(), expected, "{schema}");
}

/// A tagged union: each shape fixes `kind` to a value of its own.
fn shapes() -> Value {
    json!({
        "type": "object",
        "properties": {"shape": {"oneOf": [
            {
                "type": "object",
                "properties": {"kind": {"const": "circle"}, "radius": {"type": "number"}},
                "required": ["kind", "radius"]
            },
            {
                "type": "object",
                "properties": {"kind": {"const": "square"}, "side": {"type": "number"}},
                "required": ["kind", "side"]
            }
        ]}}
    })
}

#[test]
fn a_discriminator_names_the_alternative() {
    assert_lines(
        shapes(),
        json!({"shape": {"kind": "circle", "side": 2}}),
        &["Invalid arguments at /shape: missing required property \"radius\" (kind \"circle\")"],
    );
    assert_lines(
        shapes(),
        json!({"shape": {"kind": "square", "side": "2"}}),
        &["Invalid arguments at /shape/side: must be a number, got string \"2\" (kind \"square\")"],
    );
}

#[test]
fn an_unknown_or_missing_tag_names_the_tags() {
    assert_lines(
        shapes(),
        json!({"shape": {"kind": "triangle"}}),
        &["Invalid arguments at /shape/kind: must be one of circle, square, got \"triangle\""],
    );
    assert_lines(
        shapes(),
        json!({"shape": {"side": 1}}),
        &[
            "Invalid arguments at /shape: missing required property \"kind\" (one of circle, square)",
        ],
    );
    let validator = Validator::new(&shapes()).unwrap();
    let mut call = json!({"shape": {"kind": "squre", "side": 1}});
    let err = validator
        .validate_with(&mut call, &RepairPolicy::default())
        .unwrap_err();
    assert_eq!(
        err.lines(),
        [
            "Invalid arguments at /shape/kind: must be one of circle, square, got \"squre\" (did you mean \"square\"?)"
        ]
    );
}

#[test]
fn an_untagged_union_reports_its_closest_alternative() {
    assert_lines(
        json!({"anyOf": [{"type": "string", "maxLength": 3}, {"type": "integer"}]}),
        json!("abcdef"),
        &[
            "Invalid arguments: must be at most 3 characters long, got 6 (closest of 2 alternatives: alternative 1)",
        ],
    );
    assert_lines(
        json!({
            "type": "object",
            "properties": {"q": {"anyOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}
            ]}}
        }),
        json!({"q": {"a": 1}}),
        &[
            "Invalid arguments at /q/a: must be a string, got number 1 (closest of 2 alternatives: alternative 1)",
        ],
    );
    assert_lines(
        json!({"oneOf": [{"type": "object", "required": ["a", "b"]}, {"type": "object", "required": ["c"]}]}),
        json!({"a": 1}),
        &[
            "Invalid arguments: missing required property \"b\" (closest of 2 alternatives, of which exactly one must match: alternative 1)",
        ],
    );
}

#[test]
fn a_union_of_types_is_one_type_line() {
    assert_lines(
        json!({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
        json!(null),
        &["Invalid arguments: must be a string or an integer, got null"],
    );
}

#[test]
fn one_of_matching_two_says_which() {
    assert_lines(
        json!({"oneOf": [{"type": "integer"}, {"minimum": 2}, {"maximum": 10}]}),
        json!(5),
        &[
            "Invalid arguments: must match exactly one of 3 alternatives, but matches alternatives 1 and 2",
        ],
    );
}

#[test]
fn not_says_what_is_refused() {
    assert_lines(
        json!({"not": {"type": "string"}}),
        json!("x"),
        &["Invalid arguments: must not be a string, got string \"x\""],
    );
    assert_lines(
        json!({"not": {"enum": [1, 2]}}),
        json!(1),
        &["Invalid arguments: must not match the \"not\" schema, got number 1"],
    );
}

#[test]
fn a_condition_reports_the_branch_it_chose() {
    let schema = json!({
        "if": {"properties": {"country": {"const": "US"}}},
        "then": {"properties": {"zip": {"pattern": "^[0-9]{5}$"}}},
        "else": {"properties": {"zip": {"maxLength": 10}}}
    });
    assert_lines(
        schema.clone(),
        json!({"country": "US", "zip": "abc"}),
        &["Invalid arguments at /zip: must match pattern \"^[0-9]{5}$\""],
    );
    assert_lines(
        schema,
        json!({"country": "FR", "zip": "12345678901"}),
        &["Invalid arguments at /zip: must be at most 10 characters long, got 11"],
    );
}

#[test]
fn dependent_required_names_both_keys() {
    assert_lines(
        json!({"dependentRequired": {"end": ["start"]}}),
        json!({"end": 3}),
        &["Invalid arguments: \"end\" requires \"start\""],
    );
    let err = Validator::new(&json!({"dependentRequired": {"end": ["start", "zone"]}}))
        .unwrap()
        .validate(&json!({"end": 3, "zone": "utc"}))
        .unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments: \"end\" requires \"start\""]
    );
    assert_eq!(err.issues()[0].missing, ["start"]);
}

#[test]
fn property_names_speak_of_the_name() {
    assert_lines(
        json!({"propertyNames": {"pattern": "^[a-z]+$"}}),
        json!({"Foo": 1, "bar": 2}),
        &["Invalid arguments: property name \"Foo\" must match pattern \"^[a-z]+$\""],
    );
    assert_lines(
        json!({"propertyNames": {"maxLength": 3}}),
        json!({"abcd": 1}),
        &["Invalid arguments: property name \"abcd\" must be at most 3 characters long, got 4"],
    );
    assert_lines(
        json!({"propertyNames": false}),
        json!({"a": 1}),
        &["Invalid arguments: property name \"a\" is not allowed"],
    );
}

#[test]
fn contains_and_property_counts() {
    assert_lines(
        json!({"contains": {"type": "integer"}}),
        json!(["a", "b"]),
        &["Invalid arguments: must contain at least 1 item matching \"contains\", got 0"],
    );
    assert_lines(
        json!({"contains": {"type": "integer"}, "maxContains": 1}),
        json!([1, 2]),
        &["Invalid arguments: must contain at most 1 item matching \"contains\", got 2"],
    );
    assert_lines(
        json!({"minProperties": 2}),
        json!({"a": 1}),
        &["Invalid arguments: must have at least 2 properties, got 1"],
    );
}

#[test]
fn unevaluated_properties_name_every_key_taken() {
    assert_lines(
        json!({
            "type": "object",
            "properties": {"a": {}},
            "allOf": [{"properties": {"b": {}}}],
            "unevaluatedProperties": false
        }),
        json!({"a": 1, "b": 2, "c": 3}),
        &["Invalid arguments: unknown property \"c\"; takes a, b"],
    );
    assert_lines(
        json!({
            "$defs": {"base": {"properties": {"name": {"type": "string"}}}},
            "$ref": "#/$defs/base",
            "properties": {"age": {"type": "integer"}},
            "unevaluatedProperties": false
        }),
        json!({"name": "x", "nmae": "y"}),
        &["Invalid arguments: unknown property \"nmae\"; takes age, name"],
    );
    assert_lines(
        json!({"prefixItems": [{"type": "string"}], "unevaluatedItems": false}),
        json!(["a", 2]),
        &["Invalid arguments at /1: no value is allowed here"],
    );
}

#[test]
fn a_referenced_object_reports_at_its_own_pointer() {
    assert_lines(
        json!({
            "$defs": {"point": {
                "type": "object",
                "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                "additionalProperties": false
            }},
            "type": "object",
            "properties": {"from": {"$ref": "#/$defs/point"}, "to": {"$ref": "#/$defs/point"}}
        }),
        json!({"from": {"x": 1, "z": 2}, "to": {"x": "1"}}),
        &[
            "Invalid arguments at /to/x: must be a number, got string \"1\"",
            "Invalid arguments at /from: unknown property \"z\"; takes x, y",
        ],
    );
}

#[test]
fn a_recursive_schema_follows_the_value_and_bounds_its_depth() {
    let tree = json!({
        "$defs": {"node": {
            "type": "object",
            "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}},
            "additionalProperties": false
        }},
        "$ref": "#/$defs/node"
    });
    let validator = Validator::new(&tree).unwrap();
    assert!(
        validator
            .validate(&json!({"value": 1, "children": [{"value": 2, "children": []}]}))
            .is_ok()
    );
    assert_eq!(
        validator
            .validate(&json!({"value": 1, "children": [{"value": "2"}]}))
            .unwrap_err()
            .lines(),
        ["Invalid arguments at /children/0/value: must be an integer, got string \"2\""]
    );
    // 10,000 levels: one line, no overflow.
    let mut deep = json!({"value": 0});
    for _ in 0..10_000 {
        let mut map = serde_json::Map::new();
        map.insert("children".to_owned(), Value::Array(vec![deep]));
        deep = Value::Object(map);
    }
    let lines = validator.validate(&deep).unwrap_err().lines();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].ends_with(": nests deeper than 128 levels"),
        "{}",
        lines[0]
    );
    dismantle(deep);
}

/// Drops a deep value without recursing.
fn dismantle(value: Value) {
    let mut pending = vec![value];
    while let Some(mut value) = pending.pop() {
        match &mut value {
            Value::Array(items) => pending.append(items),
            Value::Object(map) => pending.extend(std::mem::take(map).into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[test]
fn formats_are_annotations_unless_asserted() {
    let schema = json!({"type": "string", "format": "email"});
    assert!(
        Validator::new(&schema)
            .unwrap()
            .validate(&json!("nope"))
            .is_ok()
    );
    let asserted = Validator::builder()
        .assert_formats(true)
        .build(&schema)
        .unwrap();
    assert_eq!(
        asserted.validate(&json!("nope")).unwrap_err().lines(),
        ["Invalid arguments: must be an email address, e.g. \"ada@example.com\", got \"nope\""]
    );
    assert!(asserted.validate(&json!("ada@example.com")).is_ok());
}

#[test]
fn schemas_that_cannot_be_taken() {
    let endless = "schema keyword \"$ref\": references loop back to themselves without reaching into the value, so validation would never end";
    assert_refused(json!({"$ref": "#"}), endless);
    assert_refused(
        json!({
            "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}},
            "$ref": "#/$defs/a"
        }),
        endless,
    );
    assert_refused(
        json!({"$ref": "https://example.com/x.json"}),
        "schema keyword \"$ref\": cannot resolve \"https://example.com/x.json\"",
    );
    assert_refused(
        json!({"properties": {"a": {"$ref": "#/$defs/missing"}}}),
        "schema keyword \"$ref\" at /properties/a: cannot resolve \"#/$defs/missing\"",
    );
    assert_refused(
        json!({"x-foo": 1}),
        "schema keyword \"x-foo\": is not a JSON Schema 2020-12 keyword",
    );
}

#[test]
fn unknown_keywords_can_be_ignored_and_reported() {
    let validator = Validator::builder()
        .ignore_unknown_keywords(true)
        .build(&json!({"type": "object", "x-foo": 1, "properties": {"a": {"nullable": true}}}))
        .unwrap();
    assert_eq!(
        validator.ignored_keywords(),
        ["/x-foo", "/properties/a/nullable"]
    );
    assert!(validator.validate(&json!({"a": null})).is_ok());
}

#[test]
fn a_resolver_gives_remote_documents_once() {
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counted = calls.clone();
    let validator = Validator::builder()
        .resolver(move |uri| {
            counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            (uri == "https://example.com/defs.json")
                .then(|| json!({"$defs": {"id": {"type": "string", "minLength": 3}}}))
        })
        .build(&json!({
            "type": "object",
            "properties": {
                "a": {"$ref": "https://example.com/defs.json#/$defs/id"},
                "b": {"$ref": "https://example.com/defs.json#/$defs/id"}
            }
        }))
        .unwrap();
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 1);
    assert_eq!(
        validator
            .validate(&json!({"a": "x", "b": "long"}))
            .unwrap_err()
            .lines(),
        ["Invalid arguments at /a: must be at least 3 characters long, got 1"]
    );
}

#[test]
fn repairs_stay_out_of_unions() {
    // `dateTime` would be read as `date_time` in a plain object; inside an
    // alternative another branch could read it as it is.
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": {"when": {"anyOf": [
            {"type": "object", "properties": {"date_time": {"type": "string"}}, "additionalProperties": false},
            {"type": "object", "properties": {"dateTime": {"type": "integer"}}, "additionalProperties": false}
        ]}},
        "additionalProperties": false
    }))
    .unwrap();
    let mut call = json!({"when": {"dateTime": "2026-12-01"}});
    let err = validator
        .validate_with(&mut call, &RepairPolicy::default())
        .unwrap_err();
    assert_eq!(call, json!({"when": {"dateTime": "2026-12-01"}}));
    assert_eq!(
        err.lines(),
        [
            "Invalid arguments at /when/dateTime: must be an integer, got string \"2026-12-01\" (closest of 2 alternatives: alternative 2)"
        ]
    );
}
