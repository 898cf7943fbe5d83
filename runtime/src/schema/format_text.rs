//! The grammars of the asserted formats (RFC 3339 dates and times and
//! ISO 8601 durations, RFC 5321 email addresses, RFC 1123 hostnames,
//! RFC 2673 / RFC 4291 addresses, RFC 3986 URIs, RFC 4122 UUIDs, ECMA-262
//! regular expressions), each a plain function of the text.

fn digits(text: &str, len: usize) -> Option<u32> {
    (text.len() == len && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

fn leap(year: u32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// `full-date`: `2026-12-01`, a day its month has.
pub(crate) fn date(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (
        digits(&text[..4], 4),
        digits(&text[5..7], 2),
        digits(&text[8..], 2),
    ) else {
        return false;
    };
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap(year) => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// `full-time`: `09:00:00`, fraction optional, then `Z` or an offset; a
/// leap second only at 23:59:60 UTC.
pub(crate) fn time(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() < 9 || bytes[2] != b':' || bytes[5] != b':' {
        return false;
    }
    let (Some(hour), Some(minute), Some(second)) = (
        digits(&text[..2], 2),
        digits(&text[3..5], 2),
        digits(&text[6..8], 2),
    ) else {
        return false;
    };
    let mut rest = &text[8..];
    if let Some(fraction) = rest.strip_prefix('.') {
        let end = fraction
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(fraction.len());
        if end == 0 {
            return false;
        }
        rest = &fraction[end..];
    }
    let offset_minutes: i64 = if rest.eq_ignore_ascii_case("z") {
        0
    } else {
        let sign = match rest.as_bytes().first() {
            Some(b'+') => 1,
            Some(b'-') => -1,
            _ => return false,
        };
        let offset = &rest[1..];
        if offset.len() != 5 || offset.as_bytes()[2] != b':' {
            return false;
        }
        let (Some(h), Some(m)) = (digits(&offset[..2], 2), digits(&offset[3..], 2)) else {
            return false;
        };
        if h > 23 || m > 59 {
            return false;
        }
        sign * i64::from(h * 60 + m)
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    if second == 60 {
        let utc = (i64::from(hour * 60 + minute) - offset_minutes).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

/// `date-time`: a date, `T`, a time.
pub(crate) fn date_time(text: &str) -> bool {
    match text.as_bytes().get(10) {
        Some(b'T' | b't') => text.is_char_boundary(11) && date(&text[..10]) && time(&text[11..]),
        _ => false,
    }
}

/// `duration` (RFC 3339, appendix A): `P1Y2M3DT4H5M6S`, `P2W`.
pub(crate) fn duration(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('P') else {
        return false;
    };
    if rest.is_empty() {
        return false;
    }
    let (date_part, time_part) = match rest.split_once('T') {
        Some((date_part, time_part)) => (date_part, Some(time_part)),
        None => (rest, None),
    };
    // The units of one part, each with digits before it, consecutive in
    // `order` (`1Y2M`, `2M3D`, not `1Y3D`).
    let units = |part: &str, order: &[u8]| -> Option<usize> {
        let mut count = 0;
        let mut last: Option<usize> = None;
        let mut number = false;
        for b in part.bytes() {
            if b.is_ascii_digit() {
                number = true;
                continue;
            }
            let at = order.iter().position(|unit| *unit == b)?;
            if !number || last.is_some_and(|last| at != last + 1) {
                return None;
            }
            number = false;
            last = Some(at);
            count += 1;
        }
        (!number).then_some(count)
    };
    if date_part.contains('W') {
        return time_part.is_none() && units(date_part, b"W") == Some(1);
    }
    let Some(dates) = units(date_part, b"YMD") else {
        return false;
    };
    match time_part {
        None => dates > 0,
        Some(time_part) => units(time_part, b"HMS").is_some_and(|n| n > 0),
    }
}

/// RFC 1123 hostname: dot-separated labels of letters, digits and
/// hyphens, 1 to 63 each, no hyphen at either end, 253 in all.
pub(crate) fn hostname(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 253
        && text.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && super::format_label::valid(label)
        })
}

/// Four decimal octets, no leading zeros.
pub(crate) fn ipv4(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|part| {
            !part.is_empty()
                && part.len() <= 3
                && part.bytes().all(|b| b.is_ascii_digit())
                && (part.len() == 1 || !part.starts_with('0'))
                && part.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// RFC 4291 text form, an IPv4 tail included.
pub(crate) fn ipv6(text: &str) -> bool {
    text.is_ascii() && text.parse::<std::net::Ipv6Addr>().is_ok() && {
        // The standard parser takes an IPv4 tail; hold it to `ipv4`.
        match text.rsplit_once(':') {
            Some((_, tail)) if tail.contains('.') => ipv4(tail),
            _ => true,
        }
    }
}

/// RFC 5321 mailbox: a dot-atom or quoted local part, `@`, a hostname or
/// an address literal.
pub(crate) fn email(text: &str) -> bool {
    let Some((local, domain)) = text.rsplit_once('@') else {
        return false;
    };
    let local_ok = if local.len() >= 2 && local.starts_with('"') && local.ends_with('"') {
        let inner = &local[1..local.len() - 1];
        let mut escaped = false;
        inner.chars().all(|c| {
            if escaped {
                escaped = false;
                return c.is_ascii() && c != '\n' && c != '\r';
            }
            match c {
                '\\' => {
                    escaped = true;
                    true
                }
                '"' => false,
                c => c.is_ascii() && (c == ' ' || c.is_ascii_graphic()),
            }
        }) && !escaped
    } else {
        !local.is_empty()
            && local.split('.').all(|atom| {
                !atom.is_empty()
                    && atom
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&b))
            })
    };
    let domain_ok = match domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        Some(literal) => match literal.strip_prefix("IPv6:") {
            Some(address) => ipv6(address),
            None => ipv4(literal),
        },
        None => hostname(domain),
    };
    local_ok && domain_ok
}

/// Whether `b` may stand as it is in a URI (outside the host's brackets).
fn uri_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?".contains(&b)
}

/// Percent-encodings are well formed and every other byte is allowed.
fn uri_chars(text: &str, extra: &[u8]) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                if i + 2 >= bytes.len() {
                    return false;
                }
                if !(bytes[i + 1].is_ascii_hexdigit() && bytes[i + 2].is_ascii_hexdigit()) {
                    return false;
                }
                i += 3;
            }
            b if uri_char(b) || extra.contains(&b) => i += 1,
            _ => return false,
        }
    }
    true
}

