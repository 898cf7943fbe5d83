//! Sanitizing text that came from outside before it is shown to a model, a
//! log or a terminal.
//!
//! Two entry points:
//!
//! - [`sanitize_line`] keeps text on one line. Error lines quote what the
//!   model sent through it, so a value can never start a new line, hide text
//!   behind a bidi override or carry a terminal escape sequence.
//! - [`sanitize_text`] keeps line structure (newlines, tabs, indentation) and
//!   removes the same hazards, for multi-line text such as descriptions.
//!
//! ```
//! use toolsmith_runtime::{sanitize_line, sanitize_text};
//!
//! assert_eq!(sanitize_line("  \x1b[31mred\x1b[0m\r\nalert\u{202E}  "), "red alert");
//! assert_eq!(sanitize_text("a\r\n\tb\x07\r\n"), "a\n\tb\n");
//! ```
//!
//! # What is removed
//!
//! - **Escape sequences**, dropped whole: CSI (`ESC [` or U+009B, parameter
//!   bytes, final byte), OSC (`ESC ]` or U+009D, up to BEL or ST), DCS, SOS,
//!   PM and APC (`ESC P`/`X`/`^`/`_` or U+0090/U+0098/U+009E/U+009F, up to
//!   ST), and the short `ESC` forms (intermediate bytes 0x20–0x2F, then one
//!   final byte). ST is `ESC \` or U+009C. A sequence cut off by the end of
//!   the input is dropped to the end. As in terminals, an `ESC` inside a
//!   sequence ends it and starts the next one, and CAN or SUB cancels it; a
//!   CSI or short sequence broken by a byte that cannot appear in it (a
//!   control, a non-ASCII character) ends there and that byte is read as
//!   ordinary text, so a stray `ESC [` cannot swallow a paragraph.
//! - **Controls** (general category Cc: C0, DEL, C1).
//! - **Invisible format characters** (general category Cf, see
//!   `is_invisible_format`): bidi embeddings, overrides, isolates and marks,
//!   zero-width characters, the byte order mark, soft hyphen, invisible
//!   operators, interlinear annotation, tag characters.
//!
//! Line breaks (LF, CR, CRLF, VT, FF, NEL, U+2028, U+2029) and tabs become a
//! space in [`sanitize_line`]; in [`sanitize_text`] breaks become `\n` and
//! tabs stay.
//!
//! # Cost
//!
//! Both functions read each byte once: an escape sequence is skipped by a
//! forward scan that never goes back, so hostile input (megabytes of
//! unterminated `ESC ]`, endless `ESC [`) stays linear. The output is never
//! longer than the input and is built in one allocation of the input's
//! length. Text that needs no change costs one block-at-a-time scan and one
//! copy: `copy_clean` tests 128 bytes per step with byte-wise operations
//! the compiler maps to SIMD compares, and only the characters it stops at
//! are decoded and classified.

/// Keeps text on one line: escape sequences and invisible characters are
/// removed, line breaks and tabs become spaces, runs of spaces collapse into
/// one and both ends are trimmed.
///
/// Removed: terminal escape sequences (CSI, OSC, DCS, SOS, PM, APC, in their
/// `ESC` and 8-bit C1 forms, and short `ESC x` sequences; an unterminated
/// one is dropped to the end of the input), control characters and the
/// invisible format characters listed in the module docs — including ZWJ and
/// ZWNJ, unlike [`sanitize_text`]. Turned into a space: tab, LF, VT, FF, CR,
/// NEL, U+2028 and U+2029. Only the ASCII space collapses and is trimmed;
/// other spaces such as U+00A0 are ordinary characters.
///
/// The result never contains a control character, never starts or ends with
/// a space and never holds two spaces in a row, and
/// `sanitize_line(&sanitize_line(x)) == sanitize_line(x)`. It is never longer
/// than the input; the time is linear in the input and the function never
/// panics.
///
/// ```
/// use toolsmith_runtime::sanitize_line;
///
/// assert_eq!(sanitize_line("first\nsecond\tthird   fourth "), "first second third fourth");
/// assert_eq!(sanitize_line("\x1b]0;new title\x07done"), "done");
/// assert_eq!(sanitize_line("admin\u{202E}txt.exe"), "admintxt.exe");
/// ```
pub fn sanitize_line(input: &str) -> String {
    let mut out = OneLine::with_capacity(input.len());
    let mut at = 0;
    loop {
        at = out.copy_clean(input, at);
        if at == input.len() {
            break;
        }
        let (found, end) = examine(input, at);
        match found {
            Found::Char => out.text.push_str(&input[at..end]),
            Found::Space | Found::Spaces | Found::Tab | Found::Break => out.push_space(),
            Found::Escape | Found::Control | Found::Format | Found::Joiner => {}
        }
        at = end;
    }
    out.finish()
}

