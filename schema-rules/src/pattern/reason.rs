//! What a refused pattern's line says, for the reasons that are not
//! another dialect's syntax (those are in `foreign`): constructs the
//! linear-time engine cannot run, and syntax ECMA-262 cannot read.

pub(super) const LOOKAROUND: &str =
    "uses lookaround, which the linear-time `regex` engine does not support";

pub(super) const BACKREFERENCE: &str =
    "uses a backreference, which the linear-time `regex` engine does not support";

/// ECMA-262 syntax the translation cannot read, for no reason of its own.
pub(super) const NOT_LINEAR: &str = "uses a construct the linear-time `regex` engine cannot run";

/// ECMA-262 (with the `u` flag) repeats no assertion; `regress` reads
/// `\b*` all the same, so the scan says it, in `regress`'s words for `^*`.
pub(super) const QUANTIFIED_ASSERTION: &str =
    "is not an ECMA-262 regular expression: quantifier not allowed here";

/// `regress`'s refusal in our voice: lowercase, no trailing period.
pub(super) fn not_ecma(message: &str) -> String {
    format!(
        "is not an ECMA-262 regular expression: {}",
        in_our_voice(message)
    )
}

/// A parser's message (`regress`'s) in our voice: lowercase first letter,
/// no trailing period. The settings lint quotes `regress` in these words
/// too.
pub fn in_our_voice(message: &str) -> String {
    let mut chars = message.trim_end_matches('.').chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regress_speaks_in_our_voice() {
        assert_eq!(
            not_ecma("Unbalanced parenthesis."),
            "is not an ECMA-262 regular expression: unbalanced parenthesis"
        );
        assert_eq!(not_ecma(""), "is not an ECMA-262 regular expression: ");
    }
}
