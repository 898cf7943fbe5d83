//! `pattern`: ECMA-262 regular expressions, read with the `u` flag as JSON
//! Schema 2020-12 asks, run on the linear-time `regex` engine.
//!
//! A pattern is accepted when it is ECMA-262 syntax (the `regress` parser
//! decides), uses none of the constructs the linear-time engine cannot run
//! (lookaround, backreferences) and none that only some ECMAScript engines
//! have; it is then rewritten into `regex` syntax with the same meaning
//! ([`translate`]). Syntax of other dialects (`(?i)`, `\A`, `\z`, `(?P<..>`,
//! `[[:alpha:]]`, ...) is refused with what to write instead ([`foreign`]).

mod foreign;
mod translate;

use regex::Regex;

use translate::Refusal;

/// The largest compiled program a schema pattern may make, in bytes.
const SIZE_LIMIT: usize = 1 << 20;

/// A compiled `pattern` keyword.
#[derive(Debug, Clone)]
pub struct Pattern {
    regex: Regex,
}

impl Pattern {
    /// Compiles an ECMA-262 pattern, or says why it cannot be: the reason
    /// reads after "pattern" ("uses lookaround, which ...").
    pub fn new(source: &str) -> Result<Pattern, String> {
        // A construct refused for a reason of its own is named first, even
        // where ECMA-262 would not read it at all (`(?i)`, `\A`).
        let translated = match translate::translate(source) {
            Ok(translated) => Some(translated),
            Err(Refusal::Reason(reason)) => return Err(reason),
            Err(Refusal::Malformed) => None,
        };
        if let Err(err) = regress::Regex::with_flags(source, "u") {
            return Err(format!(
                "is not an ECMA-262 regular expression: {}",
                lowercase_first(&err.to_string())
            ));
        }
        let translated = translated.ok_or_else(|| {
            "uses a construct the linear-time `regex` engine cannot run".to_owned()
        })?;
        let regex = regex::RegexBuilder::new(&translated)
            .size_limit(SIZE_LIMIT)
            .build()
            .map_err(|err| describe_error(&err))?;
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

/// `regress`'s message in our voice: lowercase, no trailing period.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.trim_end_matches('.').chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn describe_error(err: &regex::Error) -> String {
    match err {
        regex::Error::CompiledTooBig(_) => translate::TOO_LARGE.to_owned(),
        // The first line of regex's message names the problem; the rest
        // draws the pattern with a caret, which does not fit on one line.
        other => {
            let text = other.to_string();
            let reason = text
                .lines()
                .rev()
                .find(|l| l.starts_with("error:"))
                .map_or("not a valid regular expression", |l| {
                    l.trim_start_matches("error:").trim()
                });
            format!("does not compile: {reason}")
        }
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
            refusal(r"(?<x>a)\k<x>"),
            "uses a backreference, which the linear-time `regex` engine does not support"
        );
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
