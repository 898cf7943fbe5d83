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
//! # extern crate toolsmith_text as toolsmith;
//! use toolsmith::{sanitize_line, sanitize_text};
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
//! - **The other default-ignorable code points** (Unicode's
//!   `Default_Ignorable_Code_Point`, see `is_ignorable_filler`), which
//!   render as nothing and so can carry a message no reader sees: the
//!   combining grapheme joiner, the Hangul fillers, the Khmer inherent
//!   vowels, the reserved U+FFF0–U+FFF8 and U+E0080–U+E0FFF, and the
//!   variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF, the Mongolian
//!   free variation selectors) but one right after a character that takes
//!   it (see `takes_selector`): at most one after an emoji or other
//!   non-ASCII character, a digit, `#` or `*` (`❤\u{FE0F}`, keycaps); an
//!   ideographic one after a CJK ideograph; a Mongolian one after a
//!   Mongolian letter. So `ok` followed by a byte per variation selector
//!   reads as `ok`, and text can hide at most one selector per visible
//!   character that takes one.
//!
//! Line breaks (LF, CR, CRLF, VT, FF, NEL, U+2028, U+2029) and tabs become a
//! space in [`sanitize_line`]; in [`sanitize_text`] breaks become `\n` and
//! tabs stay. The Braille blank U+2800, a space that no sanitizer would
//! otherwise collapse or trim, becomes an ASCII space in both.
//!
//! # Cost
//!
//! Both functions read each byte once: an escape sequence is skipped by a
//! forward scan that never goes back, so hostile input (megabytes of
//! unterminated `ESC ]`, endless `ESC [`) stays linear, and a run of
//! sequences of one kind is scanned as one. The output is never longer than
//! the input and is built in one allocation of the input's length. Kept
//! text is not copied as it is read but in one piece when something after it
//! is dropped or replaced, so text that needs no change costs one
//! block-at-a-time scan and one copy: `find_stop` tests 64 bytes per step
//! with byte-wise operations the compiler maps to SIMD compares, and only
//! the characters it stops at are examined — ASCII controls, and the few
//! UTF-8 lead bytes (or lead and second byte) that start a character that
//! may need a change.

/// Keeps text on one line: escape sequences and invisible characters are
/// removed, line breaks and tabs become spaces, runs of spaces collapse into
/// one and both ends are trimmed.
///
/// Removed: terminal escape sequences (CSI, OSC, DCS, SOS, PM, APC, in their
/// `ESC` and 8-bit C1 forms, and short `ESC x` sequences; an unterminated
/// one is dropped to the end of the input), control characters and the
/// invisible format characters and default-ignorable code points listed in
/// the module docs — including ZWJ and ZWNJ, unlike [`sanitize_text`] — but
/// a variation selector right after a character that takes it. Turned into
/// a space: tab, LF, VT, FF, CR, NEL, U+2028, U+2029 and the Braille blank
/// U+2800. Only the ASCII space collapses and is trimmed;
/// other spaces such as U+00A0 are ordinary characters.
///
/// The result never contains a control character, never starts or ends with
/// a space and never holds two spaces in a row, and
/// `sanitize_line(&sanitize_line(x)) == sanitize_line(x)`. It is never longer
/// than the input; the time is linear in the input and the function never
/// panics.
///
/// ```
/// # extern crate toolsmith_text as toolsmith;
/// use toolsmith::sanitize_line;
///
/// assert_eq!(sanitize_line("first\nsecond\tthird   fourth "), "first second third fourth");
/// assert_eq!(sanitize_line("\x1b]0;new title\x07done"), "done");
/// assert_eq!(sanitize_line("admin\u{202E}txt.exe"), "admintxt.exe");
/// // A message in variation selectors is dropped; an emoji keeps its own.
/// assert_eq!(sanitize_line("ok\u{E0148}\u{E0149}\u{FE01}"), "ok");
/// assert_eq!(sanitize_line("\u{2764}\u{FE0F}"), "\u{2764}\u{FE0F}");
/// ```
pub fn sanitize_line(input: &str) -> String {
    let bytes = input.as_bytes();
    let mut out = Output::new(input);
    let mut at = 0;
    loop {
        // Spaces here would lead the line or follow a space.
        if bytes.get(at) == Some(&b' ') && out.space_unwanted(at) {
            let end = skip_spaces(bytes, at);
            out.cut(at, end);
            at = end;
        }
        at = find_stop(bytes, at, line_attention, line_stop);
        if at == bytes.len() {
            break;
        }
        let (found, end) = examine(input, at);
        match found {
            Found::Char => {}
            Found::Selector if out.keeps_before(at) => {}
            Found::Space | Found::Spaces | Found::Tab | Found::Break | Found::Blank => {
                if out.space_unwanted(at) {
                    out.cut(at, end);
                } else if bytes[at] == b' ' {
                    // Keep the first space where it is.
                    if end > at + 1 {
                        out.cut(at + 1, end);
                    }
                } else {
                    out.replace(at, end, " ");
                }
            }
            Found::Escape | Found::Control | Found::Format | Found::Joiner | Found::Selector => {
                out.cut(at, end)
            }
        }
        at = end;
    }
    let mut text = out.finish();
    if text.ends_with(' ') {
        text.pop();
    }
    text
}

