//! Lints the hooks of Claude Code settings files, or of a plugin's
//! `hooks/hooks.json`, as a compiler would.
//!
//! ```text
//! cargo run --example hooks_lint -- .claude/settings.json
//! cargo run --example hooks_lint -- ~/.claude/settings.json my-plugin/hooks/hooks.json
//! ```
//!
//! Each problem is one line on stdout, `file:pointer: message`, errors first
//! and warnings marked `warning:`. The exit code is 1 when a file has an
//! error, 2 when a file cannot be read or is not JSON (the line then says
//! where: `file:3:7: …`), else 0.

use std::process::ExitCode;

use toolsmith_hooks::{LintProblem, lint_hooks_config};
use toolsmith_runtime::{JsonLimits, JsonTextError, parse_json_text, sanitize_line};

/// Settings files are small; anything larger is refused, not read.
const MAX_BYTES: usize = 16 << 20;

fn main() -> ExitCode {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!("usage: hooks_lint <settings.json or hooks.json>...");
        return ExitCode::from(2);
    }
    let mut worst = 0;
    let (mut errors, mut warnings) = (0, 0);
    for path in &paths {
        let shown = sanitize_line(path);
        let settings = match read(path) {
            Ok(settings) => settings,
            Err(line) => {
                println!("{shown}:{line}");
                worst = 2;
                continue;
            }
        };
        let lint = lint_hooks_config(&settings);
        for problem in lint.errors() {
            println!("{}", located(&shown, problem, ""));
        }
        for problem in lint.warnings() {
            println!("{}", located(&shown, problem, "warning: "));
        }
        let (more_errors, more_warnings) = lint.omitted();
        if more_errors + more_warnings > 0 {
            println!(
                "{shown}: … and {} more problems",
                more_errors + more_warnings
            );
        }
        errors += lint.errors().len() + more_errors;
        warnings += lint.warnings().len() + more_warnings;
        if errors > 0 {
            worst = worst.max(1);
        }
    }
    eprintln!("{}, {}", count(errors, "error"), count(warnings, "warning"));
    ExitCode::from(worst)
}

/// The settings in `path`, or the rest of the line that says why not:
/// ` cannot read: …` or `3:7: not valid JSON: …`.
fn read(path: &str) -> Result<serde_json::Value, String> {
    let bytes = std::fs::read(path).map_err(|err| format!(" cannot read: {err}"))?;
    let limits = JsonLimits {
        max_bytes: MAX_BYTES,
        ..JsonLimits::default()
    };
    parse_json_text(&bytes, &limits).map_err(|err| not_json(&err))
}

/// `3:7: not valid JSON: expected value`: the place first, as compilers
/// write it, and once.
fn not_json(err: &JsonTextError) -> String {
    let text = err.to_string();
    match err.position() {
        (0, _) => format!(" {text}"),
        (line, column) => {
            let place = format!(" at line {line} column {column}");
            let text = text.strip_suffix(&place).unwrap_or(&text);
            format!("{line}:{column}: {text}")
        }
    }
}

/// `file:/hooks/Stop/0/matcher: warning: …`; a problem with the whole
/// document has no pointer.
fn located(path: &str, problem: &LintProblem, mark: &str) -> String {
    let message = problem.message();
    match problem.pointer() {
        "" => format!("{path}: {mark}{message}"),
        pointer => format!("{path}:{pointer}: {mark}{message}"),
    }
}

fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}
