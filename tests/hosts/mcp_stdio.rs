//! The example MCP server, driven over stdio by a client no one here wrote:
//! the official MCP Python SDK (`tests/mcp_client.py`, and the soak test
//! `tests/mcp_soak.py`).
//!
//! The SDK is installed under the target directory on first use
//! (`tests/support/mcp_python.rs`), so the test needs only Python 3 (3.10 or
//! later, with `venv`) and access to PyPI.

#![cfg(feature = "mcp")]

use std::path::Path;
use std::process::Command;

use crate::support::mcp_python::python_with_sdk;
use crate::support::{example, manifest_dir};

/// Runs the client script against `server ARGS...`; its checks print as they
/// pass, and on a failure the test shows them all.
fn client(server: &Path, args: &[&str]) {
    let output = Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests/mcp_client.py"))
        .arg(manifest_dir().join("tests/snapshots/hosts/canonical.json"))
        .arg(server)
        .args(args)
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

#[test]
fn official_python_client_against_the_mcp_server_example() {
    client(&example("mcp_server"), &["mcp"]);
}

#[test]
fn official_python_client_against_the_cli_mcp_subcommand() {
    client(&example("cli"), &["mcp"]);
}

/// 2,000 mixed requests, 50 in flight, through the SDK and raw on the pipe
/// (`tests/mcp_soak.py`): every request answered exactly once, a
/// `tools/list` sent while a tool blocks answered before that tool, memory
/// back down, exit 0 at end of input. The figures (latencies, RSS) print
/// with `--nocapture`; nothing depends on a time.
#[test]
fn soak_the_mcp_server_example_with_the_official_client() {
    let output = Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests/mcp_soak.py"))
        .arg(example("mcp_server"))
        .arg("mcp")
        .env("TOOLSMITH_SOAK", "1")
        .output()
        .expect("the soak script runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "the soak failed ({})\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}
