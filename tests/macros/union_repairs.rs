//! The repairs inside unions: JSON text sent for a tagged enum (internally
//! or adjacently tagged, in a list, optional) is read as the object it
//! holds, and a tag or field key in another case convention (`Kind`) is
//! read as the key it names, as both repairs are for a struct; a foreign
//! schema's unions (a `oneOf` or `anyOf` with a discriminator, an
//! externally tagged enum) get the same. A property test runs generated
//! stringified and miscased union values down the typed path and the
//! validator and asserts they agree.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::{RepairPolicy, Tool, ToolArg, Validator, tool, validate_input_with};

/// A figure to draw.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Figure {
    /// A circle of radius `r`.
    Circle {
        #[arg(min = 0.0)]
        r: f64,
    },
    /// A square.
    Square { side: f64 },
    /// A dot.
    Dot,
}

/// A change to a layer, adjacently tagged.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(
    tag = "type",
    content = "data",
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Change {
    Rename { new_name: String },
    Resize { width: u16 },
    Clear,
}

/// Draws a figure, applies changes, then maybe draws another.
#[tool]
fn sketch(shape: Figure, changes: Vec<Change>, then: Option<Figure>) -> String {
    format!("{shape:?} {changes:?} {then:?}")
}

fn repaired(call: Value) -> (SketchArgs, Vec<String>) {
    let valid = validate_input_with(&Sketch, &call, &RepairPolicy::default())
        .unwrap_or_else(|err| panic!("{call} was refused: {err}"));
    let repairs = valid.repairs.iter().map(ToString::to_string).collect();
    (valid.args, repairs)
}

fn refused(call: Value, policy: &RepairPolicy) -> Vec<String> {
    let typed = validate_input_with(&Sketch, &call, policy).map(|_| ());
    let mut copy = call.clone();
    let schema = Sketch.validator().validate_with(&mut copy, policy);
    let typed = typed.unwrap_err().lines();
    assert_eq!(typed, schema.unwrap_err().lines(), "on {call}");
    typed
}

#[test]
fn json_text_for_a_tagged_enum_is_read_as_the_object_it_holds() {
    let (args, repairs) = repaired(json!({
        "shape": "{\"kind\": \"circle\", \"r\": 2}",
        "changes": ["{\"type\": \"resize\", \"data\": {\"width\": 3}}", {"type": "clear"}],
        "then": "{\"kind\": \"dot\"}"
    }));
    assert_eq!(args.shape, Figure::Circle { r: 2.0 });
    assert_eq!(args.changes, [Change::Resize { width: 3 }, Change::Clear]);
    assert_eq!(args.then, Some(Figure::Dot));
    assert_eq!(
        repairs,
        [
            "read the string at /shape as the object it holds",
            "read the string at /changes/0 as the object it holds",
            "read the string at /then as the object it holds",
        ]
    );
}

#[test]
fn a_tag_or_field_key_in_another_case_is_read_as_the_key_it_names() {
    let (args, repairs) = repaired(json!({
        "shape": {"Kind": "square", "Side": 1.5},
        "changes": [{"Type": "rename", "Data": {"NewName": "base"}}]
    }));
    assert_eq!(args.shape, Figure::Square { side: 1.5 });
    assert_eq!(
        args.changes,
        [Change::Rename {
            new_name: "base".into()
        }]
    );
    assert_eq!(
        repairs,
        [
            "read key Kind at /shape as kind",
            "read key Side at /shape as side",
            "read key Type at /changes/0 as type",
            "read key Data at /changes/0 as data",
            "read key NewName at /changes/0/data as new_name",
        ]
    );
}

#[test]
fn both_repairs_apply_to_one_union_value() {
    let (args, repairs) = repaired(json!({
        "shape": "{\"Kind\": \"circle\", \"R\": 2}",
        "changes": []
    }));
    assert_eq!(args.shape, Figure::Circle { r: 2.0 });
    assert_eq!(
        repairs,
        [
            "read the string at /shape as the object it holds",
            "read key Kind at /shape as kind",
            "read key R at /shape as r",
        ]
    );
}

