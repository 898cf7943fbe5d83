//! The example MCP server as the clients start it: `mcp_server mcp` with
//! `TOOLSMITH_SLOW` set (the example tools, `countdown` and `confirm`), its stderr appended to a log file
//! the tests read, on standard input and output (a command for the client
//! to run) or over Streamable HTTP on a free loopback port.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::demo_tools;
use crate::support::example;

/// How long the server may take to say where it serves, or a tool to say
/// what it did (a bound on a poll, not a measurement).
const DEADLINE: Duration = Duration::from_secs(60);

/// The server's log: what it wrote on stderr.
pub struct Log(pub PathBuf);

impl Log {
    /// A fresh log at `path`.
    pub fn new(path: PathBuf) -> Log {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        Log(path)
    }

    /// What the log holds so far.
    pub fn text(&self) -> String {
        std::fs::read_to_string(&self.0).unwrap_or_default()
    }

    /// Polls until the log holds `text`, for at most [`DEADLINE`].
    pub fn wait_for(&self, text: &str) -> String {
        let started = Instant::now();
        loop {
            let log = self.text();
            if log.contains(text) {
                return log;
            }
            assert!(
                started.elapsed() < DEADLINE,
                "the server never logged {text:?}: {log}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the `countdown` of 600 steps to say it was cancelled, and
    /// checks that it started once and stopped before its last step.
    pub fn assert_stopped_early(&self) {
        let text = self.wait_for("countdown: cancelled");
        let lines: Vec<&str> = text
            .lines()
            .filter(|line| line.starts_with("countdown: "))
            .filter(|line| line.ends_with(" 600 steps") || line.ends_with(" of 600"))
            .collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert_eq!(lines[0], "countdown: started, 600 steps");
        let step: u32 = lines[1]
            .strip_prefix("countdown: cancelled at step ")
            .and_then(|rest| rest.strip_suffix(" of 600"))
            .and_then(|step| step.parse().ok())
            .unwrap_or_else(|| panic!("{text}"));
        assert!(step < 600, "{text}");
    }
}

/// The command line a client runs for the server on standard input and
/// output, stderr appended to `log`: `sh -c "exec env … mcp 2>>LOG"`.
pub fn stdio_command(log: &Log) -> (String, Vec<String>) {
    let script = format!(
        "exec env TOOLSMITH_SLOW=1 '{}' mcp 2>>'{}'",
        example("mcp_server").display(),
        log.0.display()
    );
    ("sh".to_owned(), vec!["-c".to_owned(), script])
}

/// The server over Streamable HTTP; killed when dropped.
pub struct HttpServer {
    child: Child,
    /// `http://127.0.0.1:PORT/mcp`.
    pub url: String,
}

impl HttpServer {
    /// Starts the server on a free loopback port, stderr to `log`.
    pub fn start(log: &Log) -> HttpServer {
        let stderr = std::fs::File::create(&log.0).unwrap();
        let child = Command::new(example("mcp_server"))
            .args(["mcp", "--http", "127.0.0.1:0"])
            .env("TOOLSMITH_SLOW", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("the example server starts");
        let first = log.wait_for("/mcp\n");
        let url = first
            .lines()
            .next()
            .and_then(|line| line.strip_prefix("serving MCP at "))
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .to_owned();
        HttpServer { child, url }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The tools `mcp_server` serves with `TOOLSMITH_SLOW` set, `(name, input schema)` each, in
/// order: what every client must offer its model, none dropped.
pub fn served_tools() -> Vec<(String, Value)> {
    let mut tools = demo_tools::tools();
    slow_tools::register(&mut tools);
    tools
        .tools()
        .map(|tool| (tool.name().to_owned(), tool.input_schema().clone()))
        .collect()
}

// The same `countdown` and `confirm` the server registers.
#[path = "../../examples/slow_tools/mod.rs"]
#[allow(dead_code)]
mod slow_tools;

/// A directory of its own for the test `name`, under the target directory.
pub fn test_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("mcp-clients")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
