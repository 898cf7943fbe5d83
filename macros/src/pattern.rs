//! `pattern` values checked at compile time by the runtime's own pattern
//! compiler, so a pattern that builds is a pattern that runs, with the same
//! ECMA-262 meaning the validator gives it.

/// Why a pattern is refused, or `None`: not ECMA-262 (read with the `u`
/// flag), another dialect's syntax, lookaround, a backreference, or a
/// program too large. The reason reads after "pattern".
pub fn problem(pattern: &str) -> Option<String> {
    toolsmith_runtime::__private::pattern_problem(pattern)
}
