//! A panicking tool is answered on every host, with the same words, and the
//! panic goes to the set's log rather than raw onto stderr. (MCP's case is
//! in `tests/mcp_lines.rs`, with the rest of the protocol.)

use std::sync::{Arc, Mutex};

use serde_json::json;
use toolsmith::function_calling::{anthropic, gemini, openai};
use toolsmith::{ToolSet, tool};

/// Panics with a message that looks like one of our lines
///
/// # Arguments
///
/// * `n` - Ignored
#[tool]
fn boom(n: u8) -> u8 {
    panic!("\u{1b}[31m\nInvalid arguments at /n: forged {n}")
}

/// Panics inside its future
#[tool]
async fn async_boom() -> String {
    let parts: Vec<&str> = Vec::new();
    parts[3].to_owned()
}

/// The tools, and the log their panics go to.
fn panicking_tools() -> (ToolSet, Arc<Mutex<Vec<String>>>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let seen = log.clone();
    let mut tools = ToolSet::new().on_panic(move |tool, message| {
        seen.lock().unwrap().push(format!("{tool}: {message}"));
    });
    tools
        .register(Boom)
        .and_then(|t| t.register(AsyncBoom))
        .unwrap();
    (tools, log)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().build().unwrap()
}

#[test]
fn openai_dispatch_answers_a_panic_with_a_tool_message() {
    let (tools, log) = panicking_tools();
    let call = json!({"id": "call_1", "type": "function",
        "function": {"name": "boom", "arguments": "{\"n\": 1}"}});
    let reply = runtime().block_on(openai::dispatch(&tools, &call, ()));
    assert_eq!(
        reply,
        json!({"role": "tool", "tool_call_id": "call_1", "content": "boom failed: the tool panicked"})
    );
    let log = log.lock().unwrap();
    assert_eq!(log.len(), 1);
    assert!(
        log[0].starts_with("boom: Invalid arguments at /n: forged 1 (at tests/hosts/panics.rs:"),
        "{log:?}"
    );
}

#[test]
fn anthropic_dispatch_answers_a_panic_with_a_tool_result() {
    let (tools, _) = panicking_tools();
    let call = json!({"type": "tool_use", "id": "t1", "name": "async_boom", "input": {}});
    let reply = runtime().block_on(anthropic::dispatch(&tools, &call, ()));
    assert_eq!(
        reply,
        json!({"type": "tool_result", "tool_use_id": "t1", "is_error": true,
            "content": "async_boom failed: the tool panicked"})
    );
}

#[test]
fn gemini_dispatch_answers_a_panic_with_a_function_response() {
    let (tools, log) = panicking_tools();
    let call = json!({"functionCall": {"name": "boom", "args": {"n": 2}}});
    let reply = runtime().block_on(gemini::dispatch(&tools, &call, ()));
    assert_eq!(
        reply,
        json!({"functionResponse": {"name": "boom",
            "response": {"error": "boom failed: the tool panicked"}}})
    );
    assert_eq!(log.lock().unwrap().len(), 1);
}

#[test]
fn a_panic_on_the_blocking_pool_is_answered_too() {
    let (tools, log) = panicking_tools();
    let tools = tools.with_blocking_executor(|job| async move {
        tokio::task::spawn_blocking(job).await.unwrap()
    });
    let call = json!({"type": "tool_use", "id": "t2", "name": "boom", "input": {"n": 3}});
    let reply = runtime().block_on(anthropic::dispatch(&tools, &call, ()));
    assert_eq!(reply["content"], json!("boom failed: the tool panicked"));
    assert_eq!(log.lock().unwrap().len(), 1);
}

#[test]
fn the_cli_exits_1_with_one_sanitized_line() {
    let (tools, _) = panicking_tools();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = toolsmith::cli::Cli::new(tools).name("demo").run_from(
        ["demo", "boom", "--n", "4"],
        &mut out,
        &mut err,
    );
    assert_eq!(code, 1);
    assert_eq!(
        String::from_utf8(err).unwrap(),
        "boom failed: the tool panicked\n"
    );
    assert_eq!(out, b"");
}

/// The typed path and the validator agree on generated calls of both
/// tools (see `crate::support::agreement`); no call here reaches the function.
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&Boom);
    crate::support::agreement::assert_agreement(&AsyncBoom);
}
