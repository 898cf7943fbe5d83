//! Constructs of other regex dialects (Rust `regex`, PCRE, Python, POSIX)
//! that ECMA-262 does not have or reads differently, each with what to
//! write instead. Hosts read `pattern` as ECMA-262, so a pattern must mean
//! there what it means to us.

/// The escapes ECMA-262 allows before a punctuation character, with the
/// `u` flag: the syntax characters and `/`.
const ESCAPABLE: &str = r"^$\.*+?()[]{}|/";

/// An escape `\c` (the backslash already read) that ECMA-262 does not have.
pub(super) fn escape(c: char, in_class: bool) -> String {
    let hint = match c {
        'A' => return "uses `\\A`, which ECMA-262 does not have; write `^`, which matches only at the start".to_owned(),
        'z' => {
            return "uses `\\z`, which ECMA-262 does not have; write `$`, which matches only at the very end".to_owned();
        }
        'Z' => {
            return "uses `\\Z`, which ECMA-262 does not have; write `$`, which matches only at the very end, or `\\n?$` to allow a final line break".to_owned();
        }
        'Q' | 'E' => {
            return format!(
                "uses `\\Q...\\E` quoting, which ECMA-262 does not have; put `\\` before each of {ESCAPABLE} instead"
            );
        }
        'h' => "write the characters as a class, e.g. `[ \\t]`",
        'a' => "write `\\x07`",
        'e' => "write `\\x1B`",
        'U' => "write a code point as `\\u{1F600}`",
        '<' | '>' => "write `\\b`",
        '1'..='9' if in_class => "write `\\xHH` for a character code, or the digit itself",
        '-' => {
            return "uses `\\-` outside a class, which ECMA-262 does not allow with the `u` flag; write `-`".to_owned();
        }
        'B' | 'k' if in_class => "remove the `\\`",
        c if c.is_ascii_alphanumeric() => {
            return format!("uses the escape `\\{c}`, which ECMA-262 does not have");
        }
        c if c.is_ascii_graphic() => {
            return format!(
                "uses the escape `\\{c}`, which ECMA-262 does not allow with the `u` flag; write `{c}` (`\\` goes only before one of {ESCAPABLE})"
            );
        }
        c if !c.is_control() && !c.is_whitespace() => {
            return format!(
                "uses the escape `\\{c}`, which ECMA-262 does not allow with the `u` flag; write `{c}`"
            );
        }
        c => {
            return format!(
                "puts `\\` before U+{:04X}, which ECMA-262 does not allow with the `u` flag; remove the `\\`",
                c as u32
            );
        }
    };
    let place = if in_class { " inside a class" } else { "" };
    format!("uses the escape `\\{c}`{place}, which ECMA-262 does not have; {hint}")
}

/// `\x{41}`: Rust `regex` and PCRE syntax for a code point.
pub(super) const BRACED_HEX: &str =
    "uses `\\x{...}`, which ECMA-262 does not have; write `\\u{...}` (e.g. `\\u{41}`) or `\\xHH`";

/// `\b{start}` and friends: Rust `regex` word-boundary forms.
pub(super) const BOUNDARY_BRACES: &str =
    "uses `\\b{...}`, which ECMA-262 does not have; write `\\b`";

/// `\012`: an octal escape, Annex B only (not with the `u` flag).
pub(super) const OCTAL: &str = "uses an octal escape, which ECMA-262 does not allow with the `u` flag; write `\\xHH` (e.g. `\\x0A`)";

/// `\pL`: a one-letter property without braces.
pub(super) fn bare_property(p: char, next: Option<char>) -> String {
    match next {
        Some(letter) if letter.is_ascii_alphabetic() => {
            format!("uses `\\{p}{letter}`, which ECMA-262 does not have; write `\\{p}{{{letter}}}`")
        }
        _ => format!(
            "uses `\\{p}` without a property, which ECMA-262 does not have; write `\\{p}{{L}}` or the like"
        ),
    }
}

/// `\p{Greek}`, `\p{letter}`: a property name ECMA-262 does not define.
pub(super) fn property(p: char, name: &str, is_script: bool) -> String {
    if is_script {
        format!(
            "uses `\\{p}{{{name}}}`, which ECMA-262 does not have: a script is written `\\{p}{{Script={name}}}`"
        )
    } else {
        format!(
            "uses `\\{p}{{{name}}}`, which is not an ECMA-262 property (names are exact and case-sensitive); write e.g. `\\p{{L}}`, `\\p{{Letter}}` or `\\p{{Script=Latin}}`"
        )
    }
}

