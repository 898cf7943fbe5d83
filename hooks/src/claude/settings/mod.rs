//! The `hooks` section of a Claude Code settings file, checked as the agent
//! reads it: every problem at once, one line each, with the JSON pointer
//! into the file.
//!
//! A mistyped event name, a handler type the event does not run, a matcher
//! regex that does not compile or an `if` on an event that never evaluates
//! it all fail silently inside the agent: the hook simply never fires. The
//! checks here say so before the agent runs, in the runtime's line grammar:
//!
//! ```
//! use serde_json::json;
//! use toolsmith_hooks::{lint_hooks_config, validate_hooks_config};
//!
//! let settings = json!({
//!     "permissions": { "allow": ["Bash(npm test)"] },
//!     "hooks": {
//!         "PreToolUSe": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "guard" }] }],
//!         "Stop": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "gate" }] }]
//!     }
//! });
//! let err = validate_hooks_config(&settings).unwrap_err();
//! assert_eq!(
//!     err.lines(),
//!     ["Invalid hooks settings at /hooks/PreToolUSe: unknown hook event \"PreToolUSe\" (did you mean \"PreToolUse\"?)"]
//! );
//!
//! // Valid but surely not meant: reported apart, never an `Err`.
//! let lint = lint_hooks_config(&settings);
//! assert_eq!(
//!     lint.warnings()[0].line(),
//!     "Hooks settings warning at /hooks/Stop/0/matcher: Stop takes no matcher and ignores it; \
//!      the hooks run on every Stop event, remove \"matcher\""
//! );
//! ```
//!
//! The source of truth is the SDK's `Settings['hooks']` type
//! (`@anthropic-ai/claude-agent-sdk` 0.3.333) for the fields, and the Claude
//! Code hooks reference for what the agent does with them: which handler
//! types each event runs, what its matcher filters, how a matcher is read
//! (`*`, `""` or none: everything; only letters, digits, `_`, `-`, spaces,
//! `,` and `|`: exact names; anything else: a JavaScript regular expression,
//! compiled here by an ECMAScript engine), and on which events `if` is
//! evaluated.
//!
//! [`validate_hooks_config`] and [`lint_hooks_config`] take a whole settings
//! object (keys that do not govern hooks are not checked) or a plugin's
//! `hooks/hooks.json` (`hooks` and an optional `description`).
//! [`validate_matcher_group`] and [`validate_hook_handler`] check one piece
//! alone, with pointers relative to it; the event-dependent checks need the
//! event, which [`lint_matcher_group`] and [`lint_hook_handler`] take.

mod facts;
mod http;
mod matcher;
mod name_regex;
mod rule;
pub(crate) mod walk;

#[cfg(test)]
mod tests;

pub(crate) use walk::{child, item};

use std::fmt;

use serde_json::Value;
use toolsmith_runtime::{echo, sanitize_line};

use crate::{HookError, HookErrorCode, HookEvent};

/// The longest value a settings line echoes, in characters.
const ECHO_CHARS: usize = 64;

/// `text` on one line, cut short, in double quotes.
fn quoted(text: &str) -> String {
    echo::quoted_within(text, ECHO_CHARS)
}

/// Checks the hook settings in `settings`: `Ok` when the agent reads every
/// hook as written, else [`HookErrorCode::InvalidSettings`] with one line per
/// error (`Invalid hooks settings at /hooks/PreToolUSe: unknown hook event
/// "PreToolUSe" (did you mean "PreToolUse"?)`).
///
/// Warnings (valid, but surely not meant) never make it fail: see
/// [`lint_hooks_config`].
pub fn validate_hooks_config(settings: &Value) -> Result<(), HookError> {
    lint_hooks_config(settings).into_result()
}

/// Every error and warning in the hook settings of `settings`, a settings
/// object or a plugin's `hooks/hooks.json`, in document order.
pub fn lint_hooks_config(settings: &Value) -> HooksLint {
    let mut report = Report::default();
    walk::settings(settings, &mut report);
    report.finish()
}

/// Checks one matcher group (`{"matcher": "Bash", "hooks": [...]}`) alone,
/// pointers relative to it. The checks that need the event (handler types
/// it runs, what its matcher filters, `if`) are skipped: use
/// [`lint_matcher_group`] with the event for them.
pub fn validate_matcher_group(group: &Value) -> Result<(), HookError> {
    lint_matcher_group(group, None).into_result()
}

/// Checks one hook handler (`{"type": "command", "command": "..."}`) alone,
/// pointers relative to it. The checks that need the event are skipped:
/// use [`lint_hook_handler`] with the event for them.
pub fn validate_hook_handler(handler: &Value) -> Result<(), HookError> {
    lint_hook_handler(handler, None).into_result()
}

/// Every error and warning in one matcher group, as it would sit under
/// `event` (`None`: the event-dependent checks are skipped).
pub fn lint_matcher_group(group: &Value, event: Option<HookEvent>) -> HooksLint {
    let mut report = Report::default();
    walk::matcher_group(group, "", &walk::Context::piece(event), &mut report);
    report.finish()
}

/// Every error and warning in one hook handler, as it would sit under
/// `event` (`None`: the event-dependent checks are skipped).
pub fn lint_hook_handler(handler: &Value, event: Option<HookEvent>) -> HooksLint {
    let mut report = Report::default();
    walk::handler(handler, "", &walk::Context::piece(event), &mut report);
    report.finish()
}

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

/// What [`lint_hooks_config`] found: the errors and, apart, the warnings,
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
