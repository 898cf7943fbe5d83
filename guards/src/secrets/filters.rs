//! The false positives a match is checked for: documented example keys
//! (`AKIAIOSFODNN7EXAMPLE`), placeholders of a whole shape (`changeme`,
//! `your-api-key`, `xxxx-xxxx`), references (`${PASSWORD}`,
//! `settings.SECRET_KEY`), UUIDs, version strings, digests under a name
//! that says so (`SECRET_SHA`), and values that do not look random.

/// Keys and tokens published as examples in documentation.
pub(super) fn is_documented_example(value: &str) -> bool {
    const EXAMPLES: &[&str] = &[
        // jwt.io's example token's signature.
        "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    ];
    value.to_ascii_uppercase().contains("EXAMPLE") || EXAMPLES.iter().any(|e| value.contains(e))
}

/// The words a placeholder is made of: `your-api-key-here`,
/// `<token>`, `changeme123`, `test_password`.
const PLACEHOLDER_WORDS: &[&str] = &[
    "a",
    "abc",
    "access",
    "admin",
    "an",
    "api",
    "app",
    "auth",
    "bar",
    "baz",
    "change",
    "changeme",
    "client",
    "db",
    "default",
    "dummy",
    "empty",
    "enter",
    "example",
    "fake",
    "fixme",
    "foo",
    "goes",
    "guest",
    "here",
    "hidden",
    "id",
    "insert",
    "key",
    "me",
    "my",
    "mysql",
    "nil",
    "none",
    "null",
    "pass",
    "passwd",
    "password",
    "placeholder",
    "postgres",
    "private",
    "put",
    "pwd",
    "qwerty",
    "redacted",
    "replace",
    "root",
    "sample",
    "secret",
    "test",
    "testing",
    "the",
    "this",
    "todo",
    "token",
    "undefined",
    "user",
    "username",
    "value",
    "with",
    "xxx",
    "your",
];

/// A placeholder rather than a value: made only of placeholder words
/// (each may end in digits: `changeme123`), starting with `your`, or one
/// character repeated between separators (`xxxx-xxxx`, `********`).
/// A random value that merely contains `test` or `none` is not one.
pub(super) fn is_placeholder(value: &str) -> bool {
    let trimmed = value.trim_matches(|c| matches!(c, '<' | '>' | '[' | ']' | '{' | '}'));
    let mut kept = trimmed
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | '.' | ' '));
    if let Some(first) = kept.next() {
        if kept.all(|c| c == first) {
            return true;
        }
    }
    let words = words(trimmed);
    if words.first().is_some_and(|word| word == "your") {
        return true;
    }
    !words.is_empty()
        && words.iter().all(|word| {
            let stem = word.trim_end_matches(|c: char| c.is_ascii_digit());
            stem.is_empty() || PLACEHOLDER_WORDS.contains(&stem) || stem.chars().all(|c| c == 'x')
        })
}

