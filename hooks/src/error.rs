//! `HookError`: a hook's input, output, settings or content failed a check,
//! with one line per problem and a stable code.

use std::fmt;

use toolsmith_runtime::ToolInputError;

/// What kind of check failed: stable, for a program to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HookErrorCode {
    /// The payload is not JSON text that can be read.
    NotJson,
    /// The payload is JSON but not an object.
    NotObject,
    /// The payload has no string `hook_event_name`.
    MissingEventName,
    /// The event name is not one of [`HookEvent::ALL`](super::claude::HookEvent::ALL).
    UnknownEvent,
    /// A documented field of the event's input is missing or mistyped.
    InvalidInput,
    /// The `tool_input` of a tool event does not fit the tool.
    InvalidToolInput,
    /// An answer the agent would reject.
    InvalidOutput,
    /// The `hooks` section of a settings file (or a plugin's `hooks.json`)
    /// is wrong.
    InvalidSettings,
    /// A file path is unsafe (traversal, NUL, control characters, device
    /// names).
    UnsafePath,
    /// A file's content does not parse as its extension says.
    InvalidFileSyntax,
    /// The payload is larger than the hook reads.
    TooLarge,
    /// Reading the payload or writing the answer failed.
    Io,
}

impl HookErrorCode {
    /// The code as a stable snake_case name: `invalid_tool_input`.
    pub const fn as_str(self) -> &'static str {
        match self {
            HookErrorCode::NotJson => "not_json",
            HookErrorCode::NotObject => "not_object",
            HookErrorCode::MissingEventName => "missing_event_name",
            HookErrorCode::UnknownEvent => "unknown_event",
            HookErrorCode::InvalidInput => "invalid_input",
            HookErrorCode::InvalidToolInput => "invalid_tool_input",
            HookErrorCode::InvalidOutput => "invalid_output",
            HookErrorCode::InvalidSettings => "invalid_settings",
            HookErrorCode::UnsafePath => "unsafe_path",
            HookErrorCode::InvalidFileSyntax => "invalid_file_syntax",
            HookErrorCode::TooLarge => "too_large",
            HookErrorCode::Io => "io",
        }
    }
}

impl fmt::Display for HookErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A hook's input, output, settings or content failed a check: every
/// problem, one sanitized line each, in the runtime's grammar
/// (`Invalid hook input at /tool_use_id: must be string, got number`).
///
/// `Display` is [`lines`](HookError::lines) joined by newlines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookError {
    code: HookErrorCode,
    lines: Vec<String>,
    context: Option<String>,
}

impl HookError {
    /// An error of `code` with its lines, already sanitized.
    pub(crate) fn new(code: HookErrorCode, lines: Vec<String>) -> Self {
        HookError {
            code,
            lines,
            context: None,
        }
    }

    /// The problems the validator found, each line starting with
    /// `subject` (`Invalid hook input`, `Invalid tool input`).
    pub(crate) fn from_input_error(
        code: HookErrorCode,
        subject: &str,
        error: &ToolInputError,
    ) -> Self {
        HookError::new(code, error.lines_for(subject))
    }

    /// The same error, about `context`: the event, tool or file checked.
    pub(crate) fn with_context(mut self, context: impl Into<String>) -> Self {
        self.context = Some(context.into());
        self
    }

    /// What kind of check failed.
    pub fn code(&self) -> HookErrorCode {
        self.code
    }

    /// One line per problem, sanitized, ending with `… and N more problems`
    /// when some were left out.
    pub fn lines(&self) -> Vec<String> {
        self.lines.clone()
    }

    /// What was checked, when known: the event (`PreToolUse`), the tool
    /// (`Bash`) or the file.
    pub fn context(&self) -> Option<&str> {
        self.context.as_deref()
    }
}

impl fmt::Display for HookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines.join("\n"))
    }
}

impl std::error::Error for HookError {}

/// A guard's refusal as a hook error, so `?` on a guard works in a hook:
/// the same lines, code and context.
impl From<toolsmith_guards::GuardError> for HookError {
    fn from(error: toolsmith_guards::GuardError) -> Self {
        use toolsmith_guards::GuardErrorCode as G;
        let code = match error.code() {
            G::UnsafePath => HookErrorCode::UnsafePath,
            G::InvalidFileSyntax => HookErrorCode::InvalidFileSyntax,
            // A code the guards add later reads as a content problem.
            _ => HookErrorCode::InvalidFileSyntax,
        };
        HookError::new(code, error.lines()).with_context(error.context())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guard_refusal_keeps_its_lines_code_and_context() {
        let guard = toolsmith_guards::validate_safe_file_path("../x").unwrap_err();
        let error = HookError::from(guard.clone());
        assert_eq!(error.code(), HookErrorCode::UnsafePath);
        assert_eq!(error.lines(), guard.lines());
        assert_eq!(error.context(), Some("\"../x\""));
    }
}
