//! A-labels (`xn--...`) in a hostname: Punycode (RFC 3492) decoded, then
//! held to the IDNA 2008 rules that single characters and their
//! neighbours decide (RFC 5892: the exceptions, CONTEXTJ and CONTEXTO).

use std::sync::LazyLock;

use regex::Regex;

/// Whether the ASCII label `label` is a valid hostname label once read as
/// IDNA: an A-label must decode and its U-label meet the rules.
pub(crate) fn valid(label: &str) -> bool {
    let Some(encoded) = label
        .get(..4)
        .filter(|prefix| prefix.eq_ignore_ascii_case("xn--"))
        .map(|_| &label[4..])
    else {
        // An ASCII label with `--` in the third and fourth place is
        // reserved for A-labels.
        return label.get(2..4) != Some("--");
    };
    match decode(encoded) {
        Some(decoded) => u_label(&decoded),
        None => false,
    }
}

/// RFC 3492 decoding; `None` for text that is not Punycode.
fn decode(input: &str) -> Option<Vec<char>> {
    const BASE: u32 = 36;
    const TMIN: u32 = 1;
    const TMAX: u32 = 26;
    let (basic, digits) = match input.rfind('-') {
        Some(i) => (&input[..i], &input[i + 1..]),
        None => ("", input),
    };
    if !basic.is_ascii() {
        return None;
    }
    let mut output: Vec<char> = basic.chars().collect();
    let (mut n, mut bias, mut i) = (128u32, 72u32, 0u32);
    let mut bytes = digits.bytes().peekable();
    bytes.peek()?;
    while bytes.peek().is_some() {
        let old = i;
        let mut weight = 1u32;
        let mut k = BASE;
        loop {
            let byte = bytes.next()?;
            let digit = match byte {
                b'a'..=b'z' => u32::from(byte - b'a'),
                b'A'..=b'Z' => u32::from(byte - b'A'),
                b'0'..=b'9' => u32::from(byte - b'0') + 26,
                _ => return None,
            };
            i = i.checked_add(digit.checked_mul(weight)?)?;
            let t = if k <= bias {
                TMIN
            } else if k >= bias + TMAX {
                TMAX
            } else {
                k - bias
            };
            if digit < t {
                break;
            }
            weight = weight.checked_mul(BASE - t)?;
            k += BASE;
        }
        let length = output.len() as u32 + 1;
        bias = adapt(i - old, length, old == 0);
        n = n.checked_add(i / length)?;
        i %= length;
        output.insert(i as usize, char::from_u32(n)?);
        i += 1;
    }
    Some(output)
}

fn adapt(delta: u32, length: u32, first: bool) -> u32 {
    let mut delta = if first { delta / 700 } else { delta / 2 };
    delta += delta / length;
    let mut k = 0;
    while delta > ((36 - 1) * 26) / 2 {
        delta /= 36 - 1;
        k += 36;
    }
    k + (36 * delta) / (delta + 38)
}

fn class(pattern: &str) -> Regex {
    Regex::new(pattern).expect("a Unicode class")
}

static MARK: LazyLock<Regex> = LazyLock::new(|| class(r"^\p{M}"));
static GREEK: LazyLock<Regex> = LazyLock::new(|| class(r"^\p{Greek}$"));
static HEBREW: LazyLock<Regex> = LazyLock::new(|| class(r"^\p{Hebrew}$"));
static JAPANESE: LazyLock<Regex> =
    LazyLock::new(|| class(r"[\p{Hiragana}\p{Katakana}\p{Han}&&[^\u{30FB}]]"));
static LETTER: LazyLock<Regex> = LazyLock::new(|| class(r"^\p{L}$"));

/// Characters whose canonical combining class is 9 (virama).
const VIRAMAS: [char; 24] = [
    '\u{094D}', '\u{09CD}', '\u{0A4D}', '\u{0ACD}', '\u{0B4D}', '\u{0BCD}', '\u{0C4D}', '\u{0CCD}',
    '\u{0D3B}', '\u{0D3C}', '\u{0D4D}', '\u{0DCA}', '\u{0E3A}', '\u{0EBA}', '\u{0F84}', '\u{1039}',
    '\u{103A}', '\u{1714}', '\u{1734}', '\u{17D2}', '\u{1A60}', '\u{1B44}', '\u{A8C4}', '\u{A953}',
];

/// Code points RFC 5892 lists as DISALLOWED exceptions.
fn disallowed(c: char) -> bool {
    matches!(
        c,
        '\u{0640}' | '\u{07FA}' | '\u{302E}' | '\u{302F}' | '\u{3031}'..='\u{3035}' | '\u{303B}'
    )
}

fn is(regex: &Regex, c: Option<&char>) -> bool {
    c.is_some_and(|c| regex.is_match(c.encode_utf8(&mut [0; 4])))
}

/// The rules a U-label meets.
fn u_label(label: &[char]) -> bool {
    let text: String = label.iter().collect();
    if MARK.is_match(&text) || text.get(2..4) == Some("--") {
        return false;
    }
    let arabic = label.iter().any(|c| ('\u{0660}'..='\u{0669}').contains(c));
    let extended = label.iter().any(|c| ('\u{06F0}'..='\u{06F9}').contains(c));
    if arabic && extended {
        return false;
    }
    label.iter().enumerate().all(|(i, c)| {
        let before = i.checked_sub(1).and_then(|j| label.get(j));
        let after = label.get(i + 1);
        match c {
            c if disallowed(*c) => false,
            '\u{00B7}' => before == Some(&'l') && after == Some(&'l'),
            '\u{0375}' => is(&GREEK, after),
            '\u{05F3}' | '\u{05F4}' => is(&HEBREW, before),
            '\u{30FB}' => JAPANESE.is_match(&text),
            '\u{200D}' => before.is_some_and(|b| VIRAMAS.contains(b)),
            // CONTEXTJ's joining-type rule, read as: between two letters.
            '\u{200C}' => {
                before.is_some_and(|b| VIRAMAS.contains(b))
                    || (is(&LETTER, before) && is(&LETTER, after))
            }
            _ => true,
        }
    })
}
