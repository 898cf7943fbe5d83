//! A `ToolSet` given to a real rig agent (`rig_agent::Agent`, its own
//! multi-turn loop), driven by rig's scripted completion model: the model
//! calls a tool with bad arguments, reads our lines as the tool result,
//! calls again correctly, and the run ends with the tool's answer.

#![cfg(feature = "rig")]

use std::sync::{Arc, Mutex};

use rig_agent::AgentBuilder;
use rig_core::test_utils::{MockCompletionModel, MockTurn};
use rig_core::tool::ToolErrorKind;
use serde_json::json;
use toolsmith::{ToolInputError, ToolSet, tool, toolset};

// The transcript the migration examples print is the one asserted here.
#[allow(dead_code)]
#[path = "../../examples/migrating/rig_loop.rs"]
mod rig_loop;
use rig_loop::transcript;

/// Searches the notes.
///
/// # Arguments
///
/// * `query` - what to look for
/// * `limit` - how many notes to return at most
#[tool(read_only)]
fn search(
    #[arg(min_length = 1)] query: String,
    #[arg(min = 1, max = 50)] limit: u8,
) -> Vec<String> {
    ["rust: borrow checker", "rust: traits", "go: channels"]
        .into_iter()
        .filter(|note| note.contains(&query))
        .take(usize::from(limit))
        .map(str::to_owned)
        .collect()
}

/// Divides two numbers.
#[tool]
fn divide(dividend: f64, divisor: f64) -> Result<f64, String> {
    if divisor == 0.0 {
        Err("cannot divide by zero".into())
    } else {
        Ok(dividend / divisor)
    }
}

/// Panics.
#[tool]
fn crash() -> String {
    panic!("crashed on purpose")
}

fn tools() -> ToolSet {
    toolset![Search, Divide, Crash].expect("distinct valid names")
}

#[tokio::test]
async fn the_model_reads_our_lines_fixes_its_call_and_gets_the_answer() {
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call(
            "call_1",
            "search",
            json!({"query": "", "limit": "5", "sort": "new"}),
        ),
        MockTurn::tool_call("call_2", "search", json!({"query": "rust", "limit": 5})),
        MockTurn::text("Two notes: the borrow checker and traits."),
    ]);
    let seen = model.clone();
    let agent = AgentBuilder::new(model)
        .preamble("Answer from the notes.")
        .dynamic_tools(toolsmith::rig::tools(tools()))
        .build();

    let response = agent
        .prompt("What do my notes say about rust?")
        .max_turns(4)
        .await
        .expect("the run ends with an answer");

    assert_eq!(
        response.output(),
        "Two notes: the borrow checker and traits."
    );
    assert_eq!(
        transcript(response.messages()),
        [
            "user: What do my notes say about rust?",
            r#"assistant calls search {"query":"","limit":"5","sort":"new"}"#,
            "tool (error): Invalid arguments at /query: must be at least 1 character long, got 0\n    \
             Invalid arguments at /limit: must be an integer, got string \"5\"\n    \
             Invalid arguments: unknown property \"sort\"; takes query, limit",
            r#"assistant calls search {"query":"rust","limit":5}"#,
            r#"tool: ["rust: borrow checker","rust: traits"]"#,
            "assistant: Two notes: the borrow checker and traits.",
        ]
    );

    // Each request carried the history so far: the second one ends with
    // the lines, the third with the result.
    let requests = seen.requests();
    assert_eq!(requests.len(), 3);
    let last_of = |i: usize| transcript(&requests[i].chat_history).pop();
    assert_eq!(
        last_of(1).as_deref(),
        Some(
            "tool (error): Invalid arguments at /query: must be at least 1 character long, got 0\n    \
             Invalid arguments at /limit: must be an integer, got string \"5\"\n    \
             Invalid arguments: unknown property \"sort\"; takes query, limit"
        )
    );
    assert_eq!(
        last_of(2).as_deref(),
        Some(r#"tool: ["rust: borrow checker","rust: traits"]"#)
    );
}

#[tokio::test]
async fn each_tool_keeps_its_name_description_and_canonical_schema() {
    let set = tools();
    let expected: Vec<_> = set
        .tools()
        .map(|tool| {
            (
                tool.name().to_owned(),
                tool.description().to_owned(),
                tool.input_schema().clone(),
            )
        })
        .collect();
    let definitions: Vec<_> = toolsmith::rig::tools(set)
        .iter()
        .map(|tool| {
            let definition = tool.definition();
            (
                definition.name.as_str().to_owned(),
                definition.description,
                definition.parameters,
            )
        })
        .collect();
    assert_eq!(definitions, expected);
}

