//! ECMA-262 syntax, read with the `u` flag, rewritten token by token into
//! `regex` syntax with the same meaning. Nothing is copied through for
//! `regex` to read its own way: literals become `\x{..}` (or stay letters
//! and digits), classes become code point ranges, `\d \w \s .` become
//! ECMA-262's sets, `\b` becomes ASCII, groups become `(?:..)`.
//!
//! The scan also finds what is refused for a reason of its own: syntax of
//! other dialects (`foreign`), lookaround and backreferences. What
//! it cannot read is [`Refusal::Malformed`], and the ECMA-262 parser says
//! why.

use std::fmt::Write;

use super::engine::TOO_LARGE;
use super::foreign;
use super::reason::{BACKREFERENCE, LOOKAROUND, QUANTIFIED_ASSERTION};

/// Why a pattern has no translation.
#[derive(Debug, PartialEq)]
pub(super) enum Refusal {
    /// Refused for the reason given: another dialect's syntax, lookaround,
    /// a backreference.
    Reason(String),
    /// Not ECMA-262 syntax; the ECMA-262 parser says why.
    Malformed,
}

type Step<T> = Result<T, Refusal>;

/// ECMA-262 `\d`.
const DIGIT: &[(u32, u32)] = &[(0x30, 0x39)];
/// ECMA-262 `\w` (ASCII: the pattern has no `i` flag).
const WORD: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];
/// ECMA-262 `\s`: WhiteSpace (the `Zs` category, tab, vertical tab, form
/// feed, U+FEFF) and LineTerminator.
const SPACE: &[(u32, u32)] = &[
    (0x09, 0x0D),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];
/// ECMA-262 `.`: any code point but a LineTerminator.
const DOT: &str = r"[^\n\r\x{2028}\x{2029}]";
/// `[^]`: any code point.
const ANY: &str = r"(?s:.)";
/// `[]`: nothing. Also a lone surrogate, which no JSON string holds.
const NOTHING: &str = r"[^\x{0}-\x{10FFFF}]";
const SURROGATES: (u32, u32) = (0xD800, 0xDFFF);
const MAX: u32 = 0x10FFFF;

/// Rewrites an ECMA-262 pattern (read with the `u` flag) into `regex`
/// syntax with the same meaning.
pub(super) fn translate(source: &str) -> Step<String> {
    let mut translator = Translator {
        chars: source.chars().collect(),
        at: 0,
        out: String::with_capacity(source.len() * 2),
        names: Vec::new(),
        properties: Vec::new(),
        after_assertion: false,
    };
    translator.pattern()?;
    Ok(translator.out)
}

struct Translator {
    chars: Vec<char>,
    at: usize,
    out: String,
    /// Group names seen so far.
    names: Vec<String>,
    /// Property names already checked, each checked once however often
    /// the pattern repeats it.
    properties: Vec<String>,
    /// The last token was `^`, `$`, `\b` or `\B`.
    after_assertion: bool,
}

/// One item of a class: a code point, or a set of them.
enum ClassAtom {
    Char(u32),
    Ranges(Vec<(u32, u32)>),
    /// A `\p{..}` or `\P{..}` in `regex` syntax.
    Property(String),
}

