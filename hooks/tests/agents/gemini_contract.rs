//! The Gemini CLI's hook contract as its pinned `@google/gemini-cli-core`
//! declares it (`tests/agents/gemini/`, installed under the target
//! directory with `npm ci`), read with the TypeScript compiler by
//! `gemini/extract.mjs`, compared with `toolsmith_hooks::gemini`: the
//! events, and every input's fields with their required-ness, JSON types
//! and values.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{Map, Value, json};
use toolsmith_hooks::gemini::{GeminiEvent, validate_gemini_hook_input};

/// The package version the Gemini contract follows;
/// `tests/agents/gemini/package.json` pins the same.
const GEMINI_CLI_CORE: &str = "0.61.0";

/// A field as declared: required, its JSON types, its string values.
type Field = (bool, Vec<String>, Vec<String>);

/// The installed `node_modules` holding the package and TypeScript.
pub fn modules() -> &'static Path {
    static MODULES: OnceLock<PathBuf> = OnceLock::new();
    MODULES.get_or_init(install)
}

fn install() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agents/gemini");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gemini-cli-core");
    crate::support::npm_ci(&source, &dir);
    let modules = dir.join("node_modules");
    let package: Value = serde_json::from_slice(
        &std::fs::read(modules.join("@google/gemini-cli-core/package.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(package["version"], GEMINI_CLI_CORE);
    modules
}

/// What `extract.mjs` reads out of the declarations.
fn declared() -> &'static Value {
    static DECLARED: OnceLock<Value> = OnceLock::new();
    DECLARED.get_or_init(|| {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agents/gemini/extract.mjs");
        let output = Command::new("node")
            .arg(&script)
            .arg(modules())
            .output()
            .expect("cannot run node");
        assert!(
            output.status.success(),
            "extract.mjs failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice(&output.stdout).expect("extract.mjs prints JSON")
    })
}

fn strings(value: &Value) -> Vec<String> {
    let mut all: Vec<String> = value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect();
    all.sort();
    all
}

/// The fields of `event`'s input as the declarations give them.
fn theirs(event: GeminiEvent) -> BTreeMap<String, Field> {
    let fields = declared()["inputs"][event.as_str()]
        .as_object()
        .unwrap_or_else(|| panic!("no {}Input declared", event.as_str()));
    fields
        .iter()
        .map(|(name, field)| {
            let types = if name == "hook_event_name" {
                // Declared as any string; ours is the event's own name.
                vec![event.as_str().to_owned()]
            } else {
                strings(&field["types"])
            };
            let required = field["required"].as_bool().unwrap();
            (name.clone(), (required, types, strings(&field["values"])))
        })
        .collect()
}

/// The fields of `event`'s input as our schema gives them.
fn ours(event: GeminiEvent) -> BTreeMap<String, Field> {
    let schema = event.input_schema();
    let required = strings(&schema["required"]);
    schema["properties"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, property)| {
            let types = match &property["const"] {
                Value::String(name) => vec![name.clone()],
                _ => vec![property["type"].as_str().unwrap().to_owned()],
            };
            let values = match (&property["enum"], &property["examples"]) {
                (Value::Array(_), _) => strings(&property["enum"]),
                (_, Value::Array(_)) => strings(&property["examples"]),
                _ => Vec::new(),
            };
            (name.clone(), (required.contains(name), types, values))
        })
        .collect()
}

#[test]
fn the_events_are_the_declared_ones_in_order() {
    let ours: Vec<&str> = GeminiEvent::ALL.iter().map(|e| e.as_str()).collect();
    assert_eq!(strings_in_order(&declared()["events"]), ours);
}

fn strings_in_order(value: &Value) -> Vec<&str> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect()
}

#[test]
fn every_input_field_is_the_declared_one() {
    for &event in GeminiEvent::ALL {
        assert_eq!(ours(event), theirs(event), "{event}Input");
    }
}

/// A payload of `event` from the declarations: the required fields only,
/// or every field.
fn payload(event: GeminiEvent, every_field: bool) -> Value {
    let mut fields = Map::new();
    for (name, (required, types, values)) in theirs(event) {
        if !required && !every_field {
            continue;
        }
        let value = match (types[0].as_str(), values.first()) {
            (_, Some(value)) => json!(value),
            _ if name == "hook_event_name" => json!(event.as_str()),
            ("string", None) => json!(format!("{name} value")),
            ("boolean", None) => json!(true),
            ("number", None) => json!(1),
            ("object", None) => json!({ "key": name }),
            (other, None) => panic!("no sample for {other} in {event}.{name}"),
        };
        fields.insert(name, value);
    }
    Value::Object(fields)
}

#[test]
fn every_declared_payload_reads_as_its_typed_input_with_nothing_extra() {
    for &event in GeminiEvent::ALL {
        for every_field in [false, true] {
            let payload = payload(event, every_field);
            let input = validate_gemini_hook_input(&payload)
                .unwrap_or_else(|err| panic!("{event} {payload}: {:?}", err.lines()));
            assert_eq!(input.event(), event);
            assert!(input.extra().is_empty(), "{event}: {:?}", input.extra());
        }
    }
}