/// Keeps line structure: escape sequences and invisible characters are
/// removed, every line break becomes `\n`, tabs and spaces stay as they are.
///
/// Removed: terminal escape sequences (as in [`sanitize_line`]), control
/// characters other than `\n` and `\t`, and the invisible format characters
/// and default-ignorable code points listed in the module docs except ZWJ
/// U+200D and ZWNJ U+200C, which emoji sequences and words in Persian and
/// other scripts need, and a variation selector right after a character
/// that takes it. The Braille blank U+2800 becomes a space. Turned into `\n`:
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
/// # extern crate toolsmith_text as toolsmith;
/// use toolsmith::sanitize_text;
///
/// assert_eq!(sanitize_text("fn main() {\r\n    run();\r\n}"), "fn main() {\n    run();\n}");
/// assert_eq!(sanitize_text("\x1b[1mbold\x1b[0m\u{2028}next"), "bold\nnext");
/// assert_eq!(sanitize_text("👩\u{200D}💻 می\u{200C}خواهم"), "👩\u{200D}💻 می\u{200C}خواهم");
/// ```
pub fn sanitize_text(input: &str) -> String {
    let bytes = input.as_bytes();
    let mut out = Output::new(input);
    let mut at = 0;
    loop {
        at = find_stop(bytes, at, text_attention, text_stop);
        if at == bytes.len() {
            break;
        }
        let (found, end) = examine(input, at);
        match found {
            Found::Char | Found::Space | Found::Spaces | Found::Tab | Found::Joiner => {}
            Found::Selector if out.keeps_before(at) => {}
            // CRLF: the LF stays where it is.
            Found::Break if end == at + 2 && bytes[at] == b'\r' => out.cut(at, at + 1),
            Found::Break => out.replace(at, end, "\n"),
            Found::Blank => out.replace(at, end, " "),
            Found::Escape | Found::Control | Found::Format | Found::Selector => out.cut(at, end),
        }
        at = end;
    }
    out.finish()
}

/// See [`Output::cut`].
const COPY_PIECE: usize = 2048;

/// The output being built from the input: what is kept is not copied when
/// it is read, but in one piece when something before it must change (a
/// character dropped or replaced) or at the end. Text that needs no change
/// is copied once, whole; a run of kept non-ASCII characters costs no more
/// than ASCII.
struct Output<'a> {
    input: &'a str,
    text: String,
    /// Start of the input kept but not copied yet; it runs up to the
    /// position the caller is at.
    kept_from: usize,
}

impl<'a> Output<'a> {
    fn new(input: &'a str) -> Self {
        Output {
            input,
            text: String::with_capacity(input.len()),
            kept_from: 0,
        }
    }

    /// Drops `input[at..resume]`: copies what was kept before `at`, and
    /// keeps from `resume` on. Both are character boundaries.
    #[inline]
    fn cut(&mut self, at: usize, resume: usize) {
        let from = self.kept_from;
        if at > from + COPY_PIECE {
            self.copy_long(from, at);
        } else if at > from {
            self.text.push_str(&self.input[from..at]);
        }
        self.kept_from = resume;
    }

    /// Copies a long run of kept input in pieces of a few KB, which
    /// `memcpy` copies with a vector loop. Above that it switches to
    /// `rep movsb`, which runs no faster and counts one instruction per
    /// byte under callgrind, where the benchmarks measure.
    #[inline(never)]
    fn copy_long(&mut self, mut from: usize, to: usize) {
        while from < to {
            let mut end = to.min(from + COPY_PIECE);
            while !self.input.is_char_boundary(end) {
                end -= 1;
            }
            self.text.push_str(&self.input[from..end]);
            from = end;
        }
    }

    /// Writes `with` in place of `input[at..resume]`.
    #[inline]
    fn replace(&mut self, at: usize, resume: usize, with: &str) {
        self.cut(at, resume);
        self.text.push_str(with);
    }

    /// Whether the character right before `at` is kept as the input has
    /// it: neither dropped nor replaced.
    fn keeps_before(&self, at: usize) -> bool {
        at > self.kept_from
    }

    /// Whether a space written at `at` would be leading or doubled.
    fn space_unwanted(&self, at: usize) -> bool {
        let last = if at > self.kept_from {
            self.input.as_bytes().get(at - 1)
        } else {
            self.text.as_bytes().last()
        };
        matches!(last, None | Some(b' '))
    }

