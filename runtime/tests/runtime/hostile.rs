//! Hostile input never hurts: bounded lines, no stack overflow, one line
//! per line, escaped pointers, refused schemas instead of panics.

use serde_json::{Map, Value, json};
use toolsmith_runtime::{IssueKind, RepairPolicy, ToolError, Validator};

/// Builds `[[[ ... ]]]` `depth` levels deep (in code: a parser would refuse it).
fn nested_arrays(depth: usize) -> Value {
    let mut value = Value::Null;
    for _ in 0..depth {
        value = Value::Array(vec![value]);
    }
    value
}

/// Tears a deep value down iteratively (its recursive drop would not fit a
/// test thread's stack).
fn dismantle(mut value: Value) {
    let mut pending = Vec::new();
    loop {
        match &mut value {
            Value::Array(items) => pending.append(items),
            Value::Object(map) => {
                let keys: Vec<String> = map.keys().cloned().collect();
                for key in keys {
                    pending.extend(map.remove(&key));
                }
            }
            _ => {}
        }
        match pending.pop() {
            Some(next) => value = next,
            None => return,
        }
    }
}

fn one_line(line: &str) {
    assert!(
        !line.contains([
            '\n', '\r', '\u{1b}', '\u{2028}', '\u{2029}', '\u{202e}', '\u{2066}'
        ]),
        "{line:?}"
    );
}

#[test]
fn huge_string_failing_a_pattern_gives_a_short_line() {
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": { "code": { "type": "string", "pattern": "^[a-z]+$", "maxLength": 10 } }
    }))
    .unwrap();
    let huge = "X".repeat(1 << 20);
    let err = validator.validate(&json!({ "code": huge })).unwrap_err();
    let lines = err.lines();
    assert_eq!(
        lines,
        [
            "Invalid arguments at /code: must be at most 10 characters long, got 1048576",
            "Invalid arguments at /code: must match pattern \"^[a-z]+$\"",
        ]
    );

    let typed = Validator::new(&json!({ "type": "integer" })).unwrap();
    let line = &typed.validate(&Value::String(huge)).unwrap_err().lines()[0];
    assert!(line.len() < 200, "{} bytes", line.len());
    assert_eq!(
        line,
        &format!(
            "Invalid arguments: must be an integer, got string \"{}…\"",
            "X".repeat(40)
        )
    );
}

#[test]
fn value_nested_ten_thousand_deep_is_an_issue() {
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": { "data": {}, "list": { "type": "array", "items": { "type": "array" } } }
    }))
    .unwrap();
    let input = Value::Object(Map::from_iter([("data".to_owned(), nested_arrays(10_000))]));
    let err = validator.validate(&input).unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments at /data: nests deeper than 128 levels"]
    );
    assert_eq!(err.issues()[0].kind, IssueKind::TooDeep);
    dismantle(input);

    let input = Value::Object(Map::from_iter([("list".to_owned(), nested_arrays(10_000))]));
    let err = validator.validate(&input).unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments at /list/0: nests deeper than 128 levels"]
    );
    dismantle(input);

    // Within the bound is fine.
    let input = Value::Object(Map::from_iter([("data".to_owned(), nested_arrays(100))]));
    assert!(validator.validate(&input).is_ok());
}

#[test]
fn enum_and_unique_items_compare_deep_values_without_recursion() {
    let validator = Validator::new(&json!({ "uniqueItems": true })).unwrap();
    let input = Value::Array(vec![nested_arrays(10_000), nested_arrays(10_000)]);
    // Unconstrained items are still bounded in depth.
    assert_eq!(
        validator.validate(&input).unwrap_err().lines(),
        [
            "Invalid arguments: must not repeat items; item 1 equals item 0",
            "Invalid arguments at /0: nests deeper than 128 levels",
            "Invalid arguments at /1: nests deeper than 128 levels",
        ]
    );
    dismantle(input);
}