/// A property ECMA-262 knows but the `regex` tables do not.
pub(super) fn unknown_to_engine(p: char, name: &str) -> String {
    format!(
        "uses `\\{p}{{{name}}}`, which the linear-time `regex` engine does not know; write the characters as a class"
    )
}

/// `[[:alpha:]]`: a POSIX class, which ECMA-262 reads as the characters
/// `[`, `:`, `a`, ... followed by a stray `]`.
pub(super) fn posix(name: &str, negated: bool) -> String {
    let instead = match name {
        "alpha" => "`A-Za-z`",
        "digit" => "`0-9`",
        "alnum" => "`A-Za-z0-9`",
        "upper" => "`A-Z`",
        "lower" => "`a-z`",
        "space" => "`\\s`",
        "word" => "`\\w`",
        "xdigit" => "`0-9A-Fa-f`",
        "blank" => "`\\t `",
        "cntrl" => "`\\x00-\\x1F\\x7F`",
        "punct" => "`!-\\/:-@\\[-`{-~`",
        "graph" => "`!-~`",
        "print" => "` -~`",
        _ => "`\\x00-\\x7F`",
    };
    if negated {
        let instead = instead.trim_matches('`');
        format!(
            "uses the POSIX class `[:^{name}:]`, which ECMA-262 does not have; write a negated class such as `[^{instead}]`"
        )
    } else {
        format!(
            "uses the POSIX class `[:{name}:]`, which ECMA-262 does not have; write {instead} inside the brackets"
        )
    }
}

/// The POSIX class names, as Rust `regex` and PCRE know them.
pub(super) const POSIX_NAMES: [&str; 14] = [
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

/// `a*+`: a possessive quantifier.
pub(super) fn possessive(quantifier: &str) -> String {
    format!(
        "uses the possessive quantifier `{quantifier}+`, which ECMA-262 does not have; write `{quantifier}`"
    )
}

/// `(?i)`, `(?-s)`: an inline flag group.
pub(super) fn inline_flags(flags: &str) -> String {
    format!(
        "uses the inline flag `(?{flags})`, which ECMA-262 does not have and JSON Schema patterns cannot set; {}",
        flag_hint(flags)
    )
}

/// `(?i:...)`: a modifier group, new in ECMAScript 2025 and unknown to most
/// hosts' engines.
pub(super) fn modifier_group(flags: &str) -> String {
    format!(
        "uses the flag group `(?{flags}:...)`, which most ECMA-262 engines do not have (it is new in ECMAScript 2025); {}",
        flag_hint(flags)
    )
}

fn flag_hint(flags: &str) -> &'static str {
    if flags.contains('i') {
        "spell out both cases instead, e.g. `[Aa]`"
    } else if flags.contains('s') {
        "write `[^]` for any character, line breaks included"
    } else if flags.contains('m') {
        "match the line break itself, e.g. `\\n`"
    } else if flags.contains('x') {
        "remove the spaces and comments"
    } else {
        "remove it"
    }
}

/// `(?P<name>...)`, `(?P=name)`, `(?P>name)`: Python and PCRE groups.
pub(super) fn python_group(kind: Option<char>, name: &str) -> String {
    match kind {
        Some('<') => format!("uses `(?P<{name}>...)`, which ECMA-262 writes `(?<{name}>...)`"),
        Some('=') => super::reason::BACKREFERENCE.to_owned(),
        _ => "uses `(?P...)`, which ECMA-262 does not have; its groups are `(...)`, `(?:...)` and `(?<name>...)`".to_owned(),
    }
}

/// `(?#...)`: a comment group.
pub(super) const COMMENT: &str =
    "uses the comment group `(?#...)`, which ECMA-262 does not have; remove it";

/// `(?>...)`: an atomic group.
pub(super) const ATOMIC: &str =
    "uses the atomic group `(?>...)`, which ECMA-262 does not have; write `(?:...)`";

/// `(?|...)`, `(?R)`, `(?1)`, ...: any other group syntax.
pub(super) fn group(c: char) -> String {
    let shown = if c.is_ascii_graphic() {
        c.to_string()
    } else {
        "...".to_owned()
    };
    format!(
        "uses the group `(?{shown}`, which ECMA-262 does not have; its groups are `(...)`, `(?:...)` and `(?<name>...)`"
    )
}

/// `(?<a>x)|(?<a>y)`: one group name twice, which ECMAScript allowed only in
/// 2025 and most engines refuse.
pub(super) fn duplicate_name(name: &str) -> String {
    format!(
        "names two groups `{name}`, which most ECMA-262 engines refuse; rename one or write `(?:...)`"
    )
}
