//! Bash's `$'…'` escapes, decoded as bash decodes them; read by the words
//! of a line and by the text `echo -e` and `printf` print.

/// The text of `$'…'` with its escapes decoded, as bash does (`\x2f` is
/// `/`); an escape bash does not know stays as written.
pub(super) fn ansi_c(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(escape) = chars.next() else {
            out.push('\\');
            break;
        };
        let simple = match escape {
            'a' => Some('\u{7}'),
            'b' => Some('\u{8}'),
            'e' | 'E' => Some('\u{1b}'),
            'f' => Some('\u{c}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{b}'),
            '\\' | '\'' | '"' | '?' => Some(escape),
            _ => None,
        };
        if let Some(decoded) = simple {
            out.push(decoded);
            continue;
        }
        let (radix, max) = match escape {
            '0'..='7' => (8, 2),
            'x' => (16, 2),
            'u' => (16, 4),
            'U' => (16, 8),
            _ => {
                out.push('\\');
                out.push(escape);
                continue;
            }
        };
        let mut digits = String::new();
        if radix == 8 {
            digits.push(escape);
        }
        while digits.len() < max + usize::from(radix == 8) {
            match chars.next_if(|d| d.is_digit(radix)) {
                Some(d) => digits.push(d),
                None => break,
            }
        }
        match u32::from_str_radix(&digits, radix)
            .ok()
            .and_then(char::from_u32)
        {
            Some(decoded) if !digits.is_empty() => out.push(decoded),
            _ => {
                out.push('\\');
                out.push(escape);
                out.push_str(if radix == 8 { &digits[1..] } else { &digits });
            }
        }
    }
    out
}
