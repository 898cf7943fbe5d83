//! The validator against the jsonschema crate on generated draft 2020-12
//! schemas using every applicator (`anyOf`, `oneOf`, `allOf`, `not`,
//! `if`/`then`/`else`, `$ref` into `$defs`, `dependentRequired`,
//! `dependentSchemas`, `propertyNames`, `patternProperties`,
//! `prefixItems`, `contains`, `unevaluatedProperties`,
//! `unevaluatedItems`) and generated values: both must say valid or
//! invalid alike.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};
use toolsmith::Validator;

const KEYS: [&str; 3] = ["a", "b", "c"];

fn key() -> impl Strategy<Value = String> {
    prop::sample::select(&KEYS[..]).prop_map(str::to_owned)
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-2i64..6).prop_map(Value::from),
        Just(json!(1.5)),
        prop::sample::select(&["", "a", "ab", "b"][..]).prop_map(Value::from),
    ]
}

/// Values the schemas below speak of: scalars, and arrays and objects of
/// them two levels deep.
fn instance() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(2, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(key(), inner, 0..4)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

fn leaf(refs: bool) -> BoxedStrategy<Value> {
    let types = prop::sample::select(
        &[
            "null", "boolean", "integer", "number", "string", "array", "object",
        ][..],
    );
    let mut leaves = vec![
        Just(json!(true)).boxed(),
        Just(json!(false)).boxed(),
        types.prop_map(|t| json!({ "type": t })).boxed(),
        (-1i64..4).prop_map(|n| json!({ "minimum": n })).boxed(),
        (-1i64..4).prop_map(|n| json!({ "maximum": n })).boxed(),
        scalar().prop_map(|v| json!({ "const": v })).boxed(),
        prop::collection::vec(scalar(), 1..3)
            .prop_map(|v| json!({ "enum": v }))
            .boxed(),
        (0u64..3).prop_map(|n| json!({ "minLength": n })).boxed(),
        (0u64..3).prop_map(|n| json!({ "maxItems": n })).boxed(),
        (0u64..3)
            .prop_map(|n| json!({ "minProperties": n }))
            .boxed(),
        key().prop_map(|k| json!({ "required": [k] })).boxed(),
        Just(json!({ "multipleOf": 2 })).boxed(),
    ];
    if refs {
        leaves.push(Just(json!({ "$ref": "#/$defs/d" })).boxed());
    }
    prop::strategy::Union::new(leaves).boxed()
}

fn subschema(refs: bool) -> BoxedStrategy<Value> {
    leaf(refs)
        .prop_recursive(3, 24, 3, move |inner| {
            let pair = || prop::collection::vec(inner.clone(), 1..3);
            prop_oneof![
                pair().prop_map(|s| json!({ "anyOf": s })),
                pair().prop_map(|s| json!({ "oneOf": s })),
                pair().prop_map(|s| json!({ "allOf": s })),
                inner.clone().prop_map(|s| json!({ "not": s })),
                (inner.clone(), inner.clone(), inner.clone())
                    .prop_map(|(i, t, e)| json!({ "if": i, "then": t, "else": e })),
                (key(), inner.clone(), prop::option::of(inner.clone())).prop_map(
                    |(k, s, extra)| {
                        let mut schema = json!({ "properties": { k: s } });
                        if let Some(extra) = extra {
                            schema["additionalProperties"] = extra;
                        }
                        schema
                    }
                ),
                (key(), inner.clone(), inner.clone()).prop_map(|(k, s, u)| json!({
                    "allOf": [{ "properties": { k: s } }],
                    "unevaluatedProperties": u
                })),
                (inner.clone(), prop::option::of(inner.clone())).prop_map(|(p, i)| {
                    let mut schema = json!({ "prefixItems": [p] });
                    if let Some(i) = i {
                        schema["items"] = i;
                    }
                    schema
                }),
                (inner.clone(), inner.clone()).prop_map(|(p, u)| json!({
                    "anyOf": [{ "prefixItems": [p] }, { "contains": p }],
                    "unevaluatedItems": u
                })),
                (inner.clone(), 0u64..3, prop::option::of(0u64..3)).prop_map(|(c, min, max)| {
                    let mut schema = json!({ "contains": c, "minContains": min });
                    if let Some(max) = max {
                        schema["maxContains"] = json!(max);
                    }
                    schema
                }),
                (key(), key()).prop_map(|(k, r)| json!({ "dependentRequired": { k: [r] } })),
                (key(), inner.clone()).prop_map(|(k, s)| json!({ "dependentSchemas": { k: s } })),
                prop::collection::vec(key(), 1..3)
                    .prop_map(|keys| json!({ "propertyNames": { "enum": keys } })),
                inner
                    .clone()
                    .prop_map(|s| json!({ "patternProperties": { "^a": s } })),
            ]
        })
        .boxed()
}

/// A root with a definition (itself without references) the rest may use.
fn schema() -> impl Strategy<Value = Value> {
    (subschema(false), subschema(true))
        .prop_map(|(definition, body)| json!({ "$defs": { "d": definition }, "allOf": [body] }))
}

#[test]
fn the_validator_agrees_with_the_jsonschema_crate() {
    let mut runner = TestRunner::new(Config {
        cases: 2_000,
        failure_persistence: None,
        ..Config::default()
    });
    let compared = std::cell::Cell::new(0usize);
    let rejected = std::cell::Cell::new(0usize);
    let outcome = runner.run(
        &(schema(), prop::collection::vec(instance(), 10)),
        |(schema, values)| {
            let ours = Validator::new(&schema)
                .map_err(|err| TestCaseError::fail(format!("{schema}: refused: {err}")))?;
            let theirs = jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(&schema)
                .map_err(|err| {
                    TestCaseError::fail(format!("{schema}: the oracle refused: {err}"))
                })?;
            for value in &values {
                let mine = ours.validate(value);
                prop_assert_eq!(
                    mine.is_ok(),
                    theirs.is_valid(value),
                    "{} against {}: ours {:?}",
                    value,
                    schema,
                    mine.err().map(|err| err.lines())
                );
                compared.set(compared.get() + 1);
                rejected.set(rejected.get() + usize::from(!theirs.is_valid(value)));
            }
            Ok(())
        },
    );
    if let Err(err) = outcome {
        panic!("{err}");
    }
    let (compared, rejected) = (compared.get(), rejected.get());
    println!("compared {compared} values ({rejected} invalid) on 2,000 generated schemas");
    assert!(compared >= 20_000, "too few values compared: {compared}");
    assert!(
        rejected > compared / 10 && rejected < compared * 9 / 10,
        "{rejected} of {compared} invalid"
    );
}
