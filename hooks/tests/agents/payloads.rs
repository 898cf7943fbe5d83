//! The payloads Claude Code really sends: a logging hook on every event
//! saves each one during a session that runs a command, fails one and
//! stops; each must read as toolsmith's typed input, with nothing left in
//! `extra` that the pinned Agent SDK declares for the event. What the agent
//! sends beyond its declarations is listed exactly, so a release that
//! changes it says so.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};
use toolsmith_hooks::{HookEvent, validate_hook_input};

use crate::claude_code::Sandbox;
use crate::model::Turn;
use crate::sdk::hooks_sdk_dir;
use crate::support::example;

/// The top-level fields the SDK declares per event, as the contract
/// tests' `extract.mjs` reads them from its type declarations.
fn sdk_fields() -> BTreeMap<String, BTreeSet<String>> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sdk/extract.mjs");
    let output = Command::new("node")
        .arg(script)
        .arg(hooks_sdk_dir().join("node_modules"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run node: {e}"));
    assert!(
        output.status.success(),
        "extract.mjs failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let contract: Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut fields = BTreeMap::new();
    for input in contract["inputs"].as_object().unwrap().values() {
        let names = input["fields"]
            .as_object()
            .unwrap()
            .keys()
            .map(|name| name.split(['.', '[']).next().unwrap().to_owned())
            .collect();
        fields.insert(input["event"].as_str().unwrap().to_owned(), names);
    }
    fields
}

/// The fields Claude Code sends that its SDK does not declare, per event.
const UNDECLARED: &[(&str, &[&str])] = &[];

#[test]
fn every_payload_the_agent_sends_reads_as_its_typed_input() {
    let sandbox = Sandbox::new("payloads");
    let log = format!(
        "'{}' log '{}'",
        example("answers").display(),
        sandbox.payloads.display()
    );
    let mut hooks = serde_json::Map::new();
    for event in HookEvent::ALL {
        hooks.insert(
            event.as_str().to_owned(),
            json!([{ "hooks": [{ "type": "command", "command": log }] }]),
        );
    }
    sandbox.wire(&json!({ "hooks": hooks }));
    let session = sandbox.claude(
        "run the checks",
        &["--allowedTools", "Bash"],
        vec![
            Turn::bash("toolu_ok", "echo fine"),
            Turn::bash("toolu_fail", "echo broken >&2; exit 3"),
            Turn::Text("checked"),
        ],
    );
    assert_eq!(session.stdout, "checked\n", "{session:#?}");

    let declared = sdk_fields();
    let mut fired = BTreeSet::new();
    let mut undeclared: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in std::fs::read_dir(&sandbox.payloads).unwrap() {
        let path = entry.unwrap().path();
        let payload: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let input = validate_hook_input(&payload)
            .unwrap_or_else(|err| panic!("{}: {err}\n{payload:#}", path.display()));
        let event = input.event().as_str();
        fired.insert(event.to_owned());
        let sdk = &declared[event];
        let kept: BTreeSet<String> = input.extra().keys().cloned().collect();
        let lost: Vec<&String> = kept.intersection(sdk).collect();
        assert!(
            lost.is_empty(),
            "{event}: the SDK declares {lost:?}, but the typed input left them in extra"
        );
        undeclared.entry(event.to_owned()).or_default().extend(kept);
    }
    assert_eq!(
        fired,
        BTreeSet::from(
            [
                "MessageDisplay",
                "PostToolBatch",
                "PostToolUse",
                "PostToolUseFailure",
                "PreToolUse",
                "SessionEnd",
                "SessionStart",
                "Stop",
                "UserPromptSubmit",
            ]
            .map(str::to_owned)
        ),
        "the events a print-mode session fires"
    );
    let expected: BTreeMap<String, BTreeSet<String>> = UNDECLARED
        .iter()
        .map(|(event, fields)| {
            (
                (*event).to_owned(),
                fields.iter().map(|f| (*f).to_owned()).collect(),
            )
        })
        .collect();
    let undeclared: BTreeMap<String, BTreeSet<String>> = undeclared
        .into_iter()
        .filter(|(_, fields)| !fields.is_empty())
        .collect();
    assert_eq!(undeclared, expected, "the fields sent but not declared");
}