/// Keeps line structure: escape sequences and invisible characters are
/// removed, every line break becomes `\n`, tabs and spaces stay as they are.
///
/// Removed: terminal escape sequences (as in [`sanitize_line`]), control
/// characters other than `\n` and `\t`, and the invisible format characters
/// listed in the module docs except ZWJ U+200D and ZWNJ U+200C, which emoji
/// sequences and words in Persian and other scripts need. Turned into `\n`:
/// CRLF, lone CR, VT, FF, NEL, U+2028 and U+2029 — every character Unicode
/// treats as a mandatory line break. Spaces are not collapsed and lines are
/// not trimmed, so indentation and trailing spaces survive unchanged.
///
/// The result contains no control character other than `\n` and `\t`, and
/// `sanitize_text(&sanitize_text(x)) == sanitize_text(x)`. It is never
/// longer than the input; the time is linear in the input and the function
/// never panics.
///
/// ```
/// use toolsmith_runtime::sanitize_text;
///
/// assert_eq!(sanitize_text("fn main() {\r\n    run();\r\n}"), "fn main() {\n    run();\n}");
/// assert_eq!(sanitize_text("\x1b[1mbold\x1b[0m\u{2028}next"), "bold\nnext");
/// assert_eq!(sanitize_text("👩\u{200D}💻 می\u{200C}خواهم"), "👩\u{200D}💻 می\u{200C}خواهم");
/// ```
pub fn sanitize_text(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut at = 0;
    loop {
        at = copy_clean(&mut out, input, at, text_attention);
        if at == input.len() {
            break;
        }
        let (found, end) = examine(input, at);
        match found {
            Found::Char | Found::Space | Found::Spaces | Found::Tab | Found::Joiner => {
                out.push_str(&input[at..end]);
            }
            Found::Break => out.push('\n'),
            Found::Escape | Found::Control | Found::Format => {}
        }
        at = end;
    }
    out
}

/// Output of [`sanitize_line`]: spaces are written only where they are
/// neither leading nor doubled, and [`Self::finish`] trims the one that may
/// end the text.
struct OneLine {
    text: String,
}

impl OneLine {
    fn with_capacity(capacity: usize) -> Self {
        OneLine {
            text: String::with_capacity(capacity),
        }
    }

    /// Whether a space written now would be leading or doubled.
    fn space_unwanted(&self) -> bool {
        self.text.is_empty() || self.text.ends_with(' ')
    }

    /// Copies the clean text at `from` (see [`copy_clean`]) and returns
    /// where it stops. Clean text never holds two spaces in a row, so only
    /// spaces at its very start can collide with the text written before.
    fn copy_clean(&mut self, input: &str, from: usize) -> usize {
        let from = if self.space_unwanted() {
            skip_spaces(input.as_bytes(), from)
        } else {
            from
        };
        copy_clean(&mut self.text, input, from, line_attention)
    }

    fn push_space(&mut self) {
        if !self.space_unwanted() {
            self.text.push(' ');
        }
    }

    fn finish(mut self) -> String {
        if self.text.ends_with(' ') {
            self.text.pop();
        }
        self.text
    }
}

