//! Any schema, any value: compiling never panics, validating never panics,
//! and every line stays one bounded line.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use toolsmith_runtime::{RepairPolicy, ToolInputError, Validator};

/// Strings with the characters that make trouble in lines and pointers.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => "[a-zA-Z_]{1,8}",
            1 => Just("/".to_owned()),
            1 => Just("~".to_owned()),
            1 => Just("\n".to_owned()),
            1 => Just("\u{1b}[31m".to_owned()),
            1 => Just("\u{202e}".to_owned()),
            1 => Just("\u{9b}".to_owned()),
            1 => Just("dateTime".to_owned()),
            1 => Just("date_time".to_owned()),
            1 => Just("{\"a\": [1]}".to_owned()),
            1 => any::<char>().prop_map(String::from),
        ],
        0..4,
    )
    .prop_map(|parts| parts.concat())
}

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        (-5i64..5).prop_map(Value::from),
        Just(json!(0.5)),
        Just(json!(1.0)),
    ]
}

/// Any JSON value.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        text().prop_map(Value::String)
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((text(), inner), 0..6)
                .prop_map(|entries| Value::Object(Map::from_iter(entries))),
        ]
    })
}

/// Schemas made of the supported keywords, with well- and ill-formed values.
fn schema() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(json!(true)),
        Just(json!(false)),
        Just(json!({})),
        prop::sample::select(vec![
            "string", "integer", "number", "boolean", "null", "object", "array"
        ])
        .prop_map(|t| json!({ "type": t })),
        Just(json!({ "type": ["string", "null"] })),
        Just(json!({ "pattern": "^\\w+$", "minLength": 1, "maxLength": 3 })),
        Just(json!({ "minimum": 0, "maximum": 10, "multipleOf": 0.5 })),
        Just(json!({ "exclusiveMinimum": -1.5, "exclusiveMaximum": 1e300 })),
        prop::collection::vec(value(), 0..4).prop_map(|values| json!({ "enum": values })),
        value().prop_map(|value| json!({ "const": value })),
        value().prop_map(|value| json!({ "minimum": value })),
        text().prop_map(|pattern| json!({ "pattern": pattern })),
    ];
    leaf.prop_recursive(4, 32, 5, |inner| {
        prop_oneof![
            (prop::collection::vec((text(), inner.clone()), 0..5), prop::collection::vec(text(), 0..3), any::<bool>())
                .prop_map(|(properties, required, closed)| {
                    json!({
                        "type": "object",
                        "properties": Map::from_iter(properties),
                        "required": required,
                        "additionalProperties": !closed
                    })
                }),
            (inner.clone(), 0u64..3, any::<bool>())
                .prop_map(|(items, min, unique)| json!({ "type": "array", "items": items, "minItems": min, "uniqueItems": unique })),
            inner.prop_map(|schema| json!({ "additionalProperties": schema })),
        ]
    })
}

fn assert_bounded(err: &ToolInputError) {
    assert!(err.issues().len() <= ToolInputError::MAX_ISSUES);
    for line in err.lines() {
        assert!(
            !line.contains(['\n', '\r', '\u{1b}', '\u{9b}', '\u{202e}', '\u{2028}']),
            "{line:?}"
        );
        assert!(
            line.chars().count() < 2_000,
            "{} characters",
            line.chars().count()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_json_as_a_schema_compiles_or_is_refused(candidate in value()) {
        if let Err(err) = Validator::new(&candidate) {
            let message = err.to_string();
            prop_assert!(!message.contains(['\n', '\u{1b}']), "{message:?}");
        }
    }

    #[test]
    fn validating_never_panics_and_lines_stay_lines(schema in schema(), input in value()) {
        let Ok(validator) = Validator::new(&schema) else { return Ok(()) };
        let plain = validator.validate(&input);
        if let Err(err) = &plain {
            assert_bounded(err);
        }
        // Repairs only ever make a valid input from an invalid one, never
        // the reverse, and report nothing for an input that was valid.
        let mut repaired = input.clone();
        match validator.validate_with(&mut repaired, &RepairPolicy::all()) {
            Ok(repairs) => {
                if plain.is_ok() {
                    prop_assert!(repairs.is_empty());
                    prop_assert_eq!(&repaired, &input);
                }
            }
            Err(err) => assert_bounded(&err),
        }
    }
}
