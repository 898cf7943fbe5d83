//! `toolsmith_hooks::codex` against the JSON Schemas the pinned Codex CLI
//! builds in: the events, every input field (presence, required-ness, JSON
//! types, string values), payloads made from Codex's schemas read as our
//! typed inputs with nothing left over, and every answer our builders
//! write is valid for Codex's output schema of its event.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value, json};
use toolsmith_hooks::codex::{CodexEvent, CodexOutput, validate_codex_hook_input};

use crate::codex_cli::codex_hook_schemas;

fn schema(event: CodexEvent, side: &str) -> Option<&'static Value> {
    codex_hook_schemas().get(&format!("{}.command.{side}", event.schema_stem()))
}

/// `schema` with its local `$ref`s (into `root`'s `definitions`) and
/// single-entry `allOf`s replaced by what they point at.
fn resolved<'a>(root: &'a Value, schema: &'a Value) -> &'a Value {
    if let Some(name) = schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/definitions/"))
    {
        return resolved(root, &root["definitions"][name]);
    }
    match schema["allOf"].as_array().map(Vec::as_slice) {
        Some([only]) => resolved(root, only),
        _ => schema,
    }
}

/// A field as both sides are compared: required, JSON types, string values.
type Field = (bool, BTreeSet<String>, Option<BTreeSet<String>>);

fn fields(root: &Value) -> BTreeMap<String, Field> {
    let required: BTreeSet<&str> = root["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let mut out = BTreeMap::new();
    for (name, property) in root["properties"].as_object().unwrap() {
        if name == "hook_event_name" {
            continue;
        }
        let property = resolved(root, property);
        let types: BTreeSet<String> = match &property["type"] {
            Value::String(one) => BTreeSet::from([one.clone()]),
            Value::Array(many) => many
                .iter()
                .filter_map(|t| t.as_str().map(str::to_owned))
                .collect(),
            _ => BTreeSet::from(["any".to_owned()]),
        };
        let values = ["enum", "examples"]
            .iter()
            .find_map(|key| property[key].as_array())
            .map(|values| {
                values
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .or_else(|| {
                property["const"]
                    .as_str()
                    .map(|c| BTreeSet::from([c.to_owned()]))
            });
        out.insert(
            name.clone(),
            (required.contains(name.as_str()), types, values),
        );
    }
    out
}

#[test]
fn the_events_are_the_ones_codex_has_schemas_for() {
    let ours: BTreeSet<String> = CodexEvent::ALL
        .iter()
        .map(|e| format!("{}.command.input", e.schema_stem()))
        .collect();
    let theirs: BTreeSet<String> = codex_hook_schemas()
        .keys()
        .filter(|title| title.ends_with(".command.input"))
        .cloned()
        .collect();
    assert_eq!(ours, theirs);
    for &event in CodexEvent::ALL {
        let input = schema(event, "input").unwrap();
        assert_eq!(
            input["properties"]["hook_event_name"]["const"],
            event.as_str()
        );
    }
}

#[test]
fn every_input_field_is_typed_as_codex_declares_it() {
    let mut moved = Vec::new();
    for &event in CodexEvent::ALL {
        let theirs = fields(schema(event, "input").unwrap());
        let ours = fields(event.input_schema());
        for name in theirs.keys().chain(ours.keys()).collect::<BTreeSet<_>>() {
            let (t, o) = (theirs.get(name), ours.get(name));
            if t != o {
                moved.push(format!("{event}.{name}: Codex {t:?}, ours {o:?}"));
            }
        }
    }
    assert!(moved.is_empty(), "{}", moved.join("\n"));
}

/// A value of `property` (of the schema `root`): its first string value,
/// else one of its type.
fn sample(root: &Value, property: &Value) -> Value {
    let property = resolved(root, property);
    if let Some(value) = property.get("const") {
        return value.clone();
    }
    if let Some(first) = property["enum"].get(0) {
        return first.clone();
    }
    let kind = match &property["type"] {
        Value::Array(types) => types[0].as_str().unwrap_or("string").to_owned(),
        Value::String(one) => one.clone(),
        _ => "object".to_owned(),
    };
    match kind.as_str() {
        "boolean" => json!(true),
        "null" => Value::Null,
        "object" => json!({ "command": "ls" }),
        _ => json!("x"),
    }
}

#[test]
fn payloads_made_from_codex_schemas_read_as_our_inputs() {
    for &event in CodexEvent::ALL {
        let root = schema(event, "input").unwrap();
        let check = jsonschema::validator_for(root).unwrap();
        let properties = root["properties"].as_object().unwrap();
        let required: Vec<&str> = root["required"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        // The required fields alone, then every field.
        let minimal: Map<String, Value> = properties
            .iter()
            .filter(|(name, _)| required.contains(&name.as_str()))
            .map(|(name, p)| (name.clone(), sample(root, p)))
            .collect();
        let full: Map<String, Value> = properties
            .iter()
            .map(|(name, p)| (name.clone(), sample(root, p)))
            .collect();
        for payload in [Value::Object(minimal), Value::Object(full)] {
            assert!(check.is_valid(&payload), "{event}: {payload:#}");
            let input = validate_codex_hook_input(&payload)
                .unwrap_or_else(|err| panic!("{event}: {err}\n{payload:#}"));
            assert_eq!(input.event(), event);
            assert!(input.extra().is_empty(), "{event}: {:?}", input.extra());
        }
    }
}

#[test]
fn every_answer_we_write_is_valid_for_codex() {
    let answers: Vec<CodexOutput> = vec![
        CodexOutput::pre_tool_use().deny("no").into(),
        CodexOutput::pre_tool_use()
            .deny("no")
            .system_message("denied")
            .into(),
        CodexOutput::pre_tool_use().additional_context("ctx").into(),
        CodexOutput::permission_request().allow().into(),
        CodexOutput::permission_request().deny("not now").into(),
        CodexOutput::post_tool_use()
            .block("the output names a secret")
            .into(),
        CodexOutput::post_tool_use()
            .additional_context("ctx")
            .into(),
        CodexOutput::user_prompt_submit().block("no").into(),
        CodexOutput::user_prompt_submit()
            .additional_context("ctx")
            .into(),
        CodexOutput::session_start()
            .additional_context("ctx")
            .into(),
        CodexOutput::subagent_start()
            .additional_context("ctx")
            .into(),
        CodexOutput::stop().block("run the tests").into(),
        CodexOutput::subagent_stop().block("run the tests").into(),
        CodexOutput::pre_compact()
            .system_message("compacting")
            .into(),
        CodexOutput::post_compact()
            .system_message("compacted")
            .into(),
        CodexOutput::interrupt().system_message("stopped").into(),
    ];
    let mut answered = BTreeSet::new();
    for answer in answers {
        let event = answer.event().unwrap();
        answered.insert(event);
        let check = jsonschema::validator_for(schema(event, "output").unwrap()).unwrap();
        let json = answer.to_json();
        let problems: Vec<String> = check.iter_errors(&json).map(|e| e.to_string()).collect();
        assert!(problems.is_empty(), "{event}: {json}: {problems:?}");
    }
    // Every event Codex reads an answer of has a builder (SessionEnd has no
    // output schema: Codex reads nothing back).
    let with_output: BTreeSet<CodexEvent> = CodexEvent::ALL
        .iter()
        .copied()
        .filter(|&e| schema(e, "output").is_some())
        .collect();
    assert_eq!(answered, with_output);
}