impl Translator {
    fn peek(&self) -> Option<char> {
        self.peek_at(0)
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.at + n).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek();
        if c.is_some() {
            self.at += 1;
        }
        c
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.at += 1;
        }
        found
    }

    /// Characters up to (not including) `end`, consuming `end`; `None` when
    /// `end` never comes.
    fn until(&mut self, end: char) -> Option<String> {
        let len = self.chars[self.at..].iter().position(|&c| c == end)?;
        let text = self.chars[self.at..self.at + len].iter().collect();
        self.at += len + 1;
        Some(text)
    }

    fn pattern(&mut self) -> Step<()> {
        while let Some(c) = self.bump() {
            let after_assertion = std::mem::replace(&mut self.after_assertion, false);
            if after_assertion && matches!(c, '*' | '+' | '?' | '{') {
                return Err(Refusal::Reason(QUANTIFIED_ASSERTION.to_owned()));
            }
            match c {
                '\\' => self.escape()?,
                '[' => {
                    let class = self.class()?;
                    self.out.push_str(&class);
                }
                '(' => self.group()?,
                ')' | '|' => self.out.push(c),
                '^' | '$' => {
                    self.out.push(c);
                    self.after_assertion = true;
                }
                '.' => self.out.push_str(DOT),
                '*' | '+' | '?' => {
                    self.out.push(c);
                    self.quantifier_suffix(&c.to_string())?;
                }
                '{' => self.braced_quantifier()?,
                '}' | ']' => return Err(Refusal::Malformed),
                c => literal(&mut self.out, c as u32),
            }
        }
        Ok(())
    }

    /// `{n}`, `{n,}`, `{n,m}` (the `{` read).
    fn braced_quantifier(&mut self) -> Step<()> {
        let body = self.until('}').ok_or(Refusal::Malformed)?;
        let (min, max) = body.split_once(',').unwrap_or((&body, "0"));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if min.is_empty() || !digits(min) || !digits(max) {
            return Err(Refusal::Malformed);
        }
        // ECMA-262 counts up to 2^53 - 1; `regex` reads a `u32`, and no
        // program that large compiles anyway.
        if [min, max]
            .iter()
            .any(|n| n.parse::<u32>().is_err() && !n.is_empty())
        {
            return Err(Refusal::Reason(TOO_LARGE.to_owned()));
        }
        let quantifier = format!("{{{body}}}");
        self.out.push_str(&quantifier);
        self.quantifier_suffix(&quantifier)
    }

    /// A lazy `?` is kept; a possessive `+` is refused.
    fn quantifier_suffix(&mut self, quantifier: &str) -> Step<()> {
        if self.peek() == Some('+') {
            return Err(Refusal::Reason(foreign::possessive(quantifier)));
        }
        if self.eat('?') {
            self.out.push('?');
        }
        Ok(())
    }

    /// `(`, `(?:`, `(?<name>` and everything else that starts with `(`.
    fn group(&mut self) -> Step<()> {
        if !self.eat('?') {
            self.out.push_str("(?:");
            return Ok(());
        }
        match self.peek() {
            Some(':') => {
                self.at += 1;
                self.out.push_str("(?:");
                Ok(())
            }
            Some('=' | '!') => Err(Refusal::Reason(LOOKAROUND.to_owned())),
            Some('<') if matches!(self.peek_at(1), Some('=' | '!')) => {
                Err(Refusal::Reason(LOOKAROUND.to_owned()))
            }
            Some('<') => {
                self.at += 1;
                let name = self.until('>').ok_or(Refusal::Malformed)?;
                if self.names.contains(&name) {
                    return Err(Refusal::Reason(foreign::duplicate_name(&shown_name(&name))));
                }
                self.names.push(name);
                self.out.push_str("(?:");
                Ok(())
            }
            Some('P') => {
                self.at += 1;
                let kind = self.bump();
                let name = self
                    .until('>')
                    .or_else(|| self.until(')'))
                    .unwrap_or_default();
                Err(Refusal::Reason(foreign::python_group(
                    kind,
                    &shown_name(&name),
                )))
            }
            Some('#') => Err(Refusal::Reason(foreign::COMMENT.to_owned())),
            Some('>') => Err(Refusal::Reason(foreign::ATOMIC.to_owned())),
            Some(c) => {
                // The flag letters of Rust `regex`, PCRE, Python and .NET.
                let flags: String = self.chars[self.at..]
                    .iter()
                    .take_while(|c| "imsxuUnJLa-".contains(**c))
                    .collect();
                let after = self.peek_at(flags.len());
                let shown: String = flags.chars().take(12).collect();
                match after {
                    _ if flags.is_empty() => Err(Refusal::Reason(foreign::group(c))),
                    Some(')') => Err(Refusal::Reason(foreign::inline_flags(&shown))),
                    Some(':') => Err(Refusal::Reason(foreign::modifier_group(&shown))),
                    _ => Err(Refusal::Reason(foreign::group(c))),
                }
            }
            None => Err(Refusal::Malformed),
        }
    }

    /// An escape outside a class (the `\` read).
    fn escape(&mut self) -> Step<()> {
        let c = self.bump().ok_or(Refusal::Malformed)?;
        match c {
            'd' | 'D' | 'w' | 'W' | 's' | 'S' => {
                let (set, negated) = class_escape(c);
                let class = emit_class(negated, set.to_vec(), String::new());
                self.out.push_str(&class);
            }
            'b' | 'B' => {
                if self.peek() == Some('{') {
                    return Err(Refusal::Reason(foreign::BOUNDARY_BRACES.to_owned()));
                }
                // ECMA-262's word boundary is ASCII (no `i` flag).
                self.out
                    .push_str(if c == 'b' { r"(?-u:\b)" } else { r"(?-u:\B)" });
                self.after_assertion = true;
            }
            'p' | 'P' => {
                let property = self.property(c)?;
                self.out.push_str(&property);
            }
            '1'..='9' | 'k' => return Err(Refusal::Reason(BACKREFERENCE.to_owned())),
            c => {
                let code = self.character_escape(c, false)?;
                literal(&mut self.out, code);
            }
        }
        Ok(())
    }

    /// The escapes that stand for one code point: `\f \n \r \t \v`, `\cX`,
    /// `\0`, `\xHH`, `\uHHHH` (surrogate pairs joined), `\u{H..}`, and `\`
    /// before a syntax character or `/` (or `-` in a class).
    fn character_escape(&mut self, c: char, in_class: bool) -> Step<u32> {
        Ok(match c {
            'f' => 0x0C,
            'n' => 0x0A,
            'r' => 0x0D,
            't' => 0x09,
            'v' => 0x0B,
            'c' => match self.peek() {
                Some(letter) if letter.is_ascii_alphabetic() => {
                    self.at += 1;
                    letter as u32 % 32
                }
                _ => return Err(Refusal::Malformed),
            },
            '0' if self.peek().is_some_and(|d| d.is_ascii_digit()) => {
                return Err(Refusal::Reason(foreign::OCTAL.to_owned()));
            }
            '0' => 0,
            'x' if self.peek() == Some('{') => {
                return Err(Refusal::Reason(foreign::BRACED_HEX.to_owned()));
            }
            'x' => self.hex(2)?,
            'u' => self.unicode_escape()?,
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => c as u32,
            '-' if in_class => c as u32,
            'p' | 'P' => {
                return Err(Refusal::Reason(foreign::bare_property(c, self.peek())));
            }
            c => return Err(Refusal::Reason(foreign::escape(c, in_class))),
        })
    }

    /// `n` hex digits.
    fn hex(&mut self, n: usize) -> Step<u32> {
        let digits: String = self
            .chars
            .get(self.at..self.at + n)
            .ok_or(Refusal::Malformed)?
            .iter()
            .collect();
        let value = u32::from_str_radix(&digits, 16).map_err(|_| Refusal::Malformed)?;
        if !digits.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(Refusal::Malformed);
        }
        self.at += n;
        Ok(value)
    }

    /// After `\u`: `HHHH` (a surrogate pair `\uHHHH\uHHHH` is one code
    /// point, as with the `u` flag) or `{H..}`.
    fn unicode_escape(&mut self) -> Step<u32> {
        if self.eat('{') {
            let body = self.until('}').ok_or(Refusal::Malformed)?;
            if body.is_empty() || !body.chars().all(|c| c.is_ascii_hexdigit()) {
                return Err(Refusal::Malformed);
            }
            // Any number of leading zeros; at most six digits after them.
            let digits = body.trim_start_matches('0');
            if digits.len() > 6 {
                return Err(Refusal::Malformed);
            }
            let value = u32::from_str_radix(digits, 16).unwrap_or(0);
            return if value <= MAX {
                Ok(value)
            } else {
                Err(Refusal::Malformed)
            };
        }
        let unit = self.hex(4)?;
        if (0xD800..0xDC00).contains(&unit)
            && self.peek() == Some('\\')
            && self.peek_at(1) == Some('u')
        {
            let back = self.at;
            self.at += 2;
            match self.hex(4) {
                Ok(low) if (0xDC00..0xE000).contains(&low) => {
                    return Ok(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
                }
                _ => self.at = back,
            }
        }
        Ok(unit)
    }

    /// After `\p` or `\P`: `{Name}` or `{Name=Value}`, as ECMA-262 spells
    /// them, in `regex` syntax.
    fn property(&mut self, p: char) -> Step<String> {
        if !self.eat('{') {
            return Err(Refusal::Reason(foreign::bare_property(p, self.peek())));
        }
        let name = self.until('}').ok_or(Refusal::Malformed)?;
        if name.is_empty()
            || name.len() > 64
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '=')
        {
            return Err(Refusal::Malformed);
        }
        let property = format!("\\{p}{{{name}}}");
        if self.properties.contains(&name) {
            return Ok(property);
        }
        let ecma = |name: &str| super::ecma::ecma_refusal(&format!("\\p{{{name}}}")).is_none();
        if !ecma(&name) {
            let is_script = !name.contains('=') && ecma(&format!("Script={name}"));
            return Err(Refusal::Reason(foreign::property(p, &name, is_script)));
        }
        if regex_syntax::Parser::new().parse(&property).is_err() {
            return Err(Refusal::Reason(foreign::unknown_to_engine(p, &name)));
        }
        self.properties.push(name);
        Ok(property)
    }

    /// A class (the `[` read), as code point ranges.
    fn class(&mut self) -> Step<String> {
        let negated = self.eat('^');
        let mut ranges = Vec::new();
        let mut properties = String::new();
        loop {
            let c = self.bump().ok_or(Refusal::Malformed)?;
            if c == ']' {
                break;
            }
            let first = self.class_atom(c)?;
            if self.peek() == Some('-') && self.peek_at(1).is_some_and(|c| c != ']') {
                self.at += 1;
                let c = self.bump().ok_or(Refusal::Malformed)?;
                match (first, self.class_atom(c)?) {
                    (ClassAtom::Char(low), ClassAtom::Char(high)) if low <= high => {
                        ranges.push((low, high));
                    }
                    _ => return Err(Refusal::Malformed),
                }
                continue;
            }
            match first {
                ClassAtom::Char(c) => ranges.push((c, c)),
                ClassAtom::Ranges(set) => ranges.extend(set),
                ClassAtom::Property(property) => properties.push_str(&property),
            }
        }
        Ok(emit_class(negated, ranges, properties))
    }

    /// One item of a class, `c` read.
    fn class_atom(&mut self, c: char) -> Step<ClassAtom> {
        match c {
            '\\' => {
                let c = self.bump().ok_or(Refusal::Malformed)?;
                match c {
                    // In a class, `\b` is the backspace.
                    'b' => Ok(ClassAtom::Char(0x08)),
                    'd' | 'D' | 'w' | 'W' | 's' | 'S' => {
                        let (set, negated) = class_escape(c);
                        Ok(ClassAtom::Ranges(if negated {
                            complement(set)
                        } else {
                            set.to_vec()
                        }))
                    }
                    'p' | 'P' => Ok(ClassAtom::Property(self.property(c)?)),
                    c => Ok(ClassAtom::Char(self.character_escape(c, true)?)),
                }
            }
            '[' if self.peek() == Some(':') => match self.posix() {
                Some(reason) => Err(Refusal::Reason(reason)),
                None => Ok(ClassAtom::Char('[' as u32)),
            },
            c => Ok(ClassAtom::Char(c as u32)),
        }
    }

    /// `[:alpha:]` inside a class (the `[` read), which ECMA-262 reads as
    /// the characters `[ : a l p h` and a stray `]`.
    fn posix(&self) -> Option<String> {
        let rest = &self.chars[self.at + 1..];
        let negated = rest.first() == Some(&'^');
        let rest = &rest[usize::from(negated)..];
        let len = rest.iter().position(|c| !c.is_ascii_lowercase())?;
        let name: String = rest[..len].iter().collect();
        let closed = rest.get(len) == Some(&':') && rest.get(len + 1) == Some(&']');
        (closed && foreign::POSIX_NAMES.contains(&name.as_str()))
            .then(|| foreign::posix(&name, negated))
    }
}

