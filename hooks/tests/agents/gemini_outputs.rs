//! The answers a Gemini CLI hook prints: every builder's exact JSON, and
//! each one type-checked by `tsc --strict` as a literal of its event's
//! `<Event>Output` in the pinned `@google/gemini-cli-core`'s declarations
//! (with known-bad literals that must fail, so the check cannot pass
//! silently).

use std::path::Path;
use std::process::Command;

use serde_json::{Map, Value, json};
use toolsmith_hooks::gemini::{
    GeminiEvent, GeminiLlmRequest, GeminiLlmResponse, GeminiMessage, GeminiOutput, GeminiRole,
    GeminiToolConfig, GeminiToolMode,
};

use crate::gemini_contract::modules;

fn args(value: Value) -> Map<String, Value> {
    value.as_object().unwrap().clone()
}

/// One answer of each kind: every builder method, on every event.
fn fixtures() -> Vec<(&'static str, GeminiOutput)> {
    type O = GeminiOutput;
    vec![
        ("empty", O::empty()),
        (
            "before_tool_deny",
            O::before_tool().deny("use `trash`").into(),
        ),
        (
            "before_tool_ask",
            O::before_tool()
                .ask()
                .system_message("check the path")
                .into(),
        ),
        (
            "before_tool_input",
            O::before_tool()
                .tool_input(args(json!({ "command": "ls -la" })))
                .into(),
        ),
        (
            "before_tool_stop",
            O::before_tool()
                .stop_processing("out of budget")
                .suppress_output()
                .into(),
        ),
        (
            "after_tool_block",
            O::after_tool().block("the output names a secret").into(),
        ),
        (
            "after_tool_context",
            O::after_tool()
                .additional_context("ran in /w")
                .tail_tool_call("read_file", args(json!({ "file_path": "a.txt" })))
                .into(),
        ),
        (
            "after_tool_stop",
            O::after_tool().stop_processing("done").into(),
        ),
        (
            "before_agent_block",
            O::before_agent()
                .block("prompts may not name production")
                .into(),
        ),
        (
            "before_agent_context",
            O::before_agent()
                .additional_context("the build is ./out")
                .into(),
        ),
        (
            "before_agent_stop",
            O::before_agent().stop_processing("no").into(),
        ),
        (
            "notification",
            O::notification()
                .system_message("asked")
                .suppress_output()
                .into(),
        ),
        (
            "after_agent_block",
            O::after_agent()
                .block("run the tests")
                .clear_context()
                .into(),
        ),
        (
            "after_agent_stop",
            O::after_agent().stop_processing("enough").into(),
        ),
        (
            "session_start",
            O::session_start()
                .additional_context("main is frozen")
                .system_message("hi")
                .into(),
        ),
        ("session_end", O::session_end().system_message("bye").into()),
        (
            "pre_compress",
            O::pre_compress().system_message("compressing").into(),
        ),
        (
            "before_model_block",
            O::before_model().block("no model calls now").into(),
        ),
        (
            "before_model_respond",
            O::before_model()
                .respond("answered from the cache", GeminiLlmResponse::text("cached"))
                .into(),
        ),
        (
            "before_model_request",
            O::before_model()
                .llm_request(
                    GeminiLlmRequest::new()
                        .model("gemini-2.5-flash")
                        .messages([
                            GeminiMessage::new(GeminiRole::System, "be brief"),
                            GeminiMessage::new(GeminiRole::User, "hi"),
                            GeminiMessage::new(GeminiRole::Model, "hello"),
                        ])
                        .temperature(0.5)
                        .max_output_tokens(100),
                )
                .into(),
        ),
        (
            "before_model_stop",
            O::before_model().stop_processing("halt").into(),
        ),
        (
            "after_model_block",
            O::after_model().block("the answer leaks a key").into(),
        ),
        (
            "after_model_response",
            O::after_model()
                .llm_response(GeminiLlmResponse::text("redacted"))
                .into(),
        ),
        (
            "after_model_stop",
            O::after_model().stop_processing("halt").into(),
        ),
        (
            "tool_selection_only",
            O::before_tool_selection()
                .tool_config(GeminiToolConfig::new(GeminiToolMode::Any).allowed(["read_file"]))
                .into(),
        ),
        (
            "tool_selection_none",
            O::before_tool_selection()
                .tool_config(GeminiToolConfig::new(GeminiToolMode::None))
                .system_message("no tools")
                .into(),
        ),
        (
            "tool_selection_auto",
            O::before_tool_selection()
                .tool_config(GeminiToolConfig::new(GeminiToolMode::Auto))
                .into(),
        ),
    ]
}

/// The declared output type of `event`'s answers; `SessionEnd` declares
/// none of its own.
fn declared_type(event: Option<GeminiEvent>) -> String {
    match event {
        None | Some(GeminiEvent::SessionEnd) => "HookOutput".to_owned(),
        Some(event) => format!("{event}Output"),
    }
}

fn literals(answers: &[(String, String, Value)]) -> String {
    let mut types: Vec<&str> = answers.iter().map(|(_, ty, _)| ty.as_str()).collect();
    types.sort_unstable();
    types.dedup();
    let mut ts = format!(
        "import type {{ {} }} from \"@google/gemini-cli-core/dist/src/hooks/types.js\";\n\n",
        types.join(", ")
    );
    for (name, ty, json) in answers {
        ts.push_str(&format!("export const {name}: {ty} = {json};\n"));
    }
    ts
}