#[test]
fn a_problem_inside_repaired_json_text_is_reported_at_its_field() {
    let call = json!({"shape": "{\"kind\": \"circle\", \"r\": -1}", "changes": []});
    assert_eq!(
        refused(call, &RepairPolicy::default()),
        ["Invalid arguments at /shape/r: must be at least 0.0, got -1 (kind \"circle\")"]
    );
    let call = json!({"shape": {"Kind": "hexagon"}, "changes": []});
    assert_eq!(
        refused(call, &RepairPolicy::default()),
        [
            "Invalid arguments at /shape: missing required property \"kind\" (one of circle, square, dot)"
        ]
    );
}

#[test]
fn without_the_repairs_the_union_is_refused_as_sent() {
    let call = json!({"shape": "{\"kind\": \"circle\", \"r\": 2}", "changes": []});
    assert_eq!(
        refused(call, &RepairPolicy::none()),
        [
            "Invalid arguments at /shape: must be an object, got string \"{\"kind\": \"circle\", \"r\": 2}\""
        ]
    );
    let policy = RepairPolicy {
        case_variants: false,
        ..RepairPolicy::default()
    };
    let call = json!({"shape": {"Kind": "dot"}, "changes": []});
    assert_eq!(
        refused(call, &policy),
        [
            "Invalid arguments at /shape: missing required property \"kind\" (one of circle, square, dot)"
        ]
    );
}

#[test]
fn a_tag_sent_in_two_spellings_is_not_guessed() {
    let call = json!({"shape": {"Kind": "dot", "KIND": "dot"}, "changes": []});
    assert_eq!(
        refused(call, &RepairPolicy::default()),
        [
            "Invalid arguments at /shape: missing required property \"kind\" (one of circle, square, dot)"
        ]
    );
}

/// A foreign schema's union: what the repairs did, or the lines.
fn foreign(schema: Value, mut call: Value) -> Result<(Value, Vec<String>), Vec<String>> {
    let validator = Validator::new(&schema).unwrap();
    match validator.validate_with(&mut call, &RepairPolicy::default()) {
        Ok(repairs) => Ok((call, repairs.iter().map(ToString::to_string).collect())),
        Err(err) => Err(err.lines()),
    }
}

fn object(properties: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
}

#[test]
fn a_foreign_union_with_a_discriminator_is_repaired_through_its_tag() {
    for keyword in ["oneOf", "anyOf"] {
        let schema = object(
            json!({"pet": {keyword: [
                object(json!({"species": {"const": "cat"}, "lives": {"type": "integer"}}), &["species", "lives"]),
                object(json!({"species": {"const": "dog"}, "good": {"type": "boolean"}}), &["species"]),
            ]}}),
            &["pet"],
        );
        assert_eq!(
            foreign(
                schema.clone(),
                json!({"pet": "{\"Species\": \"cat\", \"Lives\": 9}"})
            ),
            Ok((
                json!({"pet": {"species": "cat", "lives": 9}}),
                vec![
                    "read the string at /pet as the object it holds".to_owned(),
                    "read key Species at /pet as species".to_owned(),
                    "read key Lives at /pet as lives".to_owned(),
                ]
            )),
            "{keyword}"
        );
    }
}

#[test]
fn an_externally_tagged_union_is_repaired_through_its_one_key() {
    // What schemars derives for `enum Shape { Dot, Circle { r: f64 } }`.
    let schema = object(
        json!({"shape": {"oneOf": [
            {"type": "string", "enum": ["Dot"]},
            object(json!({"Circle": object(json!({"r": {"type": "number"}}), &["r"])}), &["Circle"]),
        ]}}),
        &["shape"],
    );
    assert_eq!(
        foreign(schema.clone(), json!({"shape": "{\"circle\": {\"R\": 1}}"})),
        Ok((
            json!({"shape": {"Circle": {"r": 1}}}),
            vec![
                "read the string at /shape as the object it holds".to_owned(),
                "read key circle at /shape as Circle".to_owned(),
                "read key R at /shape/Circle as r".to_owned(),
            ]
        ))
    );
    assert_eq!(
        foreign(schema.clone(), json!({"shape": "Dot"})),
        Ok((json!({"shape": "Dot"}), vec![]))
    );
    // A string an alternative takes is never read as JSON.
    let takes_text = object(
        json!({"note": {"anyOf": [{"type": "string"}, object(json!({"text": {"type": "string"}}), &["text"])]}}),
        &["note"],
    );
    assert_eq!(
        foreign(takes_text, json!({"note": "{\"text\": \"hi\"}"})),
        Ok((json!({"note": "{\"text\": \"hi\"}"}), vec![]))
    );
}

