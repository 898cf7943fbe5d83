//! The promise, tested: the schema a model is shown and the input a
//! function accepts are the same set, for every tool of the examples and of
//! a zoo covering every argument type (see `support::agreement`).

#[path = "../../../examples/demo_tools/mod.rs"]
#[allow(dead_code)]
mod demo_tools;
// The server example, for its soak tools (it includes the demo tools too).
#[path = "../../../examples/mcp_server.rs"]
#[allow(dead_code, clippy::duplicate_mod)]
mod mcp_server;
// The tagged-union example.
#[path = "../../../examples/notify.rs"]
#[allow(dead_code)]
mod notify;
mod oracle;
#[path = "../../../tests/support/mod.rs"]
mod support;
mod zoo;

use support::agreement::{assert_agreement_with, numbers_stay_finite};
use support::generate;

/// `name => Tool` runs `assert_agreement_with` on the tool; `[SAMPLES]` after it gives
/// the strings of properties no generator writes from a schema (see
/// [`generate::valid_with`]); `, check` runs one more check.
macro_rules! agreement_tests {
    (@samples) => { &[] };
    (@samples $samples:expr) => { $samples };
    ($($name:ident => $tool:path $([$samples:expr])? $(, $extra:ident)?);* $(;)?) => {$(
        #[test]
        fn $name() {
            let tool = $tool;
            let samples: generate::Samples = agreement_tests!(@samples $($samples)?);
            assert_agreement_with(&tool, samples);
            defaults_pass_their_schema(&tool);
            $($extra(&tool);)?
        }
    )*};
}

agreement_tests! {
    slugify => demo_tools::Slugify;
    move_point => demo_tools::MovePoint;
    search => demo_tools::Search;
    list_notes => demo_tools::ListNotes;
    divide => demo_tools::Divide;
    notify => notify::Notify;
    crash => mcp_server::soak::Crash;
    nap => mcp_server::soak::Nap;
    every_integer => zoo::EveryInteger, numbers_stay_finite;
    wide_integers => zoo::WideIntegers, numbers_stay_finite;
    floats => zoo::Floats, numbers_stay_finite;
    strings_and_lists => zoo::StringsAndLists;
    nested => zoo::Nested;
    renamed => zoo::Renamed;
    defaults => zoo::Defaults;
    text_types => zoo::TextTypes;
    collections => zoo::Collections;
    newtypes => zoo::Newtypes;
    parsed_strings => zoo::ParsedStrings [generate::PARSED_SAMPLES];
}

/// Every `default` a tool's schema states, at any depth, passes the
/// subschema it is stated in: an absent key never means a value the
/// tool would refuse.
fn defaults_pass_their_schema<T: toolsmith::Tool>(tool: &T) {
    let failing = failing_defaults(tool.input_schema());
    assert!(failing.is_empty(), "{}: {failing:?}", tool.name());
}

/// The defaults of `schema` that fail their own subschema, each with its
/// pointer and the validator's lines.
fn failing_defaults(schema: &serde_json::Value) -> Vec<String> {
    fn walk(schema: &serde_json::Value, at: &str, failing: &mut Vec<String>) {
        let serde_json::Value::Object(map) = schema else {
            return;
        };
        if let Some(default) = map.get("default") {
            let mut own = map.clone();
            own.remove("default");
            let validator = toolsmith::Validator::new(&serde_json::Value::Object(own))
                .unwrap_or_else(|err| panic!("{at}: {err}"));
            if let Err(err) = validator.validate(default) {
                failing.push(format!("{at}: {}", err.lines().join("; ")));
            }
        }
        if let Some(serde_json::Value::Object(properties)) = map.get("properties") {
            for (name, property) in properties {
                walk(property, &format!("{at}/properties/{name}"), failing);
            }
        }
        if let Some(items) = map.get("items") {
            walk(items, &format!("{at}/items"), failing);
        }
    }
    let mut failing = Vec::new();
    walk(schema, "", &mut failing);
    failing
}

/// The walk finds a default that fails its bound, however deep.
#[test]
fn a_failing_default_is_found() {
    let schema = serde_json::json!({
        "type": "object",
        "properties": {
            "page": {"type": "integer", "minimum": 1, "default": 1},
            "filter": {
                "type": "object",
                "properties": {"limit": {"type": "integer", "minimum": 1, "default": 0}},
                "additionalProperties": false
            }
        },
        "additionalProperties": false
    });
    assert_eq!(
        failing_defaults(&schema),
        ["/properties/filter/properties/limit: Invalid arguments: must be at least 1, got 0"]
    );
}