#[tokio::test]
async fn a_failure_a_panic_and_bad_input_each_have_their_line_and_kind() {
    let panics = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&panics);
    let set = tools().on_panic(move |tool, message| {
        log.lock().unwrap().push(format!("{tool}: {message}"));
    });
    let rig_tools = toolsmith::rig::tools(set);
    let tool = |name: &str| {
        rig_tools
            .iter()
            .find(|tool| tool.name().as_str() == name)
            .expect("the tool is there")
    };

    let ok = tool("divide")
        .execute(json!({"dividend": 1, "divisor": 4}))
        .await
        .expect("a good call");
    assert_eq!(ok.as_text(), Some("0.25"));

    let failed = tool("divide")
        .execute(json!({"dividend": 1, "divisor": 0}))
        .await
        .unwrap_err();
    assert_eq!(failed.kind(), ToolErrorKind::Other);
    assert_eq!(
        failed.model_feedback(),
        Some("divide failed: cannot divide by zero")
    );

    let panicked = tool("crash").execute(json!({})).await.unwrap_err();
    assert_eq!(
        panicked.model_feedback(),
        Some("crash failed: the tool panicked")
    );
    assert_eq!(panics.lock().unwrap().len(), 1);

    let bad = tool("search")
        .execute(json!({"query": "x"}))
        .await
        .unwrap_err();
    assert_eq!(bad.kind(), ToolErrorKind::InvalidArgs);
    assert_eq!(
        bad.model_feedback(),
        Some("Invalid arguments: missing required property \"limit\"")
    );
    let issues = bad
        .downcast_ref::<ToolInputError>()
        .expect("the source is ours");
    assert_eq!(
        issues.lines(),
        ["Invalid arguments: missing required property \"limit\""]
    );
}

#[tokio::test]
async fn repairs_apply_and_the_set_limits_hold() {
    let repaired = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&repaired);
    let set = tools()
        .with_limits(toolsmith::Limits {
            max_bytes: 100,
            max_depth: 8,
        })
        .on_repair(move |tool, repairs| {
            let repairs: Vec<_> = repairs.iter().map(ToString::to_string).collect();
            log.lock()
                .unwrap()
                .push(format!("{tool}: {}", repairs.join("; ")));
        });
    let rig_tools = toolsmith::rig::tools(set);
    let divide = rig_tools
        .iter()
        .find(|tool| tool.name().as_str() == "divide")
        .unwrap();

    let ok = divide
        .execute(json!({"Dividend": 3, "divisor": 2}))
        .await
        .expect("a repaired call runs");
    assert_eq!(ok.as_text(), Some("1.5"));
    assert_eq!(
        *repaired.lock().unwrap(),
        ["divide: read key Dividend as dividend"]
    );

    let large = divide
        .execute(json!({"dividend": 1, "divisor": 2, "note": "x".repeat(100)}))
        .await
        .unwrap_err();
    assert_eq!(
        large.model_feedback(),
        Some("Invalid arguments: larger than the limit of 100 bytes")
    );
}

/// The notes a context-taking tool reads.
pub struct Notes(Vec<&'static str>);

/// Counts the notes.
#[tool]
fn count_notes(#[ctx] notes: Arc<Notes>) -> usize {
    notes.0.len()
}

#[tokio::test]
async fn each_call_gets_a_clone_of_the_context() {
    let set: ToolSet<Arc<Notes>> = toolset![CountNotes].unwrap();
    let notes = Arc::new(Notes(vec!["a", "b"]));
    let rig_tools = toolsmith::rig::tools_with_context(set, Arc::clone(&notes));
    let counted = rig_tools[0].execute(json!({})).await.expect("runs");
    assert_eq!(counted.as_text(), Some("2"));
    assert_eq!(Arc::strong_count(&notes), 2, "one clone kept by the tool");
}

/// The typed path and the validator agree on generated calls of every
/// tool here (see `crate::support::agreement`); no call here reaches a function.
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&Search);
    crate::support::agreement::assert_agreement(&Divide);
    crate::support::agreement::assert_agreement(&Crash);
    crate::support::agreement::assert_agreement(&CountNotes);
}
