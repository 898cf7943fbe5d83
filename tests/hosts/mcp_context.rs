//! A tool's [`Call`](toolsmith::Call) on MCP, driven by the official MCP
//! Python SDK (`tests/mcp_context.py`) against the conformance example:
//! progress only with a token and in order, elicitation accepted, declined,
//! cancelled and answered invalidly (the tool never sees that answer),
//! log messages at the level set, sampling, and a cancelled call, async and
//! blocking, stopped and never answered (checked on the raw pipe); and over
//! Streamable HTTP, two sessions, each with the log level it set
//! (`tests/mcp_sessions.py`).

#![cfg(feature = "mcp")]

use std::process::Command;

#[cfg(feature = "mcp-http")]
use crate::support::http_example::HttpExample;
use crate::support::mcp_python::python_with_sdk;
use crate::support::{example, manifest_dir};

/// Runs the client script `name` with `target` (a command and its
/// arguments, or a URL).
fn client(name: &str, target: &[&str]) {
    let output = Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests").join(name))
        .args(target)
        .output()
        .expect("the client script runs");
    assert!(
        output.status.success(),
        "{name} failed ({})\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_tools_call_on_mcp_with_the_official_python_client() {
    client(
        "mcp_context.py",
        &[
            example("conformance_server")
                .to_str()
                .expect("a UTF-8 path"),
            "mcp",
        ],
    );
}

#[cfg(feature = "mcp-http")]
#[test]
fn each_http_session_keeps_the_log_level_it_set() {
    let server = HttpExample::start("conformance_server", &[]);
    client("mcp_sessions.py", &[&server.url]);
}