/// Whether [`sanitize_line`] must look at byte `b`, followed by `next`:
/// anything outside printable ASCII, and the first of two spaces.
#[inline(always)]
fn line_attention(b: u8, next: u8) -> bool {
    // Written for the vectorizer: two operations per test.
    let outside = outside_printable_ascii(b);
    // Two spaces: the larger of the pair is a space only if both are spaces
    // or one is a control, which is flagged anyway.
    let spaces = b.max(next) == b' ';
    outside | spaces
}

/// Whether [`sanitize_text`] must look at byte `b`: anything outside
/// printable ASCII except the newline and the tab, which it keeps.
#[inline(always)]
fn text_attention(b: u8, _next: u8) -> bool {
    outside_printable_ascii(b) & (b != b'\n') & (b != b'\t')
}

/// Whether `b` is outside `' '..='~'`. Adding one wraps exactly those bytes
/// onto 0x00–0x20 and 0x80–0xFF, which are below 0x21 as signed bytes: two
/// vector operations, where a range test takes three.
#[inline(always)]
fn outside_printable_ascii(b: u8) -> bool {
    (b.wrapping_add(1) as i8) < 0x21
}

/// Appends `input[from..stop]` to `out`, where `stop` is the first index at
/// or after `from` whose byte `attention` flags (it is passed the byte and
/// the one after it, or 0 at the end), or the end of the input; returns
/// `stop`.
///
/// This is the hot loop: on text that needs no change, it is all the
/// sanitizers do. Blocks of 128 bytes are tested with no branch inside,
/// which the compiler turns into SIMD compares (SSE2 is part of every
/// x86-64, NEON of every aarch64), and a clean block is copied as one
/// fixed-size move: under one instruction per byte, where a byte-at-a-time
/// loop with early exits costs four or five and a separate copy more. The
/// block holding a flagged byte is narrowed down 16 bytes at a time, then
/// byte by byte.
#[inline(always)]
fn copy_clean(
    out: &mut String,
    input: &str,
    from: usize,
    attention: impl Fn(u8, u8) -> bool + Copy,
) -> usize {
    let bytes = input.as_bytes();
    // Flagged bytes often come in a row (non-ASCII text, escape sequences):
    // answer those without setting up a block.
    match bytes.get(from) {
        Some(&b) if attention(b, bytes.get(from + 1).copied().unwrap_or(0)) => return from,
        None => return from,
        Some(_) => {}
    }
    let at = copy_clean_blocks::<128>(out, input, from, attention);
    let at = copy_clean_blocks::<16>(out, input, at, attention);
    let next = |k: usize| bytes.get(k + 1).copied().unwrap_or(0);
    let stop = (at..bytes.len())
        .find(|&k| attention(bytes[k], next(k)))
        .unwrap_or(bytes.len());
    out.push_str(&input[at..stop]);
    stop
}

/// Copies clean blocks of `N` bytes from `from` onto `out` and returns where
/// the first block that is not clean, or too short, starts.
#[inline(always)]
fn copy_clean_blocks<const N: usize>(
    out: &mut String,
    input: &str,
    from: usize,
    attention: impl Fn(u8, u8) -> bool,
) -> usize {
    let bytes = input.as_bytes();
    let mut at = from;
    // A block also reads the byte after it, for the pair test.
    while let Some(after) = bytes.get(at + 1..at + N + 1) {
        let block = &bytes[at..at + N];
        // `|` rather than `||` and no early exit: a branch-free reduction
        // is what the compiler can vectorize.
        let flagged = block
            .iter()
            .zip(after)
            .fold(false, |any, (&b, &n)| any | attention(b, n));
        if flagged {
            break;
        }
        // The block is printable ASCII, so both ends are char boundaries.
        out.push_str(&input[at..at + N]);
        at += N;
    }
    at
}

