//! The whole verdict without the `regex` crate, for the macros: the
//! translated pattern parsed by `regex-syntax` and built into the Thompson
//! NFAs a `regex::Regex` builds from it, under the same size limit.
//!
//! `regex` (with its lazy DFA, as the runtime has it) builds two NFAs from
//! a pattern, forward with its captures and reverse without, each under the
//! `size_limit` the runtime gives it ([`SIZE_LIMIT`]); either one too large
//! refuses the pattern. Its literal shortcuts skip the NFAs only for a short
//! exact literal and, where `perf-literal` is on, a plain alternation of
//! literals: the check builds them always, so what it accepts compiles in
//! every build of the runtime.

use regex_automata::nfa::thompson::{self, WhichCaptures};
use regex_automata::util::syntax;

use super::engine::{SIZE_LIMIT, TOO_LARGE, does_not_compile};
use super::verdict::translated;

/// Why `source` cannot be a `pattern` keyword, or `None`: the reason the
/// runtime's validator gives for it (after "pattern").
pub fn problem(source: &str) -> Option<String> {
    let translated = match translated(source) {
        Ok(translated) => translated,
        Err(reason) => return Some(reason),
    };
    // `regex`'s defaults: Unicode, UTF-8, a nesting limit of 250.
    let hir = match syntax::parse_with(&translated, &syntax::Config::new()) {
        Ok(hir) => hir,
        Err(err) => return Some(does_not_compile(&err.to_string())),
    };
    let forward = thompson::Config::new()
        .utf8(true)
        .shrink(false)
        .nfa_size_limit(Some(SIZE_LIMIT))
        .which_captures(WhichCaptures::All);
    let reverse = forward
        .clone()
        .which_captures(WhichCaptures::None)
        .reverse(true);
    for config in [forward, reverse] {
        if let Err(err) = thompson::Compiler::new()
            .configure(config)
            .build_from_hir(&hir)
        {
            return Some(if err.size_limit().is_some() {
                TOO_LARGE.to_owned()
            } else {
                does_not_compile(&err.to_string())
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_what_builds() {
        assert_eq!(problem(r"^[\w.-]+@[\w-]+\.[a-z]{2,}$"), None);
        assert_eq!(problem(r"\p{L}{10}"), None);
    }

    #[test]
    fn refuses_what_does_not_build() {
        assert_eq!(problem("a{1000000}").as_deref(), Some(TOO_LARGE));
        assert_eq!(problem(r"\p{L}{1000}").as_deref(), Some(TOO_LARGE));
        // Deeper than `regex`'s nesting limit, not `regress`'s: a group and
        // its repetition are two levels.
        let nested = format!("{}a{}", "(".repeat(130), ")*".repeat(130));
        assert_eq!(
            problem(&nested).as_deref(),
            Some(
                "does not compile: exceed the maximum number of nested parentheses/brackets (250)"
            )
        );
        assert_eq!(
            problem("a(?!b)").as_deref(),
            Some("uses lookaround, which the linear-time `regex` engine does not support")
        );
    }
}
