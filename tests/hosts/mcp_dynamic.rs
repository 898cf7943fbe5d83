//! Tools added and removed while an MCP server runs
//! (`examples/dynamic_tools_server.rs`), driven by the official MCP Python
//! SDK (`tests/mcp_dynamic.py`) over stdio and Streamable HTTP: each
//! change reaches the client as `notifications/tools/list_changed`, and its
//! next `tools/list` and `tools/call` see it.

#![cfg(feature = "mcp-http")]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};

use crate::support::mcp_python::python_with_sdk;
use crate::support::{example, manifest_dir};

/// Runs the client script against `server` (a command, or a URL).
fn client(server: &[&str]) -> Output {
    Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests/mcp_dynamic.py"))
        .args(server)
        .output()
        .expect("the client script runs")
}

fn assert_passed(output: &Output) {
    assert!(
        output.status.success(),
        "the MCP client failed ({})\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_tool_added_and_removed_on_stdio_reaches_the_official_python_client() {
    let server = example("dynamic_tools_server");
    assert_passed(&client(&[server.to_str().unwrap(), "mcp"]));
}

/// The example over HTTP, killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_tool_added_and_removed_over_http_reaches_the_official_python_client() {
    let mut child = Command::new(example("dynamic_tools_server"))
        .args(["mcp", "--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example server starts");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr is piped"));
    let _server = Running(child);
    let mut first = String::new();
    stderr
        .read_line(&mut first)
        .expect("the server says where it serves");
    let url = first
        .trim_end()
        .strip_prefix("serving MCP at ")
        .unwrap_or_else(|| panic!("unexpected first line: {first}"))
        .to_owned();
    assert_passed(&client(&[&url]));
}
