//! URI references as `$id` and `$ref` use them: resolved against a base
//! (RFC 3986, section 5.2) and split at the fragment.

/// The parts of a URI reference (RFC 3986, appendix B).
struct Parts<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn parts(text: &str) -> Parts<'_> {
    let (rest, fragment) = match text.split_once('#') {
        Some((rest, fragment)) => (rest, Some(fragment)),
        None => (text, None),
    };
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    let (scheme, rest) = match rest.find(':') {
        Some(i)
            if i > 0
                && !rest[..i].contains('/')
                && rest[..1].bytes().all(|b| b.is_ascii_alphabetic())
                && rest[..i]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)) =>
        {
            (Some(&rest[..i]), &rest[i + 1..])
        }
        _ => (None, rest),
    };
    let (authority, path) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// `reference` resolved against the absolute URI `base`.
pub(crate) fn resolve(base: &str, reference: &str) -> String {
    let r = parts(reference);
    let b = parts(base);
    // RFC 3986, 5.2.2: a reference with a scheme or an authority keeps
    // its own (the base's scheme serves one without); otherwise its path
    // and query are read against the base's.
    let (scheme, authority, path, query);
    if r.scheme.is_some() || r.authority.is_some() {
        scheme = r.scheme.or(b.scheme);
        authority = r.authority;
        path = remove_dots(r.path);
        query = r.query;
    } else {
        scheme = b.scheme;
        authority = b.authority;
        if r.path.is_empty() {
            path = b.path.to_owned();
            query = r.query.or(b.query);
        } else {
            path = if r.path.starts_with('/') {
                remove_dots(r.path)
            } else {
                remove_dots(&merge(&b, r.path))
            };
            query = r.query;
        }
    }
    let mut out = String::with_capacity(base.len() + reference.len());
    if let Some(scheme) = scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(authority) = authority {
        out.push_str("//");
        out.push_str(authority);
    }
    out.push_str(&path);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = r.fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

fn merge(base: &Parts<'_>, path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{path}");
    }
    match base.path.rfind('/') {
        Some(i) => format!("{}{path}", &base.path[..=i]),
        None => path.to_owned(),
    }
}

/// RFC 3986, section 5.2.4.
fn remove_dots(path: &str) -> String {
    if !path.contains('.') {
        return path.to_owned();
    }
    let mut output: Vec<&str> = Vec::new();
    let absolute = path.starts_with('/');
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len() - 1;
    for (i, segment) in segments.iter().enumerate() {
        if i == 0 && absolute {
            continue;
        }
        match *segment {
            "." => {
                if i == last {
                    output.push("");
                }
            }
            ".." => {
                output.pop();
                if i == last {
                    output.push("");
                }
            }
            other => output.push(other),
        }
    }
    let joined = output.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

/// `uri` without its fragment, and the fragment (empty when there is none).
pub(crate) fn split_fragment(uri: &str) -> (&str, &str) {
    match uri.split_once('#') {
        Some((base, fragment)) => (base, fragment),
        None => (uri, ""),
    }
}

/// A percent-encoded fragment decoded (`%25` to `%`); `None` when it does
/// not decode to UTF-8.
pub(crate) fn percent_decoded(text: &str) -> Option<String> {
    if !text.contains('%') {
        return Some(text.to_owned());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::resolve;

    #[test]
    fn resolves_as_rfc_3986_says() {
        let base = "http://a/b/c/d;p?q";
        for (reference, expected) in [
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("", "http://a/b/c/d;p?q"),
            ("../g", "http://a/b/g"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("urn:x:y#z", "urn:x:y#z"),
        ] {
            assert_eq!(resolve(base, reference), expected, "{reference}");
        }
        assert_eq!(resolve("urn:uuid:1234", "#foo"), "urn:uuid:1234#foo");
    }
}