    fn finish(mut self) -> String {
        self.cut(self.input.len(), self.input.len());
        self.text
    }
}

/// Whether [`sanitize_line`] may have to change byte `b`, followed by
/// `next`: anything outside printable ASCII, and the first of two spaces.
/// A quick test for whole blocks; [`line_stop`] is the exact one.
#[inline(always)]
fn line_attention(b: u8, next: u8) -> bool {
    // Written for the vectorizer: two operations per test.
    let outside = outside_printable_ascii(b);
    // Two spaces: the larger of the pair is a space only if both are spaces
    // or one is a control, which is flagged anyway.
    let spaces = b.max(next) == b' ';
    outside | spaces
}

/// Where [`sanitize_line`] must look: controls, the first of two spaces
/// and the first byte of the non-ASCII characters that may need a change.
#[inline(always)]
fn line_stop(b: u8, next: u8) -> bool {
    is_ascii_control(b) | (b.max(next) == b' ') | is_special_start(b, next)
}

/// Whether [`sanitize_text`] may have to change byte `b`: anything outside
/// printable ASCII except the newline and the tab, which it keeps. A quick
/// test for whole blocks; [`text_stop`] is the exact one.
#[inline(always)]
fn text_attention(b: u8, _next: u8) -> bool {
    outside_printable_ascii(b) & (b != b'\n') & (b != b'\t')
}

/// Where [`sanitize_text`] must look: controls other than the newline and
/// the tab, and the first byte of the non-ASCII characters that may need a
/// change.
#[inline(always)]
fn text_stop(b: u8, next: u8) -> bool {
    (is_ascii_control(b) & (b != b'\n') & (b != b'\t')) | is_special_start(b, next)
}

/// Whether `b` is outside `' '..='~'`. Adding one wraps exactly those bytes
/// onto 0x00–0x20 and 0x80–0xFF, which are below 0x21 as signed bytes: two
/// vector operations, where a range test takes three.
#[inline(always)]
fn outside_printable_ascii(b: u8) -> bool {
    (b.wrapping_add(1) as i8) < 0x21
}

/// C0 controls and DEL that both sanitizers drop as they are: not a tab, a
/// line break or an `ESC`.
fn is_dropped_control(b: u8) -> bool {
    is_ascii_control(b) & !matches!(b, b'\t' | b'\n' | VT | FF | b'\r' | ESC)
}

/// C0 controls and DEL.
#[inline(always)]
fn is_ascii_control(b: u8) -> bool {
    (b < 0x20) | (b == 0x7F)
}

/// Whether some character starting with this UTF-8 lead byte needs a look
/// from [`examine`]: the lead bytes [`is_plain_lead`] leaves out. Continuation
/// bytes are not leads, so a scan stopping at these stops at a character
/// boundary. A test checks the two agree.
///
/// 0xEF and everything above (4-byte characters) are tested as one range:
/// fewer vector operations than the exact list, and 4-byte characters are
/// rare.
#[inline(always)]
fn is_special_lead(b: u8) -> bool {
    (b == 0xC2) | (b == 0xD8) | (b.wrapping_sub(0xE1) < 2) | (b >= 0xEF)
}

/// Whether the character starting with `lead`, `second` needs a look from
/// [`examine`]: a special lead byte, or one of the two pairs inside plain
/// ones that start a character that may need a change — 0xCD 0x8F (U+034F)
/// and 0xE3 0x85 (U+3140–U+317F, with the Hangul filler U+3164). Testing
/// the pair keeps Greek, kana and the rest of U+3000–U+3FFF off the slow
/// path.
#[inline(always)]
fn is_special_start(lead: u8, second: u8) -> bool {
    is_special_lead(lead) | is_special_pair(lead, second)
}

#[inline(always)]
fn is_special_pair(lead: u8, second: u8) -> bool {
    ((lead == 0xCD) & (second == 0x8F)) | ((lead == 0xE3) & (second == 0x85))
}

/// Whether every character starting with `lead`, `second` is an ordinary
/// character for [`examine`], which skips it undecoded.
#[inline(always)]
fn is_plain_start(lead: u8, second: u8) -> bool {
    is_plain_lead(lead) & !is_special_pair(lead, second)
}

