//! `GuardError`: content a guard checks (a file path, a file's syntax) is
//! refused, with one line per problem and a stable code.

use std::fmt;

/// Which guard refused: stable, for a program to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GuardErrorCode {
    /// A file path is unsafe (traversal, NUL, control characters, device
    /// names).
    UnsafePath,
    /// A file's content does not parse as its extension says.
    InvalidFileSyntax,
}

impl GuardErrorCode {
    /// The code as a stable snake_case name: `unsafe_path`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GuardErrorCode::UnsafePath => "unsafe_path",
            GuardErrorCode::InvalidFileSyntax => "invalid_file_syntax",
        }
    }
}

impl fmt::Display for GuardErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A guard refused what it checked: every problem, one sanitized line
/// each (`Invalid file path: "../x" climbs out of its directory …`).
///
/// `Display` is [`lines`](GuardError::lines) joined by newlines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuardError {
    code: GuardErrorCode,
    lines: Vec<String>,
    context: String,
}

impl GuardError {
    /// An error of `code` with its lines, already sanitized, about
    /// `context` (the path checked, as shown).
    pub(crate) fn new(code: GuardErrorCode, lines: Vec<String>, context: String) -> Self {
        GuardError {
            code,
            lines,
            context,
        }
    }

    /// Which guard refused.
    pub fn code(&self) -> GuardErrorCode {
        self.code
    }

    /// One line per problem, sanitized.
    pub fn lines(&self) -> Vec<String> {
        self.lines.clone()
    }

    /// What was checked: the path, sanitized and cut short.
    pub fn context(&self) -> &str {
        &self.context
    }
}

impl fmt::Display for GuardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines.join("\n"))
    }
}

impl std::error::Error for GuardError {}