/// What [`copy_clean`] stopped at, as far as both sanitizers care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Found {
    /// An ordinary character, kept by both.
    Char,
    /// A single space.
    Space,
    /// A run of two or more spaces.
    Spaces,
    Tab,
    /// A line break: LF, CR, CRLF, VT, FF, NEL, U+2028 or U+2029.
    Break,
    /// An escape sequence, or an introducer with nothing valid after it.
    Escape,
    /// Any other control character.
    Control,
    /// An invisible format character other than ZWJ and ZWNJ.
    Format,
    /// ZWJ U+200D or ZWNJ U+200C.
    Joiner,
}

/// Classifies the text starting at `at` and returns it with the index just
/// past it.
///
/// `at` is always a character boundary: the scan stops only at ASCII bytes
/// or at the first byte of a non-ASCII character (it stops at every byte
/// with the high bit set, and starts on a boundary), and every end returned
/// here is a boundary too — escape sequences end at an ASCII byte, after the
/// two bytes of U+009C, or at the end of the input.
fn examine(input: &str, at: usize) -> (Found, usize) {
    let bytes = input.as_bytes();
    let next = at + 1;
    match bytes[at] {
        b' ' => match bytes.get(next) {
            Some(b' ') => (Found::Spaces, skip_spaces(bytes, next)),
            _ => (Found::Space, next),
        },
        b'\t' => (Found::Tab, next),
        b'\r' if bytes.get(next) == Some(&b'\n') => (Found::Break, next + 1),
        b'\n' | b'\r' | VT | FF => (Found::Break, next),
        ESC => (Found::Escape, skip_escape(bytes, next)),
        0..=0x7F => (Found::Control, next),
        // Most characters cannot be one of those handled below, and their
        // first byte says so: skip them without decoding.
        lead if is_plain_lead(lead) => (Found::Char, at + utf8_len(lead)),
        _ => {
            let Some(c) = input[at..].chars().next() else {
                return (Found::Char, bytes.len());
            };
            let next = at + c.len_utf8();
            match c {
                C1_CSI => return (Found::Escape, skip_csi(bytes, next)),
                C1_OSC => return (Found::Escape, skip_string(bytes, next, BEL_ENDS)),
                C1_DCS | C1_SOS | C1_PM | C1_APC => {
                    return (Found::Escape, skip_string(bytes, next, ONLY_ST_ENDS));
                }
                _ => {}
            }
            let found = classify(c);
            (found, next)
        }
    }
}

/// Classifies a non-ASCII character that is not an escape introducer.
fn classify(c: char) -> Found {
    match c {
        '\u{85}' | '\u{2028}' | '\u{2029}' => Found::Break,
        '\u{200C}' | '\u{200D}' => Found::Joiner,
        c if c.is_control() => Found::Control,
        c if is_invisible_format(c) => Found::Format,
        _ => Found::Char,
    }
}

/// Whether every character starting with this UTF-8 lead byte is an
/// ordinary character for [`examine`]. The others start the characters it
/// looks at: 0xC2 (C1 controls, soft hyphen), 0xD8 (U+061C), 0xE1
/// (U+180E), 0xE2 (U+2000–U+2FFF: spaces, separators, bidi controls), 0xEF
/// (U+FEFF, U+FFF9–U+FFFB), 0xF0 (U+13430, U+1BCA0, U+1D173 blocks), 0xF3
/// (tag characters). A test checks this against [`classify`] for every
/// character.
fn is_plain_lead(lead: u8) -> bool {
    matches!(lead, 0xC3..=0xD7 | 0xD9..=0xDF | 0xE0 | 0xE3..=0xEE | 0xF1 | 0xF2 | 0xF4)
}

