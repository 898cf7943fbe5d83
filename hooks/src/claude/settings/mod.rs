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

use crate::lint::Report;
pub use crate::lint::{HooksLint, LintProblem, Severity};

use serde_json::Value;
use toolsmith_runtime::echo;

use crate::claude::HookEvent;
use crate::error::HookError;

/// The longest value a settings line echoes, in characters.
const ECHO_CHARS: usize = 64;

/// `text` on one line, cut short, in double quotes.
fn quoted(text: &str) -> String {
    echo::quoted_within(text, ECHO_CHARS)
}

/// Checks the hook settings in `settings`: `Ok` when the agent reads every
/// hook as written, else
/// [`HookErrorCode::InvalidSettings`](crate::HookErrorCode::InvalidSettings)
/// with one line per error (`Invalid hooks settings at /hooks/PreToolUSe: unknown hook event
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