/// Returns the first index at or after `from` where `stop` holds for the
/// byte there and the one after it (0 past the end), or the end of the
/// input. `quick` must hold wherever `stop` does; it is the cheaper test
/// that clears most blocks of plain ASCII.
///
/// This is the hot loop: on text that needs no change, it is nearly all the
/// sanitizers do. Blocks of 64 bytes are tested with no branch inside,
/// which the compiler turns into SIMD compares (SSE2 is part of every
/// x86-64, NEON of every aarch64): under one instruction per byte, where a
/// byte-at-a-time loop with early exits costs four or five. A block that
/// `quick` flags (a control, non-ASCII text) is tested exactly, 16 bytes at
/// a time by [`first_stop`], which also tells where the stop is.
#[inline(always)]
fn find_stop(
    bytes: &[u8],
    from: usize,
    quick: impl Fn(u8, u8) -> bool + Copy,
    stop: impl Fn(u8, u8) -> bool + Copy,
) -> usize {
    // Stops often come in a row (escape sequences, controls): answer those
    // without setting up a block.
    match bytes.get(from) {
        Some(&b) => {
            let next = bytes.get(from + 1).copied().unwrap_or(0);
            if quick(b, next) && stop(b, next) {
                return from;
            }
        }
        None => return from,
    }
    let mut at = from;
    // A block also reads the byte after it, for the pair test.
    while let Some(block) = bytes.get(at..at + 65) {
        let block: &[u8; 65] = block.try_into().unwrap_or(&[0; 65]);
        if any(block, quick) {
            for chunk in 0..4 {
                let window: &[u8; 17] = block[chunk * 16..][..17].try_into().unwrap_or(&[0; 17]);
                if let Some(k) = first_stop(window, stop) {
                    return at + chunk * 16 + k;
                }
            }
        }
        at += 64;
    }
    find_stop_in_chunks(bytes, at, stop)
}

/// [`find_stop`] without the block tests, for sequences that are mostly
/// short.
#[inline(always)]
fn find_stop_in_chunks(bytes: &[u8], mut at: usize, stop: impl Fn(u8, u8) -> bool + Copy) -> usize {
    loop {
        let mut pad = [0; 17];
        if let Some(k) = first_stop(window(bytes, at, &mut pad), stop) {
            return (at + k).min(bytes.len());
        }
        at += 16;
        if at >= bytes.len() {
            return bytes.len();
        }
    }
}

/// Whether `test` holds for some byte of `block` but the last, given the
/// byte after it.
#[inline(always)]
fn any(block: &[u8; 65], test: impl Fn(u8, u8) -> bool) -> bool {
    let (bytes, next): (&[u8; 64], &[u8; 64]) = (
        block[..64].try_into().unwrap_or(&[0; 64]),
        block[1..].try_into().unwrap_or(&[0; 64]),
    );
    // `|` rather than `||` and no early exit: a branch-free reduction is
    // what the compiler can vectorize.
    bytes
        .iter()
        .zip(next)
        .fold(false, |any, (&b, &n)| any | test(b, n))
}

/// The 17 bytes at `at`: a reference into the input, or near its end a copy
/// in `pad` with zeros past the end. (Returning the bytes by value instead
/// makes the compiler assemble them with shuffles.)
#[inline(always)]
fn window<'a>(bytes: &'a [u8], at: usize, pad: &'a mut [u8; 17]) -> &'a [u8; 17] {
    if let Some(window) = bytes.get(at..at + 17) {
        return window.try_into().unwrap_or(pad);
    }
    let rest = bytes.get(at..).unwrap_or_default();
    pad[..rest.len()].copy_from_slice(rest);
    pad
}

/// The first `i` in `0..16` for which `test(window[i], window[i + 1])`
/// holds. All 16 are tested into a vector of flags, which is read as one
/// 128-bit number: its lowest set byte is the first stop.
#[inline(always)]
fn first_stop(window: &[u8; 17], test: impl Fn(u8, u8) -> bool) -> Option<usize> {
    // Two overlapping loads.
    let (first, second) = (&window[..16], &window[1..]);
    let mut flags = [0u8; 16];
    for (flag, (&b, &next)) in flags.iter_mut().zip(first.iter().zip(second)) {
        *flag = 0u8.wrapping_sub(u8::from(test(b, next)));
    }
    match u128::from_le_bytes(flags) {
        0 => None,
        flags => Some(flags.trailing_zeros() as usize / 8),
    }
}

/// What [`find_stop`] stopped at, as far as both sanitizers care.
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
    /// Escape sequences, or an introducer with nothing valid after it.
    Escape,
    /// Any other control character.
    Control,
    /// An invisible format character other than ZWJ and ZWNJ.
    Format,
    /// ZWJ U+200D or ZWNJ U+200C.
    Joiner,
    /// The Braille blank U+2800, turned into a space.
    Blank,
    /// A variation selector right after a character that takes it: kept
    /// when that character is.
    Selector,
}

