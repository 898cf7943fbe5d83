//! ECMA-262 syntax, as the `regress` parser reads it: the one place a
//! program asks it, so that it holds one copy of the parser.

/// `regress`'s refusal of `source` as ECMA-262 syntax (with the `u` flag),
/// or `None` where ECMA-262 reads it. Every crate that asks calls this one
/// function, so a program holds one copy of the parser, not one per
/// calling crate.
#[inline(never)]
pub fn ecma_refusal(source: &str) -> Option<String> {
    regress::Regex::with_flags(source, "u")
        .err()
        .map(|err| err.to_string())
}
