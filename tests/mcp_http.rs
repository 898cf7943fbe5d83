//! The example MCP server over Streamable HTTP on loopback, driven by the
//! official MCP Python SDK's HTTP client (`mcp.client.streamable_http`):
//! the same checks as over stdio (`tests/mcp_client.py`), with sessions and
//! without, and a graceful shutdown that still answers the call in flight
//! (`tests/mcp_http_shutdown.py`).
//!
//! The SDK is installed under the target directory on first use
//! (`tests/support/mcp_python.rs`).

#![cfg(feature = "mcp-http")]

mod support;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use support::mcp_python::{example, manifest_dir, python_with_sdk};

/// The example server on a free loopback port, and its URL.
struct Server {
    child: Child,
    url: String,
    stderr: mpsc::Receiver<String>,
}

impl Server {
    /// Starts `mcp_server --http 127.0.0.1:0 ARGS...` and reads the URL it
    /// serves at from its first line on stderr.
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(example("mcp_server"))
            .args(["--http", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the example server starts");
        let (lines, stderr) = mpsc::channel();
        let pipe = child.stderr.take().expect("stderr is piped");
        thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    return;
                }
            }
        });
        let first = stderr
            .recv_timeout(Duration::from_secs(60))
            .expect("the server says where it serves");
        let url = first
            .strip_prefix("serving MCP at ")
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .to_owned();
        assert!(
            url.starts_with("http://127.0.0.1:") && url.ends_with("/mcp"),
            "{url}"
        );
        Server { child, url, stderr }
    }

    /// What the server wrote on stderr after its first line, so far.
    fn log(&self) -> String {
        self.stderr.try_iter().collect::<Vec<_>>().join("\n")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs a client script with the SDK; prints its checks, fails on error.
fn script(name: &str, args: &[&str], server: &Server) -> Output {
    let output = Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests").join(name))
        .args(args)
        .output()
        .expect("the client script runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "{name} failed ({})\n{stdout}{}\n--- server\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr),
        server.log()
    );
    output
}

fn client(server: &Server, sessions: &str) {
    let expected = manifest_dir().join("tests/snapshots/hosts/canonical.json");
    script(
        "mcp_client.py",
        &[expected.to_str().unwrap(), &server.url, sessions],
        server,
    );
}

#[test]
fn official_python_client_over_http_with_sessions() {
    let server = Server::start(&[]);
    client(&server, "--sessions");
}

#[test]
fn official_python_client_over_http_without_sessions() {
    let server = Server::start(&["--stateless"]);
    client(&server, "--no-sessions");
}

/// `SIGTERM` while a call is running: the call is answered, then the
/// server exits 0 and the port is closed.
#[cfg(unix)]
#[test]
fn a_graceful_shutdown_answers_the_call_in_flight() {
    for mode in [&["--soak"][..], &["--soak", "--stateless"][..]] {
        let mut server = Server::start(mode);
        let pid = server.child.id().to_string();
        script("mcp_http_shutdown.py", &[&server.url, &pid], &server);
        let status = server.child.wait().expect("the server exits");
        assert!(
            status.success(),
            "{mode:?}: the server exited {status}\n{}",
            server.log()
        );
        let addr = server
            .url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp");
        assert!(
            std::net::TcpStream::connect(addr).is_err(),
            "{mode:?}: the port is still open after the exit"
        );
    }
}