/// Classifies the text starting at `at` and returns it with the index just
/// past it.
///
/// `at` is always a character boundary: the scan stops only at ASCII bytes
/// or at lead bytes, and every end returned here is a boundary too —
/// escape sequences end at an ASCII byte, after the two bytes of U+009C, or
/// at the end of the input.
#[inline(always)]
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
        ESC => (Found::Escape, skip_escapes(bytes, at)),
        // Dropped whole with the controls that follow it, so that a run of
        // them is one step.
        0..=0x7F => {
            let run = bytes[next..].iter().take_while(|&&b| is_dropped_control(b));
            (Found::Control, next + run.count())
        }
        // U+0080–U+00BF: C1 controls and introducers, NEL, the soft hyphen
        // and Latin-1 signs, told apart by the second byte alone.
        0xC2 => examine_c2(bytes, at),
        // Most characters cannot be one of those handled below, and their
        // first bytes say so: skip them without decoding.
        lead if is_plain_start(lead, bytes.get(next).copied().unwrap_or(0)) => {
            (Found::Char, at + utf8_len(lead))
        }
        // U+3140–U+317F: Hangul compatibility jamo (`ㅋㅋ`), the filler
        // U+3164 among them.
        0xE3 => examine_jamo(bytes, at),
        _ => examine_decoded(input, at),
    }
}

/// [`examine`] for a character starting with 0xE3 0x85 at `at`: the run of
/// such characters up to the filler U+3164 (0xE3 0x85 0xA4), which is
/// dropped, told apart without decoding.
#[inline(never)]
fn examine_jamo(bytes: &[u8], at: usize) -> (Found, usize) {
    const FILLER: [u8; 3] = [0xE3, 0x85, 0xA4];
    if bytes.get(at..at + 3) == Some(&FILLER) {
        return (Found::Format, at + 3);
    }
    let mut end = at + 3;
    while let Some(&[0xE3, 0x85, third]) = bytes.get(end..end + 3)
        && third != FILLER[2]
    {
        end += 3;
    }
    (Found::Char, end.min(bytes.len()))
}

/// [`examine`] for a non-ASCII character that must be decoded.
#[inline(never)]
fn examine_decoded(input: &str, at: usize) -> (Found, usize) {
    let Some(c) = input[at..].chars().next() else {
        return (Found::Char, input.len());
    };
    let found = match classify(c) {
        Found::Format if takes_selector(input[..at].chars().next_back(), c) => Found::Selector,
        found => found,
    };
    (found, at + c.len_utf8())
}

/// [`examine`] for a character starting with 0xC2 at `at`.
#[inline(never)]
fn examine_c2(bytes: &[u8], at: usize) -> (Found, usize) {
    let next = at + 2;
    match bytes.get(at + 1).copied().unwrap_or(0) {
        C1_CSI => (Found::Escape, skip_csi(bytes, next)),
        C1_OSC => (Found::Escape, skip_string(bytes, next, BEL_ENDS)),
        C1_DCS | C1_SOS | C1_PM | C1_APC => (Found::Escape, skip_string(bytes, next, ONLY_ST_ENDS)),
        0x85 => (Found::Break, next),
        0x80..=0x9F => (Found::Control, next),
        0xAD => (Found::Format, next),
        _ => (Found::Char, next),
    }
}

/// Classifies a non-ASCII character that is not an escape introducer.
fn classify(c: char) -> Found {
    match c {
        '\u{85}' | '\u{2028}' | '\u{2029}' => Found::Break,
        '\u{200C}' | '\u{200D}' => Found::Joiner,
        '\u{2800}' => Found::Blank,
        c if c.is_control() => Found::Control,
        c if is_invisible_format(c) || is_ignorable_filler(c) => Found::Format,
        _ => Found::Char,
    }
}

/// Whether `selector`, a variation selector, may stay after `before`, the
/// character the input holds right before it: one that takes a selector of
/// its kind (the sanitizers keep it only if they keep `before` as it is). A
/// selector is never a base, so at most one follows a character, and the
/// output holds no selector that the input did not have right after the
/// same character.
///
/// - U+FE00–U+FE0F (emoji presentation, standardized variants): after a
///   non-ASCII character the sanitizers keep, an ASCII digit, `#` or `*`.
/// - U+E0100–U+E01EF (ideographic variation sequences): after a CJK
///   ideograph.
/// - U+180B–U+180D, U+180F (Mongolian free variation selectors): after a
///   Mongolian letter.
fn takes_selector(before: Option<char>, selector: char) -> bool {
    let Some(base) = before else { return false };
    match selector {
        '\u{FE00}'..='\u{FE0F}' => {
            matches!(base, '0'..='9' | '#' | '*')
                || (!base.is_ascii() && classify(base) == Found::Char)
        }
        '\u{E0100}'..='\u{E01EF}' => is_cjk_ideograph(base),
        '\u{180B}'..='\u{180D}' | '\u{180F}' => matches!(base, '\u{1820}'..='\u{18AA}'),
        _ => false,
    }
}

