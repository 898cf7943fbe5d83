//! The verdict on a pattern short of compiling it: its translation into
//! `regex` syntax, or the one reason it is refused; and ECMA-262's own
//! reading of it, which the `regex` format asks too.

use super::reason;
use super::translate::{self, Refusal};

/// The pattern as the linear-time engine runs it (`regex` syntax), or why
/// it cannot be: the reason reads after "pattern" ("uses lookaround, which
/// ..."). What is left is compiling it within
/// [`SIZE_LIMIT`](super::engine::SIZE_LIMIT).
pub fn translated(source: &str) -> Result<String, String> {
    // A construct refused for a reason of its own is named first, even
    // where ECMA-262 would not read it at all (`(?i)`, `\A`).
    let translated = match translate::translate(source) {
        Ok(translated) => Some(translated),
        Err(Refusal::Reason(reason)) => return Err(reason),
        Err(Refusal::Malformed) => None,
    };
    if let Some(err) = super::ecma::ecma_refusal(source) {
        return Err(reason::not_ecma(&err));
    }
    translated.ok_or_else(|| reason::NOT_LINEAR.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(source: &str) -> String {
        translated(source).expect_err(source)
    }

    #[test]
    fn accepted_patterns_come_out_in_regex_syntax() {
        assert_eq!(translated(r"^\d+$").unwrap(), r"^[\x{30}-\x{39}]+$");
        assert_eq!(translated("").unwrap(), "");
    }

    #[test]
    fn refuses_lookaround_and_backreferences() {
        assert_eq!(
            refusal("a(?=b)"),
            "uses lookaround, which the linear-time `regex` engine does not support"
        );
        assert_eq!(
            refusal(r"(a)\1"),
            "uses a backreference, which the linear-time `regex` engine does not support"
        );
        assert_eq!(
            refusal(r"(?P=name)"),
            "uses a backreference, which the linear-time `regex` engine does not support"
        );
    }

    #[test]
    fn a_reason_of_its_own_comes_before_ecma_syntax() {
        assert_eq!(
            refusal(r"\A("),
            "uses `\\A`, which ECMA-262 does not have; write `^`, which matches only at the start"
        );
        assert_eq!(
            refusal("("),
            "is not an ECMA-262 regular expression: unbalanced parenthesis"
        );
        assert_eq!(refusal("a{99999999999999}"), "is too large to compile");
    }
}
