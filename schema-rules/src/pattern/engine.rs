//! The linear-time engine's side of the verdict: the size every pattern
//! compiles within, and what the engine's refusals say.

/// The largest compiled program a schema pattern may make, in bytes: the
/// `size_limit` the runtime builds each `regex::Regex` with, and the
/// `nfa_size_limit` of the compile-time check.
pub const SIZE_LIMIT: usize = 1 << 20;

/// A pattern whose program exceeds [`SIZE_LIMIT`], or whose repetition
/// count is beyond what the engine reads.
pub const TOO_LARGE: &str = "is too large to compile";

/// A refusal of the engine's parser in our words, from its message: the
/// line that names the problem (`error: ...`), not the drawing of the
/// pattern with a caret above it, which does not fit on one line.
pub fn does_not_compile(message: &str) -> String {
    let reason = message
        .lines()
        .rev()
        .find(|line| line.starts_with("error:"))
        .map_or("not a valid regular expression", |line| {
            line.trim_start_matches("error:").trim()
        });
    format!("does not compile: {reason}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_message_is_cut_to_its_reason() {
        let message = "regex parse error:\n    a{2,1}\n      ^^^^\nerror: invalid repetition count range, the start must be <= the end";
        assert_eq!(
            does_not_compile(message),
            "does not compile: invalid repetition count range, the start must be <= the end"
        );
        assert_eq!(
            does_not_compile("error building NFA"),
            "does not compile: not a valid regular expression"
        );
    }
}