/// The CJK ideographs: the unified blocks and their extensions, and the
/// compatibility ideographs.
fn is_cjk_ideograph(c: char) -> bool {
    matches!(
        c,
        '\u{3400}'..='\u{4DBF}'
            | '\u{4E00}'..='\u{9FFF}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{20000}'..='\u{3FFFF}'
    )
}

/// The default-ignorable code points outside general category Cf (those
/// are [`is_invisible_format`]): Unicode's `Default_Ignorable_Code_Point`
/// as of Unicode 16, whose Cf members are all in `is_invisible_format`. A
/// test holds the two lists to the property.
fn is_ignorable_filler(c: char) -> bool {
    matches!(
        c,
        '\u{034F}'                      // combining grapheme joiner
        | '\u{115F}'..='\u{1160}'      // Hangul choseong and jungseong fillers
        | '\u{17B4}'..='\u{17B5}'      // Khmer inherent vowels
        | '\u{180B}'..='\u{180D}'      // Mongolian free variation selectors
        | '\u{180F}'                    // Mongolian free variation selector four
        | '\u{3164}'                    // Hangul filler
        | '\u{FE00}'..='\u{FE0F}'      // variation selectors
        | '\u{FFA0}'                    // halfwidth Hangul filler
        | '\u{FFF0}'..='\u{FFF8}'      // reserved
        | '\u{E0080}'..='\u{E0FFF}' // reserved, variation selectors 17–256
    )
}

/// Whether every character starting with this UTF-8 lead byte is an
/// ordinary character for [`examine`]. The others start the characters it
/// looks at: 0xC2 (C1 controls, soft hyphen), 0xD8 (U+061C), 0xE1
/// (U+115F–U+1160, U+17B4–U+17B5, U+180B–U+180F), 0xE2 (U+2000–U+2FFF:
/// spaces, separators, bidi controls, U+2800), 0xEF (U+FE00–U+FE0F, U+FEFF,
/// U+FFA0, U+FFF0–U+FFFB), 0xF0 (U+13430, U+1BCA0, U+1D173 blocks), 0xF3
/// (tag characters, variation selectors 17–256); two characters with plain
/// leads are told by their second byte too ([`is_special_pair`]). A test
/// checks this against [`classify`] for every character.
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

/// The 8-bit C1 form of the sequence `ESC x`, by the second byte of its
/// UTF-8 (the first is 0xC2): ECMA-48 maps `ESC` then 0x40–0x5F onto the
/// C1 controls 0x80–0x9F.
const fn c1(x: u8) -> u8 {
    x + 0x40
}

/// C1 introducers: DCS, SOS, CSI, OSC, PM, APC.
const C1_DCS: u8 = c1(b'P');
const C1_SOS: u8 = c1(b'X');
const C1_CSI: u8 = c1(b'[');
const C1_OSC: u8 = c1(b']');
const C1_PM: u8 = c1(b'^');
const C1_APC: u8 = c1(b'_');
/// The UTF-8 of the string terminator U+009C, also written `ESC \`.
const C1_ST: [u8; 2] = [0xC2, 0x9C];

/// Whether BEL ends a control string, as it does an OSC in xterm and its
/// descendants, or only ST does.
const BEL_ENDS: bool = true;
const ONLY_ST_ENDS: bool = false;

fn skip_spaces(bytes: &[u8], from: usize) -> usize {
    let run = bytes.get(from..).unwrap_or_default();
    from + run.iter().take_while(|&&b| b == b' ').count()
}

/// Skips the escape sequence whose `ESC` is at `at`, and those that follow
/// it directly; returns the index just past the last one.
#[inline(never)]
fn skip_escapes(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at) == Some(&ESC) {
        at = skip_escape(bytes, at + 1);
    }
    at
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
            let end = from
                + bytes[from..]
                    .iter()
                    .take_while(|&&b| (0x20..=0x2F).contains(&b))
                    .count();
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
    // Most are a few bytes long (`ESC [ 3 1 m`): byte by byte.
    let mut at = from;
    for _ in 0..8 {
        match bytes.get(at) {
            Some(0x20..=0x3F) => at += 1,
            Some(0x40..=0x7E) => return at + 1,
            Some(&ESC) if bytes.get(at + 1) == Some(&b'[') => break,
            // Cut off by the end of the input, or broken by a byte that
            // cannot be part of a CSI, which is then read as ordinary text.
            _ => return at,
        }
    }
    skip_long_csi(bytes, at)
}