/// Runs the installed `tsc --strict --noEmit` on `file`: success, output.
fn tsc(file: &Path) -> (bool, String) {
    let modules = modules();
    let output = Command::new("node")
        .arg(modules.join("typescript/bin/tsc"))
        .args([
            "--strict",
            "--noEmit",
            "--skipLibCheck",
            "--target",
            "es2022",
            "--module",
            "nodenext",
            "--moduleResolution",
            "nodenext",
        ])
        .arg(file)
        .current_dir(modules.parent().unwrap())
        .output()
        .expect("node runs tsc");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text)
}

#[test]
fn every_gemini_builder_type_checks_as_its_events_declared_output() {
    let dir = modules().parent().unwrap().join("outputs-check");
    std::fs::create_dir_all(&dir).unwrap();
    let answers: Vec<(String, String, Value)> = fixtures()
        .into_iter()
        .map(|(name, output)| {
            (
                name.to_owned(),
                declared_type(output.event()),
                output.to_json(),
            )
        })
        .collect();
    let events: std::collections::BTreeSet<String> =
        answers.iter().map(|(_, ty, _)| ty.clone()).collect();
    assert_eq!(
        events.len(),
        11,
        "a fixture per declared output: {events:?}"
    );

    let good = dir.join("builders.mts");
    std::fs::write(&good, literals(&answers)).unwrap();
    let (ok, text) = tsc(&good);
    assert!(
        ok,
        "tsc refused answers our builders make:\n{text}\n{}",
        literals(&answers)
    );

    // The controls: a decision Gemini CLI does not know, a field BeforeTool
    // does not have, a tool mode that does not exist; each must fail, or
    // the check above proves nothing.
    let bad = [
        (
            "bad_decision",
            "BeforeToolOutput",
            json!({ "decision": "maybe" }),
            "error TS2322: Type '\"maybe\"' is not assignable to type 'HookDecision'",
        ),
        (
            "bad_field",
            "BeforeToolOutput",
            json!({ "hookSpecificOutput": { "hookEventName": "BeforeTool", "additionalContext": "x" } }),
            "error TS2353: Object literal may only specify known properties, and '\"additionalContext\"' does not exist in type",
        ),
        (
            "bad_mode",
            "BeforeToolSelectionOutput",
            json!({ "hookSpecificOutput": { "hookEventName": "BeforeToolSelection", "toolConfig": { "mode": "SOME" } } }),
            "error TS2322: Type '\"SOME\"' is not assignable to type '\"AUTO\" | \"ANY\" | \"NONE\" | undefined'",
        ),
    ];
    // One file, one run of tsc: each literal must have its own error.
    let literals_of_bad: Vec<(String, String, Value)> = bad
        .iter()
        .map(|(name, ty, json, _)| ((*name).to_owned(), (*ty).to_owned(), json.clone()))
        .collect();
    let file = dir.join("bad.mts");
    std::fs::write(&file, literals(&literals_of_bad)).unwrap();
    let (ok, text) = tsc(&file);
    assert!(!ok, "tsc accepted the known-bad literals:\n{text}");
    for (name, _, _, error) in &bad {
        assert!(text.contains(error), "{name}: {text}");
    }
    assert_eq!(text.matches("error TS").count(), bad.len(), "{text}");
    println!("tsc checked {} Gemini CLI answers", answers.len());
}

#[track_caller]
fn assert_json(output: impl Into<GeminiOutput>, expected: &str) {
    let output: GeminiOutput = output.into();
    assert_eq!(output.to_string(), expected);
}

#[test]
fn gemini_builders_make_the_exact_json() {
    type O = GeminiOutput;
    assert_json(O::empty(), "{}");
    assert_json(
        O::before_tool().deny("use `trash`"),
        r#"{"decision":"deny","reason":"use `trash`"}"#,
    );
    assert_json(
        O::before_tool().tool_input(args(json!({ "command": "ls" }))),
        r#"{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"ls"}}}"#,
    );
    assert_json(
        O::after_tool().block("secret").additional_context("ctx"),
        r#"{"decision":"block","reason":"secret","hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"ctx"}}"#,
    );
    assert_json(
        O::after_agent().stop_processing("enough").clear_context(),
        r#"{"continue":false,"stopReason":"enough","hookSpecificOutput":{"hookEventName":"AfterAgent","clearContext":true}}"#,
    );
    assert_json(
        O::before_model().respond("cached", GeminiLlmResponse::text("hi")),
        r#"{"decision":"deny","reason":"cached","hookSpecificOutput":{"hookEventName":"BeforeModel","llm_response":{"candidates":[{"content":{"role":"model","parts":["hi"]},"finishReason":"STOP"}]}}}"#,
    );
    assert_json(
        O::before_tool_selection().tool_config(GeminiToolConfig::new(GeminiToolMode::None)),
        r#"{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"NONE"}}}"#,
    );
    assert_json(
        O::pre_compress().suppress_output().system_message("x"),
        r#"{"suppressOutput":true,"systemMessage":"x"}"#,
    );
}
