//! `sanitize_line` and `sanitize_text` on arbitrary text.
//!
//! Checks that neither panics; that `sanitize_line` leaves no control
//! character, no U+2028/U+2029, no bidi control, no double space and no
//! space at either end; that `sanitize_text` leaves no CR; and that both are
//! idempotent and never lengthen their input.

#![no_main]

use libfuzzer_sys::fuzz_target;
use toolsmith::{sanitize_line, sanitize_text};
use toolsmith_fuzz::is_bidi_control;

fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);

    let line = sanitize_line(&input);
    for c in line.chars() {
        assert!(
            !c.is_control(),
            "control U+{:04X} in {line:?}",
            u32::from(c)
        );
        assert!(
            !matches!(c, '\u{2028}' | '\u{2029}'),
            "separator U+{:04X} in {line:?}",
            u32::from(c)
        );
        assert!(
            !is_bidi_control(c),
            "bidi control U+{:04X} in {line:?}",
            u32::from(c)
        );
    }
    assert!(!line.contains("  "), "double space in {line:?}");
    assert!(
        !line.starts_with(' ') && !line.ends_with(' '),
        "untrimmed {line:?}"
    );
    assert!(
        line.len() <= input.len(),
        "line grew: {} > {}",
        line.len(),
        input.len()
    );
    assert_eq!(sanitize_line(&line), line, "sanitize_line not idempotent");

    let text = sanitize_text(&input);
    assert!(!text.contains('\r'), "CR in {text:?}");
    assert!(
        text.len() <= input.len(),
        "text grew: {} > {}",
        text.len(),
        input.len()
    );
    assert_eq!(sanitize_text(&text), text, "sanitize_text not idempotent");
});
