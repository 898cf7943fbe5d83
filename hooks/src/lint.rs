//! The report every agent's settings lint gives: each problem with its
//! severity and JSON pointer ([`LintProblem`]), errors and warnings apart
//! ([`HooksLint`]), and the pointers into the settings file.

use std::fmt;

use toolsmith_runtime::{echo, sanitize_line};

use crate::error::{HookError, HookErrorCode};

/// How bad a [`LintProblem`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Severity {
    /// The agent refuses the hook, or the hook can never run as written.
    Error,
    /// Valid, but surely not meant: the agent ignores a field, a matcher
    /// names no tool, a header sends an empty variable.
    Warning,
}

/// One problem in hook settings: where, what, how bad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintProblem {
    severity: Severity,
    pointer: String,
    message: String,
}

impl LintProblem {
    /// Whether the agent refuses this or it is only suspicious.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// RFC 6901 pointer to the value at fault (`/hooks/Stop/0/matcher`);
    /// empty for the whole document. Segments are sanitized and cut short.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What is wrong and what to do, without the location:
    /// `unknown hook event "PreToolUSe" (did you mean "PreToolUse"?)`.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The whole line: `Invalid hooks settings at /hooks/X: …` for an
    /// error, `Hooks settings warning at /hooks/X: …` for a warning.
    pub fn line(&self) -> String {
        let subject = match self.severity {
            Severity::Error => "Invalid hooks settings",
            Severity::Warning => "Hooks settings warning",
        };
        if self.pointer.is_empty() {
            format!("{subject}: {}", self.message)
        } else {
            format!("{subject} at {}: {}", self.pointer, self.message)
        }
    }
}

impl fmt::Display for LintProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line())
    }
}

/// What a settings lint ([`lint_hooks_config`](crate::claude::lint_hooks_config)) found: the errors and, apart, the warnings,
/// each in document order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HooksLint {
    errors: Vec<LintProblem>,
    warnings: Vec<LintProblem>,
    omitted_errors: usize,
    omitted_warnings: usize,
}

impl HooksLint {
    /// At most this many problems of each severity are kept; the rest are
    /// counted.
    pub const MAX_PROBLEMS: usize = 200;

    /// The errors: what the agent refuses or can never run.
    pub fn errors(&self) -> &[LintProblem] {
        &self.errors
    }

    /// The warnings: valid, but surely not meant.
    pub fn warnings(&self) -> &[LintProblem] {
        &self.warnings
    }

    /// How many errors and warnings were found beyond the kept ones.
    pub fn omitted(&self) -> (usize, usize) {
        (self.omitted_errors, self.omitted_warnings)
    }

    /// Whether there is no error (warnings may remain).
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// The error lines, ending with `… and N more problems` when some were
    /// left out.
    pub fn error_lines(&self) -> Vec<String> {
        lines(&self.errors, self.omitted_errors)
    }

    /// The warning lines, ending with `… and N more problems` when some
    /// were left out.
    pub fn warning_lines(&self) -> Vec<String> {
        lines(&self.warnings, self.omitted_warnings)
    }

    /// `Ok` when there is no error, else the error lines as
    /// [`HookErrorCode::InvalidSettings`].
    pub fn into_result(self) -> Result<(), HookError> {
        if self.errors.is_empty() {
            return Ok(());
        }
        Err(HookError::new(
            HookErrorCode::InvalidSettings,
            self.error_lines(),
        ))
    }
}

fn lines(problems: &[LintProblem], omitted: usize) -> Vec<String> {
    let mut lines: Vec<String> = problems.iter().map(LintProblem::line).collect();
    if omitted > 0 {
        let noun = if omitted == 1 { "problem" } else { "problems" };
        lines.push(format!("… and {omitted} more {noun}"));
    }
    lines
}

/// Problems as they are found.
#[derive(Debug, Default)]
pub(crate) struct Report {
    lint: HooksLint,
}

impl Report {
    fn push(&mut self, severity: Severity, pointer: &str, message: String) {
        let (kept, omitted) = match severity {
            Severity::Error => (&mut self.lint.errors, &mut self.lint.omitted_errors),
            Severity::Warning => (&mut self.lint.warnings, &mut self.lint.omitted_warnings),
        };
        if kept.len() >= HooksLint::MAX_PROBLEMS {
            *omitted += 1;
            return;
        }
        kept.push(LintProblem {
            severity,
            pointer: sanitize_line(pointer),
            message: sanitize_line(&message),
        });
    }

    pub(crate) fn error(&mut self, pointer: &str, message: impl Into<String>) {
        self.push(Severity::Error, pointer, message.into());
    }

    pub(crate) fn warning(&mut self, pointer: &str, message: impl Into<String>) {
        self.push(Severity::Warning, pointer, message.into());
    }

    pub(crate) fn finish(self) -> HooksLint {
        self.lint
    }
}

/// The longest key shown in a pointer, in characters.
const KEY_CHARS: usize = 64;

/// `base` and one more key, escaped as RFC 6901 says (`~0`, `~1`), a
/// hostile key cut short.
pub(crate) fn child(base: &str, key: &str) -> String {
    let key = echo::cut(key, KEY_CHARS);
    let mut out = String::with_capacity(base.len() + key.len() + 1);
    out.push_str(base);
    out.push('/');
    for c in key.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}

/// `base` and one more index.
pub(crate) fn item(base: &str, index: usize) -> String {
    format!("{base}/{index}")
}