/// The set of `\d \D \w \W \s \S`, and whether it is negated.
fn class_escape(c: char) -> (&'static [(u32, u32)], bool) {
    match c {
        'd' => (DIGIT, false),
        'D' => (DIGIT, true),
        'w' => (WORD, false),
        'W' => (WORD, true),
        's' => (SPACE, false),
        _ => (SPACE, true),
    }
}

/// The code points outside `set` (sorted, disjoint).
fn complement(set: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::with_capacity(set.len() + 1);
    let mut next = 0;
    for &(low, high) in set {
        if low > next {
            out.push((next, low - 1));
        }
        next = high + 1;
    }
    if next <= MAX {
        out.push((next, MAX));
    }
    out
}

/// A class in `regex` syntax. Surrogates are left out: no JSON string holds
/// one, and `regex` cannot name them.
fn emit_class(negated: bool, ranges: Vec<(u32, u32)>, properties: String) -> String {
    let mut body = String::new();
    for (low, high) in ranges {
        let (s_low, s_high) = SURROGATES;
        let parts = [(low, high.min(s_low - 1)), (low.max(s_high + 1), high)];
        for (low, high) in parts {
            if low > high {
                continue;
            }
            if low == high {
                let _ = write!(body, "\\x{{{low:X}}}");
            } else {
                let _ = write!(body, "\\x{{{low:X}}}-\\x{{{high:X}}}");
            }
        }
    }
    if body.is_empty() && properties.is_empty() {
        return if negated { ANY } else { NOTHING }.to_owned();
    }
    let caret = if negated { "^" } else { "" };
    format!("[{caret}{body}{properties}]")
}