/// `value`'s words, lowercase: split at every character that is not a
/// letter or digit, and where a lowercase letter meets an uppercase one
/// (`yourApiKey`).
fn words(value: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in value.chars() {
        if !c.is_alphanumeric() {
            words.push(std::mem::take(&mut word));
            previous_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && previous_lower {
            words.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_ascii_lowercase();
        word.push(c.to_ascii_lowercase());
    }
    words.push(word);
    words.retain(|word| !word.is_empty());
    words
}

/// A value assigned to `name` (`password`, `api_key`, …) that reads like
/// a secret: letters and digits, high entropy; not a placeholder, a
/// reference to something else (`$PASSWORD`, `%(password)s`,
/// `settings.SECRET_KEY`), a UUID, a version (`1.2.3-beta`), nor a digest
/// under a name that says so (`SECRET_SHA`, `token_hash`).
pub(super) fn looks_random(name: &str, value: &str) -> bool {
    if value.starts_with(['$', '%', '@', '&', '*', '#', '/', '.'])
        || value.contains("${")
        || value.contains("{{")
        || value.contains("://")
        || is_placeholder(value)
        || is_uuid(value)
        || is_dotted_identifier(value)
        || is_version(value)
        || (is_hex_digest(value) && names_a_digest(name))
    {
        return false;
    }
    let digits = value.chars().any(|c| c.is_ascii_digit());
    let letters = value.chars().any(|c| c.is_ascii_alphabetic());
    digits && letters && entropy(value) >= 3.0
}

/// The password of `scheme://user:password@host`, unless it is a
/// placeholder, a reference (`${DB_PASSWORD}`, `%s`) or the user's name
/// again (`postgres:postgres`).
pub(super) fn is_url_password(user: &str, password: &str) -> bool {
    !(password.starts_with(['$', '%', '{', '*'])
        || password.contains("${")
        || password.contains("{{")
        || password == user
        || is_placeholder(password))
}

/// Base64 of `user:password`, the password not a placeholder.
pub(super) fn is_basic_credentials(encoded: &str) -> bool {
    let Some(decoded) = base64_decode(encoded) else {
        return false;
    };
    let Ok(decoded) = String::from_utf8(decoded) else {
        return false;
    };
    match decoded.split_once(':') {
        Some((user, password)) => {
            !password.is_empty()
                && !decoded.chars().any(char::is_control)
                && is_url_password(user, password)
        }
        None => false,
    }
}

/// Standard base64, padding optional; `None` if it is not.
fn base64_decode(encoded: &str) -> Option<Vec<u8>> {
    let digits = encoded.trim_end_matches('=');
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in digits.bytes() {
        let value = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(bytes)
}

/// `123e4567-e89b-12d3-a456-426614174000`.
fn is_uuid(value: &str) -> bool {
    let groups: Vec<&str> = value.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(group, len)| group.len() == len && group.chars().all(|c| c.is_ascii_hexdigit()))
}

/// `settings.SECRET_KEY`, `os.environ`, `config.db.password2`: code.
fn is_dotted_identifier(value: &str) -> bool {
    value.contains('.')
        && value.split('.').all(|part| {
            part.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// `1.2.3`, `v2.0.1-beta.1`, `10.4+build.7`: two to four numbers, a
/// pre-release or build suffix.
fn is_version(value: &str) -> bool {
    let value = value.strip_prefix(['v', 'V']).unwrap_or(value);
    let core = value.split(['-', '+']).next().unwrap_or(value);
    let numbers: Vec<&str> = core.split('.').collect();
    (2..=4).contains(&numbers.len())
        && numbers
            .iter()
            .all(|n| !n.is_empty() && n.len() <= 6 && n.chars().all(|c| c.is_ascii_digit()))
}

/// A hex digest's length: MD5, SHA-1, SHA-256, SHA-512.
fn is_hex_digest(value: &str) -> bool {
    matches!(value.len(), 32 | 40 | 64 | 128) && value.chars().all(|c| c.is_ascii_hexdigit())
}

/// A name that says its value is a digest or a version: `SECRET_SHA`,
/// `token_hash`, `api_key_checksum`, `commit`, `token_version`.
fn names_a_digest(name: &str) -> bool {
    const DIGEST_WORDS: &[&str] = &[
        "checksum",
        "commit",
        "digest",
        "etag",
        "fingerprint",
        "hash",
        "integrity",
        "md5",
        "rev",
        "revision",
        "sha",
        "sha1",
        "sha256",
        "sha512",
        "version",
    ];
    words(name)
        .iter()
        .any(|word| DIGEST_WORDS.contains(&word.as_str()))
}

/// Shannon entropy of `value`'s characters, in bits per character.
pub(super) fn entropy(value: &str) -> f64 {
    let mut ascii = [0usize; 128];
    let mut other: Vec<(char, usize)> = Vec::new();
    let mut total = 0usize;
    for c in value.chars() {
        total += 1;
        match usize::try_from(u32::from(c)) {
            Ok(code) if code < 128 => ascii[code] += 1,
            _ => match other.iter_mut().find(|(seen, _)| *seen == c) {
                Some((_, count)) => *count += 1,
                None => other.push((c, 1)),
            },
        }
    }
    if total == 0 {
        return 0.0;
    }
    ascii
        .iter()
        .copied()
        .chain(other.iter().map(|(_, count)| *count))
        .filter(|count| *count > 0)
        .map(|count| {
            let p = count as f64 / total as f64;
            -p * p.log2()
        })
        .sum()
}