/// Miscases every key of a union value (`kind` → `Kind`) or sends it as
/// JSON text, as the seed picks, at every depth.
fn disguise(value: &mut Value, seed: &mut u64) {
    fn roll(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % 4
    }
    match value {
        Value::Array(items) => items.iter_mut().for_each(|item| disguise(item, seed)),
        Value::Object(map) => {
            let tagged = map.contains_key("kind") || map.contains_key("type");
            let entries = std::mem::take(map);
            let pascal = tagged && roll(seed) == 0;
            for (key, mut child) in entries {
                disguise(&mut child, seed);
                let key = if pascal {
                    let mut chars = key.chars();
                    chars
                        .next()
                        .map(|c| c.to_uppercase().chain(chars).collect())
                        .unwrap_or_default()
                } else {
                    key
                };
                map.insert(key, child);
            }
            if tagged && roll(seed) == 1 {
                *value = Value::String(value.to_string());
            }
        }
        _ => {}
    }
}

/// The typed path and the validator agree on generated union values sent
/// as JSON text or with miscased keys: both accept (and the function gets
/// what serde reads from the repaired value) or both refuse with the same
/// lines.
#[test]
fn the_typed_path_and_the_validator_agree_on_disguised_unions() {
    let strategy = (
        toolsmith_test_support::generate::valid(Sketch.input_schema()),
        any::<u64>(),
    );
    let mut runner = TestRunner::new(Config {
        cases: 2000,
        failure_persistence: None,
        ..Config::default()
    });
    let accepted = std::cell::Cell::new(0);
    let repaired_calls = std::cell::Cell::new(0);
    let result = runner.run(&strategy, |(mut call, mut seed)| {
        disguise(&mut call, &mut seed);
        let policy = RepairPolicy::default();
        let typed = validate_input_with(&Sketch, &call, &policy);
        let mut copy = call.clone();
        let schema = Sketch.validator().validate_with(&mut copy, &policy);
        match (typed, schema) {
            (Ok(valid), Ok(repairs)) => {
                let read: SketchArgs = serde_json::from_value(copy.clone())
                    .map_err(|err| TestCaseError::fail(format!("{copy}: {err}")))?;
                prop_assert_eq!(&valid.args.shape, &read.shape);
                prop_assert_eq!(&valid.args.changes, &read.changes);
                prop_assert_eq!(&valid.args.then, &read.then);
                prop_assert_eq!(valid.repairs, repairs);
                accepted.set(accepted.get() + 1);
                if copy != call {
                    repaired_calls.set(repaired_calls.get() + 1);
                }
            }
            (Err(typed), Err(schema)) => prop_assert_eq!(typed.lines(), schema.lines()),
            (typed, schema) => {
                return Err(TestCaseError::fail(format!(
                    "disagree on {call}: typed {:?}, schema {:?}",
                    typed.map(|_| ()),
                    schema.map(|_| ())
                )));
            }
        }
        Ok(())
    });
    if let Err(err) = result {
        panic!("{err}");
    }
    let (accepted, repaired_calls) = (accepted.get(), repaired_calls.get());
    assert!(accepted > 1000, "only {accepted} of 2000 accepted");
    assert!(repaired_calls > 500, "only {repaired_calls} repaired");
}

#[test]
fn typed_path_agrees_with_schema() {
    crate::support::agreement::assert_agreement(&Sketch);
}
