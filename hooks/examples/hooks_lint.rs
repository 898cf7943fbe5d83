//! Lints the hooks of Claude Code settings files, or of a plugin's
//! `hooks/hooks.json`, as a compiler would; with `--agent codex`, Codex's
//! `hooks.json` and the `[hooks]` tables of its `config.toml` (a `.toml`
//! file).
//!
//! ```text
//! cargo run --example hooks_lint -- .claude/settings.json
//! cargo run --example hooks_lint -- ~/.claude/settings.json my-plugin/hooks/hooks.json
//! cargo run --example hooks_lint -- --agent codex ~/.codex/hooks.json ~/.codex/config.toml
//! ```
//!
//! Each problem is one line on stdout, `file:pointer: message`, errors first
//! and warnings marked `warning:`. The exit code is 1 when a file has an
//! error, 2 when a file cannot be read or is not JSON (or TOML; the line
//! then says where: `file:3:7: …`), else 0.

use std::process::ExitCode;

use toolsmith_hooks::codex::{lint_codex_config_toml, lint_codex_hooks_json};
use toolsmith_hooks::{Agent, HooksLint, LintProblem, lint_hooks_config};
use toolsmith_runtime::{JsonLimits, JsonTextError, parse_json_text, sanitize_line};

/// Settings files are small; anything larger is refused, not read.
const MAX_BYTES: usize = 16 << 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let agent = match Agent::from_args(&args) {
        Ok(agent) => agent.unwrap_or(Agent::Claude),
        Err(line) => {
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    let paths = files(&args);
    if paths.is_empty() {
        eprintln!(
            "usage: hooks_lint <settings.json or hooks.json>... | hooks_lint --agent codex <hooks.json or config.toml>..."
        );
        return ExitCode::from(2);
    }
    let mut worst = 0;
    let (mut errors, mut warnings) = (0, 0);
    for path in &paths {
        let shown = sanitize_line(path);
        let lint = match lint_file(agent, path) {
            Ok(lint) => lint,
            Err(line) => {
                println!("{shown}:{line}");
                worst = 2;
                continue;
            }
        };
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

/// The arguments naming files: all but `--agent NAME` (or `--agent=NAME`).
fn files(args: &[String]) -> Vec<&String> {
    let mut files = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--agent" {
            args.next();
        } else if !arg.starts_with("--agent=") {
            files.push(arg);
        }
    }
    files
}

/// The lint of the file `path` as `agent` reads it, or the rest of the
/// line that says why there is none.
fn lint_file(agent: Agent, path: &str) -> Result<HooksLint, String> {
    match agent {
        Agent::Codex if path.ends_with(".toml") => {
            let bytes = std::fs::read(path).map_err(|err| format!(" cannot read: {err}"))?;
            if bytes.len() > MAX_BYTES {
                return Err(format!(" larger than {MAX_BYTES} bytes, not read"));
            }
            let text = String::from_utf8(bytes).map_err(|_| " not UTF-8 text".to_owned())?;
            not_toml(&text)?;
            Ok(lint_codex_config_toml(&text))
        }
        Agent::Codex => Ok(lint_codex_hooks_json(&read(path)?)),
        _ => Ok(lint_hooks_config(&read(path)?)),
    }
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

/// `2:7: not valid TOML: unclosed table, expected `]``, when `text` is
/// not TOML.
fn not_toml(text: &str) -> Result<(), String> {
    let Err(err) = text.parse::<toml::Table>() else {
        return Ok(());
    };
    let message = sanitize_line(err.message());
    let Some(span) = err.span() else {
        return Err(format!(" not valid TOML: {message}"));
    };
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Err(format!("{line}:{column}: not valid TOML: {message}"))
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