/// [`skip_csi`] for a long CSI, or one broken by an `ESC [`, starting at
/// `from`.
///
/// A CSI broken by an `ESC [` is followed by another CSI, dropped just the
/// same: the scan goes on through it, so that endless `ESC [` costs a block
/// scan rather than a trip through [`examine`] every two bytes. The scan
/// tests each byte with the one before it: past an `ESC`, anything but `[`
/// stops it (and the CSI ends at that `ESC`); elsewhere anything but a
/// parameter or an `ESC`.
#[inline(never)]
fn skip_long_csi(bytes: &[u8], from: usize) -> usize {
    // `from` follows an introducer, so the look-behind stays in the input.
    let mut at = from;
    let stop = loop {
        let mut pad = [0; 17];
        let stop = first_stop(window(bytes, at - 1, &mut pad), |before, b| {
            let after_esc = before == ESC;
            // 0x20–0x3F, in the form that vectorizes best.
            let parameter = (b & 0xE0) == 0x20;
            let inside = (after_esc & (b == b'[')) | (!after_esc & (parameter | (b == ESC)));
            !inside
        });
        if let Some(k) = stop {
            break (at + k).min(bytes.len());
        }
        at += 16;
        if at >= bytes.len() {
            break bytes.len();
        }
    };
    if stop > from && bytes[stop - 1] == ESC {
        return stop - 1;
    }
    match bytes.get(stop) {
        Some(0x40..=0x7E) => stop + 1,
        // Cut off by the end of the input, or broken by a byte that cannot
        // be part of a CSI, which is then read as ordinary text.
        _ => stop,
    }
}

