//! `pattern`: ECMA-262 regular expressions, read with the `u` flag as JSON
//! Schema 2020-12 asks, run on the linear-time `regex` engine.
//!
//! Whether a pattern is accepted, and its rewriting into `regex` syntax
//! with the same meaning, is the verdict `toolsmith-schema-rules` gives,
//! the one the macros give at compile time; here the translation is
//! compiled and run.

use regex::Regex;
use toolsmith_schema_rules::pattern::{SIZE_LIMIT, TOO_LARGE, does_not_compile, translated};

/// A compiled `pattern` keyword.
#[derive(Debug, Clone)]
pub struct Pattern {
    regex: Regex,
}

impl Pattern {
    /// Compiles an ECMA-262 pattern, or says why it cannot be: the reason
    /// reads after "pattern" ("uses lookaround, which ...").
    pub fn new(source: &str) -> Result<Pattern, String> {
        let translated = translated(source)?;
        let regex = regex::RegexBuilder::new(&translated)
            .size_limit(SIZE_LIMIT)
            .build()
            .map_err(|err| match err {
                regex::Error::CompiledTooBig(_) => TOO_LARGE.to_owned(),
                other => does_not_compile(&other.to_string()),
            })?;
        Ok(Pattern { regex })
    }

    /// The pattern as the linear-time engine runs it (`regex` syntax).
    pub fn translated(&self) -> &str {
        self.regex.as_str()
    }

    /// Whether the pattern matches anywhere in `text` (patterns are unanchored).
    pub fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(source: &str) -> String {
        Pattern::new(source).expect_err(source)
    }

    #[test]
    fn classes_take_ecma_meaning() {
        let digit = Pattern::new(r"^\d$").unwrap();
        assert!(digit.is_match("7"));
        assert!(!digit.is_match("٧"));
        let word = Pattern::new(r"^\w+$").unwrap();
        assert!(!word.is_match("é"));
        let space = Pattern::new(r"^\s$").unwrap();
        assert!(space.is_match("\u{FEFF}"));
        assert!(!space.is_match("\u{85}"));
        let nonspace = Pattern::new(r"\S").unwrap();
        assert!(!nonspace.is_match("  "));
        assert!(nonspace.is_match(" x "));
        let class = Pattern::new(r"^[\d_]+$").unwrap();
        assert!(class.is_match("1_2"));
        let negated = Pattern::new(r"^[^\s]+$").unwrap();
        assert!(negated.is_match("ab"));
        assert!(!negated.is_match("a b"));
        let dot = Pattern::new("^.$").unwrap();
        assert!(!dot.is_match("\r"));
        assert!(dot.is_match("😀"));
        // An ASCII word boundary: between `a` and `é`, not before `é` alone.
        let boundary = Pattern::new(r"\bé").unwrap();
        assert!(boundary.is_match("aé"));
        assert!(!boundary.is_match("é"));
    }

    #[test]
    fn unanchored() {
        assert!(Pattern::new("b").unwrap().is_match("abc"));
    }

    #[test]
    fn dollar_matches_only_at_the_very_end() {
        let pattern = Pattern::new("^abc$").unwrap();
        assert!(pattern.is_match("abc"));
        assert!(!pattern.is_match("abc\n"));
    }

    #[test]
    fn refuses_what_ecma_cannot_read() {
        assert_eq!(
            refusal("("),
            "is not an ECMA-262 regular expression: unbalanced parenthesis"
        );
        assert_eq!(
            refusal("a{2,1}"),
            "is not an ECMA-262 regular expression: invalid quantifier"
        );
        assert_eq!(refusal("a{99999999999999}"), "is too large to compile");
        assert_eq!(refusal("a{1000000}"), "is too large to compile");
    }

    #[test]
    fn case_insensitive_flags_are_refused() {
        assert_eq!(
            refusal("(?i)^abc$"),
            "uses the inline flag `(?i)`, which ECMA-262 does not have and JSON Schema patterns cannot set; spell out both cases instead, e.g. `[Aa]`"
        );
        assert_eq!(
            refusal("^(?i:abc)$"),
            "uses the flag group `(?i:...)`, which most ECMA-262 engines do not have (it is new in ECMAScript 2025); spell out both cases instead, e.g. `[Aa]`"
        );
        assert!(!Pattern::new("^abc$").unwrap().is_match("ABC"));
    }
}
