//! `pattern` values checked at compile time by the runtime's own pattern
//! compiler, so a pattern that builds is a pattern that runs.

/// Why a pattern cannot run in the linear-time `regex` engine, or `None`:
/// lookaround, a backreference, a syntax error or a program too large.
pub fn problem(pattern: &str) -> Option<String> {
    toolsmith_runtime::__private::Pattern::new(pattern).err()
}
