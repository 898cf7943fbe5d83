//! What the command line prints: a text result as plain text, a structured
//! one as JSON (pretty on a terminal, compact in a pipe); with `--json`,
//! every outcome as JSON on stdout, a failure as
//! `{"error": "...", "lines": [...]}`. Everything printed goes through
//! [`sanitize_text`] first.

use std::io::Write;

use serde_json::{Value, json};
use toolsmith_runtime::sanitize_text;

/// The id and the name of the flag that makes every outcome JSON.
pub(crate) const JSON_FLAG: &str = "json";

/// How results are printed.
#[derive(Clone, Copy)]
pub(crate) struct Style {
    /// `--json` was given: every outcome as JSON on stdout.
    pub(crate) json: bool,
    /// stdout is a terminal: structured results as pretty JSON.
    pub(crate) terminal: bool,
}

/// What a failure says under `--json`: `"invalid arguments"`,
/// `"divide failed"`, `"usage"`.
pub(crate) struct Failure<'a> {
    pub(crate) error: &'a str,
    pub(crate) lines: &'a [String],
}

impl Style {
    /// Prints a result on `out`.
    pub(crate) fn result(self, value: &Value, out: &mut dyn Write) {
        let text = match value {
            Value::String(text) if !self.json => text.clone(),
            other => self.json_text(other),
        };
        let _ = writeln!(out, "{}", sanitize_text(&text));
    }

    /// Prints a failure: its lines on `err`, or under `--json` one object
    /// on `out`.
    pub(crate) fn failure(self, failure: &Failure<'_>, out: &mut dyn Write, err: &mut dyn Write) {
        if self.json {
            let value = json!({"error": failure.error, "lines": failure.lines});
            let _ = writeln!(out, "{}", sanitize_text(&self.json_text(&value)));
        } else {
            for line in failure.lines {
                let _ = writeln!(err, "{line}");
            }
        }
    }

    fn json_text(self, value: &Value) -> String {
        let text = if self.terminal {
            serde_json::to_string_pretty(value)
        } else {
            serde_json::to_string(value)
        };
        text.unwrap_or_default()
    }
}
