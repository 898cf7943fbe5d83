//! Echoing what the model sent: sanitized, quoted and cut short, so a 1 MB
//! string never makes a 1 MB error line.

use serde_json::Value;

use crate::sanitize::sanitize_line;

/// The most characters of a string or key repeated back in a line.
pub(crate) const ECHO_CHARS: usize = 40;

/// Cuts `text` to at most `max` characters, marking a cut with `…` (with
/// no space before it).
pub(crate) fn truncate(text: &str, max: usize) -> String {
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

/// `text` on one line, cut short, in double quotes: `"seperator"`.
pub(crate) fn quoted(text: &str) -> String {
    if is_plain(text) {
        let mut out = String::with_capacity(text.len() + 2);
        out.push('"');
        out.push_str(text);
        out.push('"');
        return out;
    }
    // Cut before sanitizing so the work is bounded by the echo length, then
    // cut again: sanitizing only ever shortens.
    let head = match text.char_indices().nth(ECHO_CHARS * 4) {
        None => text,
        Some((end, _)) => &text[..end],
    };
    let clean = sanitize_line(head);
    let mut shown = truncate(&clean, ECHO_CHARS);
    if head.len() < text.len() && !shown.ends_with('…') {
        shown.push('…');
    }
    format!("\"{shown}\"")
}

/// Whether `text` is shown as it is: short, printable ASCII, no leading,
/// trailing or doubled space (what `sanitize_line` and [`truncate`] leave
/// unchanged).
fn is_plain(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() <= ECHO_CHARS
        && bytes.first() != Some(&b' ')
        && bytes.last() != Some(&b' ')
        && bytes.iter().all(|b| (0x20..0x7f).contains(b))
        && !bytes.windows(2).any(|pair| pair == b"  ")
}

/// A value as it appears after "got": `string "5"`, `number 500`, `object`.
pub(crate) fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => {
            let mut out = String::from("string ");
            out.push_str(&quoted(s));
            out
        }
        Value::Array(_) => "array".to_owned(),
        Value::Object(_) => "object".to_owned(),
    }
}

/// A schema constant as listed in a line: strings bare, anything else as
/// compact JSON, both sanitized and cut short.
pub(crate) fn constant(value: &Value) -> String {
    let text = match value {
        Value::String(s) => sanitize_line(s),
        other => sanitize_line(&other.to_string()),
    };
    truncate(&text, ECHO_CHARS * 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn cuts_long_text_with_an_ellipsis() {
        assert_eq!(truncate("abcdef", 3), "abc…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("ééé", 2), "éé…");
        assert_eq!(truncate("ab cd", 3), "ab…");
    }

    #[test]
    fn quotes_sanitized_and_bounded() {
        assert_eq!(quoted("seperator"), "\"seperator\"");
        assert_eq!(quoted("a\nb"), "\"a b\"");
        let long = "x".repeat(1_000_000);
        assert_eq!(quoted(&long), format!("\"{}…\"", "x".repeat(ECHO_CHARS)));
    }

    #[test]
    fn describes_each_kind() {
        assert_eq!(describe(&json!("5")), "string \"5\"");
        assert_eq!(describe(&json!(500)), "number 500");
        assert_eq!(describe(&json!(1.5)), "number 1.5");
        assert_eq!(describe(&json!(true)), "boolean true");
        assert_eq!(describe(&json!(null)), "null");
        assert_eq!(describe(&json!([1])), "array");
        assert_eq!(describe(&json!({})), "object");
    }
}