/// Skips the body of a control string (OSC, DCS, SOS, PM, APC) starting at
/// `from`, up to and including its terminator: ST (`ESC \` or U+009C), or BEL
/// if `bel_ends`. Without a terminator the string runs to the end of the
/// input. An `ESC` not followed by `\` ends it without being consumed (the
/// next sequence starts there), and CAN or SUB ends it the way a terminal
/// cancels it; both are then handled as ordinary input.
///
/// When that `ESC` starts another control string, the scan goes on through
/// it: dropping both is the same as dropping one, and megabytes of
/// unterminated `ESC ]` then cost one block scan.
fn skip_string(bytes: &[u8], from: usize, bel_ends: bool) -> usize {
    let mut at = from;
    let mut bel_ends = bel_ends;
    loop {
        // An `ESC` that opens a string of the same kind does not stop the
        // scan; one that opens the other kind does, since BEL then changes
        // meaning. Any 0xC2 stops it, to be told apart from U+009C below:
        // testing both of its bytes in the scan vectorizes poorly.
        at = if bel_ends {
            find_stop_in_chunks(bytes, at, |b, next| {
                let esc = (b == ESC) & (next != b']');
                esc | (b == BEL) | (b == CAN) | (b == SUB) | (b == C1_ST[0])
            })
        } else {
            find_stop_in_chunks(bytes, at, |b, next| {
                let opens_string =
                    (next == b'P') | (next == b'X') | (next == b'^') | (next == b'_');
                ((b == ESC) & !opens_string) | (b == CAN) | (b == SUB) | (b == C1_ST[0])
            })
        };
        match bytes.get(at) {
            None => return at,
            Some(&BEL) => return at + 1,
            Some(&ESC) => match bytes.get(at + 1) {
                Some(b'\\') => return at + 2,
                Some(b']') => bel_ends = BEL_ENDS,
                Some(b'P' | b'X' | b'^' | b'_') => bel_ends = ONLY_ST_ENDS,
                _ => return at,
            },
            // 0xC2 only ever starts a character: U+009C ends the string,
            // any other is part of it.
            Some(&0xC2) if bytes.get(at + 1) == Some(&C1_ST[1]) => return at + 2,
            Some(&0xC2) => {}
            // CAN or SUB.
            Some(_) => return at,
        }
        at += 2;
    }
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
    fn plain_starts_are_only_ordinary_characters() {
        for c in '\u{80}'..=char::MAX {
            let utf8 = c.to_string();
            let (lead, second) = (utf8.as_bytes()[0], utf8.as_bytes()[1]);
            assert_eq!(utf8_len(lead), c.len_utf8(), "U+{:04X}", u32::from(c));
            if is_plain_start(lead, second) {
                assert_eq!(classify(c), Found::Char, "U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn scans_stop_at_every_start_that_needs_a_look() {
        for b in 0xC2..=0xF4 {
            for second in 0x80..=0xBF {
                assert!(
                    is_special_start(b, second) || is_plain_start(b, second),
                    "{b:#04X} {second:#04X}"
                );
            }
        }
        // Continuation bytes never stop a scan, so stops are boundaries.
        for b in 0x80..=0xBF {
            for next in 0..=0xFF {
                assert!(!is_special_start(b, next), "{b:#04X}");
            }
        }
    }

    /// Unicode's `Default_Ignorable_Code_Point`, as DerivedCoreProperties.txt
    /// lists it.
    const DEFAULT_IGNORABLE: [(char, char); 17] = [
        ('\u{00AD}', '\u{00AD}'),
        ('\u{034F}', '\u{034F}'),
        ('\u{061C}', '\u{061C}'),
        ('\u{115F}', '\u{1160}'),
        ('\u{17B4}', '\u{17B5}'),
        ('\u{180B}', '\u{180F}'),
        ('\u{200B}', '\u{200F}'),
        ('\u{202A}', '\u{202E}'),
        ('\u{2060}', '\u{206F}'),
        ('\u{3164}', '\u{3164}'),
        ('\u{FE00}', '\u{FE0F}'),
        ('\u{FEFF}', '\u{FEFF}'),
        ('\u{FFA0}', '\u{FFA0}'),
        ('\u{FFF0}', '\u{FFF8}'),
        ('\u{1BCA0}', '\u{1BCA3}'),
        ('\u{1D173}', '\u{1D17A}'),
        ('\u{E0000}', '\u{E0FFF}'),
    ];

    #[test]
    fn every_default_ignorable_code_point_is_dropped() {
        for (first, last) in DEFAULT_IGNORABLE {
            for c in first..=last {
                let found = classify(c);
                assert!(
                    matches!(found, Found::Format | Found::Joiner),
                    "U+{:04X} is {found:?}",
                    u32::from(c)
                );
                // After a letter, which takes no selector, each is dropped
                // by both sanitizers (joiners by `sanitize_line`).
                let input = format!("a{c}b");
                assert_eq!(sanitize_line(&input), "ab", "U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn variation_selectors_stay_once_after_a_base_that_takes_them() {
        // Emoji presentation, keycaps, a standardized variant.
        line("\u{2764}\u{FE0F}", "\u{2764}\u{FE0F}");
        line(
            "1\u{FE0F}\u{20E3} #\u{FE0F}\u{20E3}",
            "1\u{FE0F}\u{20E3} #\u{FE0F}\u{20E3}",
        );
        line("\u{2229}\u{FE00}", "\u{2229}\u{FE00}");
        text("\u{263A}\u{FE0E}\n", "\u{263A}\u{FE0E}\n");
        // An ideographic variation sequence; a Mongolian variant form.
        line("\u{845B}\u{E0100}", "\u{845B}\u{E0100}");
        line("\u{1820}\u{180B}", "\u{1820}\u{180B}");
        // At most one, and only after a base of its kind.
        line("\u{2764}\u{FE0F}\u{FE0F}\u{FE0E}", "\u{2764}\u{FE0F}");
        line("\u{2764}\u{E0100}", "\u{2764}");
        line("a\u{FE0F}", "a");
        line("\u{FE0F}x", "x");
        line("\u{1820}\u{E0100}\u{845B}\u{180B}", "\u{1820}\u{845B}");
        // Not after a base that is dropped or replaced, nor across one.
        line("\u{2764}\u{200B}\u{FE0F}", "\u{2764}");
        line("\x1b[1\u{FE0F}", "");
        line("\x1b#\u{FE0F}", "");
        line("\u{85}\u{FE0F}", "");
        line("\u{2800}\u{FE0F}", "");
        text("\u{2764}\r\u{FE0F}", "\u{2764}\n");
    }

    #[test]
    fn fillers_and_blanks() {
        line(
            "ok\u{3164}\u{3164}\u{FFA0}\u{115F}\u{1160}\u{034F}\u{17B4}",
            "ok",
        );
        line("a\u{2800}\u{2800} \u{2800}b\u{2800}", "a b");
        text("a\u{2800}b", "a b");
        // The characters beside them in their blocks stay.
        line(
            "\u{3163}\u{3165}\u{034E}\u{0350}",
            "\u{3163}\u{3165}\u{034E}\u{0350}",
        );
        line("\u{3042}\u{30A2}\u{03B1}", "\u{3042}\u{30A2}\u{03B1}");
        // Jamo around the filler, in runs.
        line(
            "\u{314B}\u{314B}\u{3164}\u{314E}\u{3164}",
            "\u{314B}\u{314B}\u{314E}",
        );
    }

    #[test]
    fn long_runs_are_copied_whole() {
        let long = "é东a".repeat(2000);
        line(&long, &long);
        text(&format!("{long}\x07{long}"), &format!("{long}{long}"));
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
            "\x1b[1\u{FE0F}\u{2764}\u{FE0F}\u{FE0F}",
            "\u{845B}\u{200B}\u{E0100}\u{2800} \u{2800}",
        ] {
            let once = sanitize_line(input);
            assert_eq!(sanitize_line(&once), once, "line {input:?}");
            let once = sanitize_text(input);
            assert_eq!(sanitize_text(&once), once, "text {input:?}");
        }
    }
}
