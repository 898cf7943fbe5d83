//! The command line as a program's whole `main`: `Cli::run` answers a call
//! from inside `#[tokio::main]` (`examples/with_context.rs`, whose tools
//! share the app's state), `Cli::run_async` on the runtime it is awaited
//! on, and the built-in `mcp` subcommand serves over Streamable HTTP with
//! `--http ADDR`, answering a client's session.

#![cfg(all(feature = "cli", feature = "mcp-http"))]

use std::process::Command;

use serde_json::{Value, json};
use toolsmith::cli::Cli;
use toolsmith::{ToolSet, tool};

use crate::raw_http::{event_data, exchange, post};
use crate::support::example;
use crate::support::http_example::HttpExample;

/// Says hello.
///
/// # Arguments
///
/// * `name` - who to greet
#[tool]
fn greet(name: String) -> String {
    format!("hello {name}")
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(Greet).unwrap();
    tools
}

/// What `args` print on stdout and stderr, and the exit code.
fn run(args: &[&str]) -> (String, String, u8) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("greeter").chain(args.iter().copied());
    let code =
        Cli::new(tools())
            .name("greeter")
            .run_with_input(argv, &mut &b""[..], &mut out, &mut err);
    let text = |bytes| String::from_utf8(bytes).unwrap();
    (text(out), text(err), code)
}

#[test]
fn a_tokio_main_that_calls_run_answers_the_call() {
    let output = Command::new(example("with_context"))
        .args(["find-email", "2"])
        .output()
        .expect("the example runs");
    assert_eq!(
        (
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
            output.status.code()
        ),
        ("user2@example.com\n".to_owned(), String::new(), Some(0))
    );
}

#[test]
fn a_tokio_main_that_calls_run_reports_a_failure_with_its_line() {
    let output = Command::new(example("with_context"))
        .args(["find-email", "9"])
        .output()
        .expect("the example runs");
    assert_eq!(
        (
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
            output.status.code()
        ),
        (
            String::new(),
            "find_email failed: no user 9\n".to_owned(),
            Some(1)
        )
    );
}

#[tokio::test]
async fn run_from_answers_inside_a_current_thread_runtime() {
    assert_eq!(
        run(&["greet", "--name", "ada"]),
        ("hello ada\n".to_owned(), String::new(), 0)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_from_answers_inside_a_multi_thread_runtime() {
    assert_eq!(
        run(&["greet", "--name", "ada"]),
        ("hello ada\n".to_owned(), String::new(), 0)
    );
}

#[test]
fn run_from_answers_without_a_runtime() {
    assert_eq!(
        run(&["greet", "--name", "ada"]),
        ("hello ada\n".to_owned(), String::new(), 0)
    );
}

#[test]
fn mcp_help_names_http_stateless_and_redis() {
    let (out, err, code) = run(&["mcp", "--help"]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert_eq!(
        out,
        "\
Serve these tools over MCP (Model Context Protocol) on stdio, or HTTP with --http

Usage: greeter mcp [OPTIONS]

Options:
      --http <ADDR>  Serve over Streamable HTTP at http://ADDR/mcp (port 0 picks a free one)
      --stateless    With --http: no sessions; a 2025-11-25 client then cannot be asked mid-call
      --redis <URL>  With --http: sessions and tasks in the Redis at URL, shared by replicas
  -h, --help         Print help
"
    );
}

#[test]
fn stateless_without_http_is_a_usage_error() {
    let (out, err, code) = run(&["mcp", "--stateless"]);
    assert_eq!(
        (out.as_str(), err.as_str(), code),
        (
            "",
            "\
error: the following required arguments were not provided:
  --http <ADDR>

Usage: greeter mcp --http <ADDR> --stateless

For more information, try '--help'.
",
            2
        )
    );
}

/// The JSON-RPC answer in a reply's body, plain or as an SSE event.
fn answer(body: &str) -> Value {
    let text = if body.trim_start().starts_with('{') {
        body
    } else {
        event_data(body)
    };
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[tokio::test]
async fn mcp_http_serves_a_session_with_the_apps_state() {
    let server = HttpExample::start("with_context", &[]);
    let addr = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches("/mcp")
        .parse()
        .unwrap();
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "1"}
    }});
    let reply = exchange(addr, &post(&initialize.to_string(), &[])).await;
    assert_eq!(reply.status, 200, "{reply:?}");
    let session = reply
        .header("mcp-session-id")
        .expect("a stateful server opens a session")
        .to_owned();
    assert_eq!(
        answer(&reply.body)["result"]["serverInfo"]["name"],
        "with_context"
    );
    let headers = [
        ("Mcp-Session-Id", session.as_str()),
        ("Mcp-Protocol-Version", "2025-11-25"),
    ];
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let reply = exchange(addr, &post(&initialized.to_string(), &headers)).await;
    assert_eq!(reply.status, 202, "{reply:?}");
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "find_email", "arguments": {"user_id": 3}
    }});
    let reply = exchange(addr, &post(&call.to_string(), &headers)).await;
    assert_eq!(
        answer(&reply.body),
        json!({"jsonrpc": "2.0", "id": 2, "result": {
            "content": [{"type": "text", "text": "user3@example.com"}],
            "isError": false
        }})
    );
}
