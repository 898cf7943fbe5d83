//! `pattern`: ECMA-262 regular expressions run on the linear-time `regex`
//! engine. The few classes whose meaning differs between the two are
//! rewritten to ECMA's; constructs `regex` lacks (lookaround,
//! backreferences) are refused when the schema is compiled.

use regex::Regex;

/// ECMA-262 `\s`: WhiteSpace and LineTerminator.
const ECMA_SPACE: &str =
    r"\t\n\x0B\x0C\r \xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF";
const ECMA_DIGIT: &str = "0-9";
const ECMA_WORD: &str = "0-9A-Za-z_";

/// The largest compiled program a schema pattern may make, in bytes.
const SIZE_LIMIT: usize = 1 << 20;

/// A compiled `pattern` keyword.
#[derive(Debug, Clone)]
pub struct Pattern {
    source: String,
    regex: Regex,
}

impl Pattern {
    /// Compiles an ECMA-262 pattern, or says why it cannot be.
    pub fn new(source: &str) -> Result<Pattern, String> {
        let regex = regex::RegexBuilder::new(&translate(source))
            .size_limit(SIZE_LIMIT)
            .build()
            .map_err(|err| describe_error(source, &err))?;
        Ok(Pattern {
            source: source.to_owned(),
            regex,
        })
    }

    /// The pattern as the schema wrote it.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Whether the pattern matches anywhere in `text` (patterns are unanchored).
    pub fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text)
    }
}

fn describe_error(source: &str, err: &regex::Error) -> String {
    if source.contains("(?=")
        || source.contains("(?!")
        || source.contains("(?<=")
        || source.contains("(?<!")
    {
        return "uses lookaround, which the linear-time `regex` engine does not support".to_owned();
    }
    if has_backreference(source) {
        return "uses a backreference, which the linear-time `regex` engine does not support"
            .to_owned();
    }
    match err {
        regex::Error::CompiledTooBig(_) => "is too large to compile".to_owned(),
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

fn has_backreference(source: &str) -> bool {
    let bytes = source.as_bytes();
    bytes.windows(2).enumerate().any(|(i, w)| {
        w[0] == b'\\' && matches!(w[1], b'1'..=b'9' | b'k') && (i == 0 || bytes[i - 1] != b'\\')
    })
}

/// Rewrites the ECMA classes `\d \D \w \W \s \S` and `.` into `regex`
/// syntax with ECMA's meaning (ASCII digits and word characters, ECMA's
/// white space, `.` stopping at every line terminator).
pub(crate) fn translate(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 16);
    let mut in_class = false;
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let Some(next) = chars.next() else {
                    out.push('\\');
                    break;
                };
                let (set, negated) = match next {
                    'd' => (ECMA_DIGIT, false),
                    'D' => (ECMA_DIGIT, true),
                    'w' => (ECMA_WORD, false),
                    'W' => (ECMA_WORD, true),
                    's' => (ECMA_SPACE, false),
                    'S' => (ECMA_SPACE, true),
                    other => {
                        out.push('\\');
                        out.push(other);
                        continue;
                    }
                };
                match (in_class, negated) {
                    (true, false) => out.push_str(set),
                    _ => {
                        out.push_str(if negated { "[^" } else { "[" });
                        out.push_str(set);
                        out.push(']');
                    }
                }
            }
            '[' if !in_class => {
                in_class = true;
                out.push('[');
                // A leading `]` or `^]` is literal in neither dialect the same
                // way; copy the negation so the class keeps its sense.
                if chars.as_str().starts_with('^') {
                    out.push('^');
                    chars.next();
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            '[' if in_class => out.push_str(r"\["),
            '.' if !in_class => out.push_str(r"[^\n\r\u2028\u2029]"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn unanchored() {
        assert!(Pattern::new("b").unwrap().is_match("abc"));
    }

    #[test]
    fn refuses_lookaround_and_backreferences() {
        assert_eq!(
            Pattern::new("a(?=b)").unwrap_err(),
            "uses lookaround, which the linear-time `regex` engine does not support"
        );
        assert_eq!(
            Pattern::new(r"(a)\1").unwrap_err(),
            "uses a backreference, which the linear-time `regex` engine does not support"
        );
        assert!(
            Pattern::new("(")
                .unwrap_err()
                .starts_with("does not compile: ")
        );
    }
}