fn utf8_len(lead: u8) -> usize {
    match lead {
        0..=0x7F => 1,
        0x80..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// Invisible format characters, removed by both sanitizers (ZWJ and ZWNJ
/// only by [`sanitize_line`]).
///
/// This is general category Cf as of Unicode 16, minus the prepended
/// concatenation marks (U+0600–U+0605, U+06DD, U+070F, U+0890–U+0891,
/// U+08E2, U+110BD, U+110CD): those draw a visible sign around the digits
/// that follow, hide nothing, and removing them would change the number
/// shown. Unassigned code points inside the ranges below (U+2065, most of
/// the tag block) are removed with their neighbours, so that a later Unicode
/// version assigning them cannot slip an invisible character through.
fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'                       // soft hyphen
        | '\u{061C}'                     // Arabic letter mark
        | '\u{180E}'                     // Mongolian vowel separator
        | '\u{200B}'..='\u{200F}'        // zero-width space, ZWNJ, ZWJ, LRM, RLM
        | '\u{202A}'..='\u{202E}'        // bidi embeddings, pop, overrides
        | '\u{2060}'..='\u{206F}'        // word joiner, invisible operators,
                                         // bidi isolates, deprecated controls
        | '\u{FEFF}'                     // zero-width no-break space, byte order mark
        | '\u{FFF9}'..='\u{FFFB}'        // interlinear annotation
        | '\u{13430}'..='\u{1343F}'      // Egyptian hieroglyph format controls
        | '\u{1BCA0}'..='\u{1BCA3}'      // shorthand format controls
        | '\u{1D173}'..='\u{1D17A}'      // musical beam and phrase controls
        | '\u{E0000}'..='\u{E007F}' // tag characters
    )
}

const BEL: u8 = 0x07;
const VT: u8 = 0x0B;
const FF: u8 = 0x0C;
const CAN: u8 = 0x18;
const SUB: u8 = 0x1A;
const ESC: u8 = 0x1B;

const C1_DCS: char = '\u{90}';
const C1_SOS: char = '\u{98}';
const C1_CSI: char = '\u{9B}';
/// String terminator, also written `ESC \`.
const C1_ST: char = '\u{9C}';
const C1_OSC: char = '\u{9D}';
const C1_PM: char = '\u{9E}';
const C1_APC: char = '\u{9F}';

/// Whether BEL ends a control string, as it does an OSC in xterm and its
/// descendants, or only ST does.
const BEL_ENDS: bool = true;
const ONLY_ST_ENDS: bool = false;

fn skip_spaces(bytes: &[u8], from: usize) -> usize {
    let run = bytes.get(from..).unwrap_or_default();
    from + run.iter().take_while(|&&b| b == b' ').count()
}

/// Skips what follows an `ESC` at `from`; returns the index just past the
/// sequence.
fn skip_escape(bytes: &[u8], from: usize) -> usize {
    match bytes.get(from) {
        Some(b'[') => skip_csi(bytes, from + 1),
        Some(b']') => skip_string(bytes, from + 1, BEL_ENDS),
        Some(b'P' | b'X' | b'^' | b'_') => skip_string(bytes, from + 1, ONLY_ST_ENDS),
        // ESC, intermediate bytes, one final byte: `ESC c`, `ESC ( B`.
        _ => {
            let end = skip_while(bytes, from, |b| (0x20..=0x2F).contains(&b));
            match bytes.get(end) {
                Some(0x30..=0x7E) => end + 1,
                _ => end,
            }
        }
    }
}

/// Skips the body of a CSI starting at `from`: parameter and intermediate
/// bytes (0x20–0x3F), then the final byte (0x40–0x7E).
fn skip_csi(bytes: &[u8], from: usize) -> usize {
    let end = skip_while(bytes, from, |b| (0x20..=0x3F).contains(&b));
    match bytes.get(end) {
        Some(0x40..=0x7E) => end + 1,
        // Cut off by the end of the input, or broken by a byte that cannot
        // be part of a CSI, which is then read as ordinary text.
        _ => end,
    }
}

