//! Properties shared by the fuzz targets.

/// The longest error line accepted, in bytes. Echoed values are cut to a
/// short prefix, so a line stays far below this whatever the input size.
pub const MAX_LINE_BYTES: usize = 4096;

/// `ToolInputError::MAX_ISSUES` kept lines, plus the "… and N more" line.
pub const MAX_LINES: usize = 21;

/// Bidi embeddings, overrides, isolates and marks.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// Why `line` is not a safe single line, or `None` when it is.
pub fn line_fault(line: &str) -> Option<String> {
    if line.len() >= MAX_LINE_BYTES {
        return Some(format!("line is {} bytes long", line.len()));
    }
    for c in line.chars() {
        let bad = match c {
            '\n' => "LF",
            '\r' => "CR",
            '\u{1b}' => "ESC",
            '\u{80}'..='\u{9f}' => "a C1 control",
            '\u{2028}' | '\u{2029}' => "a line or paragraph separator",
            c if is_bidi_control(c) => "a bidi control",
            c if c.is_control() => "a control character",
            _ => continue,
        };
        return Some(format!("line holds {bad} (U+{:04X})", u32::from(c)));
    }
    None
}

/// Panics unless every line is a safe single line and there are at most
/// [`MAX_LINES`] of them.
#[track_caller]
pub fn check_lines(lines: &[String]) {
    assert!(
        lines.len() <= MAX_LINES,
        "{} lines, more than {MAX_LINES}: {lines:#?}",
        lines.len()
    );
    assert!(!lines.is_empty(), "an error without a line");
    for line in lines {
        if let Some(fault) = line_fault(line) {
            panic!("{fault}: {line:?}");
        }
    }
}
