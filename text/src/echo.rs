//! Echoing what the other side sent — keys, names, strings, commands —
//! in a line: sanitized onto one line, cut short with `…`, and (for
//! [`quoted`]) in double quotes, so a 1 MB string never makes a 1 MB line
//! and no control character, escape sequence or bidi override reaches a
//! reader. The work is bounded by the length shown, not by the input's.
//!
//! Every line toolsmith writes echoes through these three functions:
//!
//! ```
//! use toolsmith_text::echo::{cut, quoted, shown};
//!
//! assert_eq!(quoted("seperator"), "\"seperator\"");
//! assert_eq!(quoted("a\u{1b}[31mb\nc"), "\"ab c\"");
//! assert_eq!(shown(&"x".repeat(1_000_000), 5), "xxxxx…");
//! assert_eq!(cut("ab cd", 3), "ab…");
//! ```

use crate::sanitize::sanitize_line;

/// The most characters of a string or key [`quoted`] repeats in a line.
pub const ECHO_CHARS: usize = 40;

/// Cuts `text` to at most `max` characters, marking a cut with `…` (spaces
/// before the cut are dropped: `ab …` reads as a word cut short, `ab…`).
/// `text` is shown as it is otherwise: cut what is already one line.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some((end, _)) => {
            let mut cut = String::with_capacity(end + '…'.len_utf8());
            cut.push_str(text[..end].trim_end_matches(' '));
            cut.push('…');
            cut
        }
    }
}

/// `text` on one line ([`sanitize_line`]), cut to at most `max`
/// characters with `…`. Only a bounded head of `text` is sanitized, so the
/// work is linear in `max` whatever the length of `text`.
pub fn shown(text: &str, max: usize) -> String {
    if is_plain(text, max) {
        return text.to_owned();
    }
    // Cut before sanitizing so the work is bounded by the echo length, then
    // cut again: sanitizing only ever shortens (at most an escape sequence
    // or a control character per kept character).
    let head = match text.char_indices().nth(max.saturating_mul(4).max(16)) {
        None => text,
        Some((end, _)) => &text[..end],
    };
    let clean = sanitize_line(head);
    let mut shown = cut(&clean, max);
    if head.len() < text.len() && !shown.ends_with('…') {
        shown.push('…');
    }
    shown
}

/// `text` on one line, cut to [`ECHO_CHARS`] characters, in double quotes:
/// `"seperator"`.
pub fn quoted(text: &str) -> String {
    quoted_within(text, ECHO_CHARS)
}

/// `text` on one line, cut to `max` characters, in double quotes.
pub fn quoted_within(text: &str, max: usize) -> String {
    // A plain key or value (most of them) is copied once, quotes and all.
    let plain;
    let shown = if is_plain(text, max) {
        text
    } else {
        plain = shown(text, max);
        plain.as_str()
    };
    let mut out = String::with_capacity(shown.len() + 2);
    out.push('"');
    out.push_str(shown);
    out.push('"');
    out
}

/// Whether `text` is shown as it is: at most `max` bytes of printable
/// ASCII, no leading, trailing or doubled space (what `sanitize_line` and
/// [`cut`] leave unchanged).
fn is_plain(text: &str, max: usize) -> bool {
    let bytes = text.as_bytes();
    bytes.len() <= max
        && bytes.first() != Some(&b' ')
        && bytes.last() != Some(&b' ')
        && bytes.iter().all(|b| (0x20..0x7f).contains(b))
        && !bytes.windows(2).any(|pair| pair == b"  ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_long_text_with_an_ellipsis() {
        assert_eq!(cut("abcdef", 3), "abc…");
        assert_eq!(cut("abc", 3), "abc");
        assert_eq!(cut("ééé", 2), "éé…");
        assert_eq!(cut("ab cd", 3), "ab…");
    }

    #[test]
    fn quotes_sanitized_and_bounded() {
        assert_eq!(quoted("seperator"), "\"seperator\"");
        assert_eq!(quoted("a\nb"), "\"a b\"");
        let long = "x".repeat(1_000_000);
        assert_eq!(quoted(&long), format!("\"{}…\"", "x".repeat(ECHO_CHARS)));
    }
}