/// Skips the body of a control string (OSC, DCS, SOS, PM, APC) starting at
/// `from`, up to and including its terminator: ST (`ESC \` or U+009C), or BEL
/// if `bel_ends`. Without a terminator the string runs to the end of the
/// input. An `ESC` not followed by `\` ends it without being consumed (the
/// next sequence starts there), and CAN or SUB ends it the way a terminal
/// cancels it; both are then handled as ordinary input.
fn skip_string(bytes: &[u8], from: usize, bel_ends: bool) -> usize {
    let mut st = [0; 2];
    let st = C1_ST.encode_utf8(&mut st).as_bytes();
    let mut at = from;
    while let Some(&b) = bytes.get(at) {
        match b {
            BEL if bel_ends => return at + 1,
            ESC if bytes.get(at + 1) == Some(&b'\\') => return at + 2,
            ESC | CAN | SUB => return at,
            // 0xC2 only ever starts a character, so this is U+009C itself.
            _ if bytes[at..].starts_with(st) => return at + st.len(),
            _ => at += 1,
        }
    }
    at
}

fn skip_while(bytes: &[u8], from: usize, keep_going: impl Fn(u8) -> bool) -> usize {
    let rest = bytes.get(from..).unwrap_or_default();
    from + rest.iter().take_while(|&&b| keep_going(b)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn line(input: &str, expected: &str) {
        assert_eq!(sanitize_line(input), expected, "sanitize_line({input:?})");
    }

    #[track_caller]
    fn text(input: &str, expected: &str) {
        assert_eq!(sanitize_text(input), expected, "sanitize_text({input:?})");
    }

    #[test]
    fn plain_text_is_unchanged() {
        line("", "");
        line("hello, world", "hello, world");
        line("a", "a");
        line("über 東京 👍", "über 東京 👍");
        text("", "");
        text(
            "  indented\n\tand tabbed  \n",
            "  indented\n\tand tabbed  \n",
        );
        let long = "The quick brown fox jumps over the lazy dog. ".repeat(20);
        line(&long, long.trim_end());
        text(&long, &long);
    }

    #[test]
    fn line_collapses_and_trims_spaces() {
        line("  a  b   c    ", "a b c");
        line("    ", "");
        line(" x", "x");
        line("x ", "x");
        // A double space straddling a scan block.
        line(
            "0123456789abcde  fghijklmnopqrstu",
            "0123456789abcde fghijklmnopqrstu",
        );
        line(
            &format!("{}  {}", "a".repeat(15), "b".repeat(20)),
            &format!("{} {}", "a".repeat(15), "b".repeat(20)),
        );
        line(
            &format!("{}  {}", "a".repeat(16), "b".repeat(20)),
            &format!("{} {}", "a".repeat(16), "b".repeat(20)),
        );
    }

    #[test]
    fn line_turns_breaks_and_tabs_into_one_space() {
        line("a\nb", "a b");
        line("a\r\nb", "a b");
        line("a\rb", "a b");
        line("a\tb", "a b");
        line("a\x0bb\x0cc", "a b c");
        line("a\u{85}b", "a b");
        line("a\u{2028}b\u{2029}c", "a b c");
        line("a \n\t \r\n b", "a b");
        line("\n\nab\n\n", "ab");
    }

    #[test]
    fn controls_are_dropped() {
        line("a\0b\x01c\x7fd", "abcd");
        line("a\u{80}b\u{9a}c", "abc");
        line("bell\x07", "bell");
        line("a \x00 b", "a b");
        text("a\0b\x7fc\u{8f}d", "abcd");
        text("\x08\x08\x08secret", "secret");
    }

    #[test]
    fn invisible_format_characters_are_dropped() {
        line("a\u{AD}b", "ab");
        line("a\u{200B}b\u{FEFF}c\u{2060}d", "abcd");
        line("user\u{202E}gnp.exe", "usergnp.exe");
        line("\u{2066}a\u{2067}b\u{2068}c\u{2069}", "abc");
        line("a\u{200E}b\u{200F}c\u{061C}d", "abcd");
        line("a\u{FFF9}b\u{FFFA}c\u{FFFB}", "abc");
        line("flag\u{E0067}\u{E0062}\u{E007F}", "flag");
        line("a \u{200B} b", "a b");
        text("a\u{202E}b\u{2066}c\u{E0001}", "abc");
        // Prepended concatenation marks are visible and stay.
        line("\u{0600}123", "\u{0600}123");
    }

    #[test]
    fn joiners_stay_in_text_only() {
        line("👩\u{200D}💻", "👩💻");
        line("می\u{200C}خواهم", "میخواهم");
        text("👩\u{200D}💻", "👩\u{200D}💻");
        text("می\u{200C}خواهم", "می\u{200C}خواهم");
    }

    #[test]
    fn csi_sequences_are_stripped() {
        line("\x1b[31mred\x1b[0m", "red");
        line("\x1b[1;2;3;4;5Hmoved", "moved");
        line("\x1b[?25lhidden", "hidden");
        line("a\x1b[2Jb", "ab");
        line("\u{9b}31mred", "red");
        // Broken by a control or a non-ASCII character: ends there.
        line("\x1b[12\nnext", "next");
        line("\x1b[12énext", "énext");
        // Cut off by the end of the input.
        line("text\x1b[12;3", "text");
        text("a\x1b[1m\n\x1b[0mb", "a\nb");
    }

    #[test]
    fn osc_and_other_strings_are_stripped() {
        line("\x1b]0;title\x07after", "after");
        line("\x1b]0;title\x1b\\after", "after");
        line(
            "\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\",
            "link",
        );
        line("\u{9d}0;title\u{9c}after", "after");
        line("\x1bPdevice control\x1b\\after", "after");
        line("\u{90}dcs\u{9c}after", "after");
        line("\x1bXsos\x1b\\a\x1b^pm\x1b\\b\x1b_apc\x1b\\c", "abc");
        // BEL ends only an OSC.
        line("\x1bPq\x07still inside\x1b\\out", "out");
        // Unterminated: dropped to the end.
        line("before\x1b]0;title with no end", "before");
        line("before\u{9d}no end", "before");
        // An ESC inside a string ends it and starts the next sequence.
        line("\x1b]0;t\x1b[31mred", "red");
        // CAN cancels a string.
        line("\x1b]0;t\x18after", "after");
        text("\x1b]0;multi\nline\x07x", "x");
    }

    #[test]
    fn short_escapes_are_stripped() {
        line("\x1bcreset", "reset");
        line("\x1b(Bascii", "ascii");
        line("\x1b#8x", "x");
        line("a\x1b", "a");
        line("a\x1b\nb", "a b");
        line("a\x1bé", "aé");
        line("\x1b\x1b[0mx", "x");
    }

    #[test]
    fn text_turns_every_break_into_newline() {
        text("a\r\nb\rc\nd", "a\nb\nc\nd");
        text("a\r\r\nb", "a\n\nb");
        text("a\x0bb\x0cc\u{85}d\u{2028}e\u{2029}f", "a\nb\nc\nd\ne\nf");
        text("\r\n", "\n");
        text("a\r\x00\nb", "a\n\nb");
    }

    #[test]
    fn plain_lead_bytes_start_only_ordinary_characters() {
        for c in '\u{80}'..=char::MAX {
            let lead = c.to_string().as_bytes()[0];
            assert_eq!(utf8_len(lead), c.len_utf8(), "U+{:04X}", u32::from(c));
            if is_plain_lead(lead) {
                assert_eq!(classify(c), Found::Char, "U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn hostile_input_stays_small() {
        assert_eq!(sanitize_line(&"\x1b]".repeat(10_000)), "");
        assert_eq!(sanitize_line(&"\x1b[".repeat(10_000)), "");
        assert_eq!(sanitize_text(&"\u{9b}\u{9d}".repeat(10_000)), "");
        assert_eq!(sanitize_line(&" ".repeat(10_000)), "");
    }

    #[test]
    fn output_is_idempotent() {
        for input in [
            "a\x1b\u{200B}[31mb",
            "\x1b \x1b  x",
            "\r\u{200B}\n",
            "  a \u{AD} b  ",
            "\u{9b}\u{9b}m",
        ] {
            let once = sanitize_line(input);
            assert_eq!(sanitize_line(&once), once, "line {input:?}");
            let once = sanitize_text(input);
            assert_eq!(sanitize_text(&once), once, "text {input:?}");
        }
    }
}