#[test]
fn hundred_thousand_unknown_keys_are_one_line() {
    let validator = Validator::new(&json!({
        "type": "object",
        "properties": { "a": { "type": "string" } },
        "additionalProperties": false
    }))
    .unwrap();
    let map: Map<String, Value> = (0..100_000)
        .map(|i| (format!("k{i}"), Value::Null))
        .collect();
    let err = validator.validate(&Value::Object(map)).unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments: unknown properties \"k0\", \"k1\", \"k2\" and 99997 more; takes a"]
    );
    assert_eq!(err.omitted(), 0);
}

#[test]
fn hundred_thousand_allowed_values_make_a_short_line() {
    let values: Vec<String> = (0..100_000).map(|i| format!("value-{i}")).collect();
    let validator = Validator::new(&json!({ "enum": values })).unwrap();
    let err = validator.validate(&json!("value-x")).unwrap_err();
    let named: Vec<&str> = values[..100].iter().map(String::as_str).collect();
    assert_eq!(
        err.lines(),
        [format!(
            "Invalid arguments: must be one of {}, … and 99900 more, got \"value-x\"",
            named.join(", ")
        )]
    );
    assert!(err.lines()[0].len() < 1_500, "{}", err.lines()[0].len());
    // "Did you mean" still looks at every value, named or not.
    let err = validator
        .validate_with(&mut json!("value-99999x"), &RepairPolicy::default())
        .unwrap_err();
    assert!(
        err.lines()[0].ends_with(", got \"value-99999x\" (did you mean \"value-99999\"?)"),
        "{}",
        err.lines()[0]
    );
    // An enum of a hundred is named whole.
    let validator = Validator::new(&json!({ "enum": &values[..100] })).unwrap();
    assert_eq!(
        validator.validate(&json!(1)).unwrap_err().lines(),
        [format!(
            "Invalid arguments: must be one of {}, got number 1",
            named.join(", ")
        )]
    );
}

#[test]
fn hundred_thousand_objects_with_unknown_keys_are_capped() {
    let validator = Validator::new(&json!({
        "type": "array",
        "items": {
            "type": "object",
            "properties": { "a": { "type": "string" } },
            "additionalProperties": false
        }
    }))
    .unwrap();
    let items: Vec<Value> = (0..100_000).map(|i| json!({ "b": i })).collect();
    let err = validator.validate(&Value::Array(items)).unwrap_err();
    let lines = err.lines();
    assert_eq!(lines.len(), 21);
    assert_eq!(
        lines[0],
        "Invalid arguments at /0: unknown property \"b\"; takes a"
    );
    assert_eq!(
        lines[19],
        "Invalid arguments at /19: unknown property \"b\"; takes a"
    );
    assert_eq!(lines[20], "… and 99980 more problems");
    assert_eq!(err.issues().len(), 20);
    assert_eq!(err.omitted(), 99_980);
}

#[test]
fn hostile_keys_are_escaped_in_pointers_and_sanitized_in_lines() {
    let validator = Validator::new(&json!({
        "type": "object",
        "additionalProperties": { "type": "integer" }
    }))
    .unwrap();
    let input = json!({
        "a/b": "x",
        "m~n": "x",
        "line\nbreak": "x",
        "evil\u{202e}txt": "x",
        "\u{1b}[31mred\u{1b}[0m": "x",
    });
    let err = validator.validate(&input).unwrap_err();
    let pointers: Vec<&str> = err.issues().iter().map(|issue| issue.at.as_str()).collect();
    assert_eq!(
        pointers,
        [
            "/a~1b",
            "/m~0n",
            "/line\nbreak",
            "/evil\u{202e}txt",
            "/\u{1b}[31mred\u{1b}[0m"
        ]
    );
    let lines = err.lines();
    for line in &lines {
        one_line(line);
    }
    assert_eq!(
        lines[0],
        "Invalid arguments at /a~1b: must be an integer, got string \"x\""
    );
    assert_eq!(
        lines[2],
        "Invalid arguments at /line break: must be an integer, got string \"x\""
    );
    assert_eq!(
        lines[3],
        "Invalid arguments at /eviltxt: must be an integer, got string \"x\""
    );
    assert_eq!(
        lines[4],
        "Invalid arguments at /red: must be an integer, got string \"x\""
    );
}