/// One code point, outside a class.
fn literal(out: &mut String, code: u32) {
    match char::from_u32(code) {
        None => out.push_str(NOTHING),
        Some(c) if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
        Some(c) if c.is_ascii() => {
            let _ = write!(out, "\\x{{{code:X}}}");
        }
        Some(c) => out.push(c),
    }
}

/// A group name as messages show it: only plain identifiers are echoed.
fn shown_name(name: &str) -> String {
    let plain = !name.is_empty()
        && name.len() <= 32
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if plain {
        name.to_owned()
    } else {
        "name".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(source: &str) -> String {
        translate(source).unwrap_or_else(|err| panic!("{source}: {err:?}"))
    }

    #[test]
    fn rewrites_into_regex_syntax() {
        assert_eq!(ok(r"^a\d$"), r"^a[\x{30}-\x{39}]$");
        assert_eq!(ok(r"a.b"), r"a[^\n\r\x{2028}\x{2029}]b");
        assert_eq!(ok(r"\bx\B"), r"(?-u:\b)x(?-u:\B)");
        assert_eq!(ok(r"(a)(?:b)(?<n>c)"), r"(?:a)(?:b)(?:c)");
        assert_eq!(ok(r"a{2,3}?b+"), r"a{2,3}?b+");
        assert_eq!(ok(r"\cC\0\x41\u0042\u{43}\/"), r"\x{3}\x{0}ABC\x{2F}");
        assert_eq!(ok(r"\uD83D\uDE00"), "😀");
        assert_eq!(ok(r"[\b\-a-c]"), r"[\x{8}\x{2D}\x{61}-\x{63}]");
        assert_eq!(ok(r"[^]"), ANY);
        assert_eq!(ok(r"[]"), NOTHING);
        assert_eq!(ok(r"[\uD800-\uDFFF]"), NOTHING);
        assert_eq!(ok(r"[^\uD800-\uDFFF]"), ANY);
        assert_eq!(ok(r"[[a&&b]"), r"[\x{5B}\x{61}\x{26}\x{26}\x{62}]");
        assert_eq!(
            ok(r"[\p{L}\D]"),
            r"[\x{0}-\x{2F}\x{3A}-\x{D7FF}\x{E000}-\x{10FFFF}\p{L}]"
        );
        assert_eq!(ok(r"\P{Script=Greek}"), r"\P{Script=Greek}");
        assert_eq!(ok(r"\u{00000000041}"), "A");
    }

    #[test]
    fn complement_covers_the_rest() {
        assert_eq!(complement(DIGIT), [(0, 0x2F), (0x3A, MAX)]);
        assert_eq!(complement(&[(0, 5), (7, MAX)]), [(6, 6)]);
    }
}
