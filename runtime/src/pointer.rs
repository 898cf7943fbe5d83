//! RFC 6901 JSON pointers, built only when a problem is reported.

use std::borrow::Cow;
use std::fmt::Write;

use crate::echo::shown;

/// One step from a parent value to a child.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// Writes `steps` as a pointer: `/point/x`, `/items/3`, `` for the root.
pub(crate) fn to_pointer(steps: &[Step<'_>]) -> String {
    let room = steps
        .iter()
        .map(|step| match step {
            Step::Key(key) => key.len() + 1,
            Step::Index(_) => 6,
        })
        .sum();
    let mut out = String::with_capacity(room);
    for step in steps {
        out.push('/');
        match step {
            Step::Key(key) => escape_into(key, &mut out),
            Step::Index(i) => {
                let _ = write!(out, "{i}");
            }
        }
    }
    out
}

/// Appends `key` with `~` as `~0` and `/` as `~1`.
pub(crate) fn escape_into(key: &str, out: &mut String) {
    if !key.bytes().any(|b| b == b'~' || b == b'/') {
        out.push_str(key);
        return;
    }
    for c in key.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// The longest pointer segment shown in a line, in characters.
const SEGMENT_CHARS: usize = 40;

/// A pointer as shown in a line: each segment on one line and cut short.
pub(crate) fn display(pointer: &str) -> Cow<'_, str> {
    let bytes = pointer.as_bytes();
    let plain = |i: usize, b: u8| {
        (0x20..0x7f).contains(&b) && !(b == b' ' && i > 0 && bytes[i - 1] == b' ')
    };
    if pointer.len() <= 200 && bytes.iter().enumerate().all(|(i, &b)| plain(i, b)) {
        return Cow::Borrowed(pointer);
    }
    let mut out = String::with_capacity(pointer.len().min(512));
    for segment in pointer.split('/').skip(1) {
        out.push('/');
        out.push_str(&shown(segment, SEGMENT_CHARS));
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_tilde_and_slash() {
        assert_eq!(
            to_pointer(&[Step::Key("a/b"), Step::Key("m~n"), Step::Index(3)]),
            "/a~1b/m~0n/3"
        );
        assert_eq!(to_pointer(&[]), "");
    }

    #[test]
    fn display_keeps_one_line() {
        assert_eq!(display("/point/x"), "/point/x");
        assert_eq!(display("/a\nb/\u{202e}c"), "/a b/c");
        let long = format!("/{}", "k".repeat(10_000));
        assert_eq!(display(&long), format!("/{}…", "k".repeat(SEGMENT_CHARS)));
    }
}