/// An RFC 3986 URI (`absolute`) or URI reference.
pub(crate) fn uri(text: &str, absolute: bool) -> bool {
    let (rest, fragment) = match text.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment)),
        None => (text, None),
    };
    if fragment.is_some_and(|fragment| !uri_chars(fragment, b"")) {
        return false;
    }
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    if query.is_some_and(|query| !uri_chars(query, b"")) {
        return false;
    }
    let scheme_end = rest.find(':').filter(|&i| !rest[..i].contains('/'));
    let rest = match scheme_end {
        Some(i) => {
            let scheme = &rest[..i];
            let valid = scheme
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_alphabetic())
                && scheme
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
            if !valid {
                return false;
            }
            &rest[i + 1..]
        }
        None if absolute => return false,
        None => rest,
    };
    let path = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            let authority = &after[..end];
            let host_port = match authority.rsplit_once('@') {
                Some((userinfo, host_port)) => {
                    if !uri_chars(userinfo, b"") || userinfo.contains(['/', '?', '@']) {
                        return false;
                    }
                    host_port
                }
                None => authority,
            };
            let (host, port) = if let Some(inner) = host_port.strip_prefix('[') {
                let Some((literal, after)) = inner.split_once(']') else {
                    return false;
                };
                if !ipv6(literal) && !literal.starts_with(['v', 'V']) {
                    return false;
                }
                match after {
                    "" => ("", None),
                    _ => match after.strip_prefix(':') {
                        Some(port) => ("", Some(port)),
                        None => return false,
                    },
                }
            } else {
                match host_port.rsplit_once(':') {
                    Some((host, port)) => (host, Some(port)),
                    None => (host_port, None),
                }
            };
            if !uri_chars(host, b"") || host.contains([':', '/', '?', '@']) {
                return false;
            }
            if port.is_some_and(|port| !port.bytes().all(|b| b.is_ascii_digit())) {
                return false;
            }
            &after[end..]
        }
        None => rest,
    };
    if scheme_end.is_none()
        && path
            .split('/')
            .next()
            .is_some_and(|first| first.contains(':'))
    {
        return false;
    }
    uri_chars(path, b"") && !path.contains('?')
}

/// RFC 4122 text form: `8-4-4-4-12` hex digits.
pub(crate) fn uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(group, len)| group.len() == len && group.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// An ECMA-262 regular expression (with the `u` flag).
pub(crate) fn regex(text: &str) -> bool {
    toolsmith_schema_rules::pattern::ecma_refusal(text).is_none()
}