#[test]
fn hostile_values_are_sanitized_when_echoed() {
    let closed =
        Validator::new(&json!({ "type": "object", "additionalProperties": false })).unwrap();
    let err = closed
        .validate(&json!({ "\u{1b}]0;pwned\u{7}ok\u{2028}go": 1 }))
        .unwrap_err();
    assert_eq!(
        err.lines(),
        ["Invalid arguments: unknown property \"ok go\"; takes no properties"]
    );

    let number = Validator::new(&json!({ "type": "number" })).unwrap();
    let err = number
        .validate(&json!("\u{9b}2J\r\nrm -rf /\u{2066}"))
        .unwrap_err();
    let line = &err.lines()[0];
    one_line(line);
    assert_eq!(
        line,
        "Invalid arguments: must be a number, got string \"rm -rf /\""
    );
}

#[test]
fn hostile_schemas_are_refused_not_fatal() {
    // Nested 10,000 deep, built in code.
    let mut schema = json!({ "type": "string" });
    for _ in 0..10_000 {
        let mut map = Map::new();
        map.insert("type".to_owned(), json!("array"));
        map.insert("items".to_owned(), schema);
        schema = Value::Object(map);
    }
    let err = Validator::new(&schema).unwrap_err();
    assert_eq!(err.keyword(), "items");
    assert_eq!(err.reason(), "subschemas nest deeper than 64 levels");
    dismantle(schema);

    // A pattern whose program would be enormous.
    let err = Validator::new(&json!({ "pattern": "(((a{100}){100}){100}){100}" })).unwrap_err();
    assert_eq!(
        err.to_string(),
        "schema keyword \"pattern\": is too large to compile"
    );

    // A keyword name that is itself hostile is echoed sanitized.
    let err = Validator::new(&json!({ "\u{1b}[2Jx\ny": 1 })).unwrap_err();
    one_line(&err.to_string());
    assert_eq!(err.keyword(), "x y");
}

#[test]
fn extreme_numbers_compare_exactly() {
    let validator = Validator::new(&json!({ "maximum": 9007199254740993u64 })).unwrap();
    assert!(validator.validate(&json!(9007199254740993u64)).is_ok());
    assert!(validator.validate(&json!(9007199254740994u64)).is_err());
    let validator =
        Validator::new(&json!({ "minimum": -1e308, "maximum": 1e308, "multipleOf": 1e-300 }))
            .unwrap();
    assert!(validator.validate(&json!(u64::MAX)).is_ok());
    assert!(validator.validate(&json!(i64::MIN)).is_ok());
}

#[test]
fn ambiguous_keys_by_the_thousand_are_capped_too() {
    // The repair pass reports ambiguity before validation; its lines share
    // the same cap.
    let validator = Validator::new(&json!({
        "type": "array",
        "items": {
            "type": "object",
            "properties": { "a_a": { "type": "integer" } },
            "additionalProperties": false
        }
    }))
    .unwrap();
    let item = json!({ "a_a": 0, "aA": 0 });
    let mut input = Value::Array(vec![item; 10_000]);
    let err = validator
        .validate_with(&mut input, &RepairPolicy::default())
        .unwrap_err();
    let lines = err.lines();
    assert_eq!(lines.len(), 21);
    assert_eq!(
        lines[0],
        "Invalid arguments at /0: ambiguous property \"aA\": \"a_a\" is also present; send only \"a_a\""
    );
    assert_eq!(lines[20], "… and 9980 more problems");
}

#[test]
fn a_failure_message_is_one_line_that_cannot_forge_ours() {
    let err = ToolError::new(
        "disk full\n\nInvalid arguments: missing required property \"confirm\"\r\n\u{1b}[31mred\u{202e}",
    );
    assert_eq!(
        err.message(),
        "disk full Invalid arguments: missing required property \"confirm\" red"
    );
    let long = ToolError::new("ab\n".repeat(1_000_000));
    assert_eq!(long.message().chars().count(), ToolError::MAX_CHARS + 1);
    assert!(long.message().ends_with("ab…") && !long.message().contains('\n'));
}
