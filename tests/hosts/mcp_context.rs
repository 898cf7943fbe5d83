//! A tool's [`Call`](toolsmith::Call) on MCP, driven by the official MCP
//! Python SDK (`tests/mcp_context.py`) against the conformance example:
//! progress only with a token and in order, elicitation accepted, declined,
//! cancelled and answered invalidly (the tool never sees that answer),
//! log messages at the level set, sampling, and a cancelled call, async and
//! blocking, stopped and never answered (checked on the raw pipe).

#![cfg(feature = "mcp")]

use std::process::Command;

use crate::support::mcp_python::python_with_sdk;
use crate::support::{example, manifest_dir};

#[test]
fn a_tools_call_on_mcp_with_the_official_python_client() {
    let output = Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests/mcp_context.py"))
        .arg(example("conformance_server"))
        .output()
        .expect("the client script runs");
    assert!(
        output.status.success(),
        "the MCP client failed ({})\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
