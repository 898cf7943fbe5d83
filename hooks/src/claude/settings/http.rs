//! HTTP hooks: the handler's URL, the `allowedHttpHookUrls` patterns that
//! admit it (`*` matches any run of characters, the whole URL must match),
//! and the environment variables its headers interpolate (`$VAR`,
//! `${VAR}`), which only `allowedEnvVars` (intersected with
//! `httpHookAllowedEnvVars` when set) lets through.

use super::quoted;
use crate::lint::Report;

/// What the settings file says about every HTTP hook in it.
#[derive(Debug, Default)]
pub(super) struct Policy {
    /// `allowedHttpHookUrls`, when set.
    pub(super) urls: Option<Vec<String>>,
    /// `httpHookAllowedEnvVars`, when set.
    pub(super) env_vars: Option<Vec<String>>,
}

/// Checks a handler's `url` at `pointer`: a valid http or https URL that
/// the file's `allowedHttpHookUrls` admits.
pub(super) fn check_url(url: &str, pointer: &str, policy: Option<&Policy>, out: &mut Report) {
    match url::Url::parse(url) {
        Err(err) => {
            out.error(
                pointer,
                format!("{} is not a valid URL: {err}", quoted(url)),
            );
            return;
        }
        Ok(parsed) if !matches!(parsed.scheme(), "http" | "https") => {
            out.error(
                pointer,
                format!(
                    "{} must be an http or https URL, got scheme {}",
                    quoted(url),
                    quoted(parsed.scheme())
                ),
            );
            return;
        }
        Ok(_) => {}
    }
    let Some(patterns) = policy.and_then(|policy| policy.urls.as_ref()) else {
        return;
    };
    if patterns.is_empty() {
        out.error(
            pointer,
            "allowedHttpHookUrls is empty, so every HTTP hook is blocked; add a pattern that \
             matches this URL or remove the hook",
        );
    } else if !patterns.iter().any(|pattern| glob_matches(pattern, url)) {
        let shown: Vec<String> = patterns.iter().take(3).map(|p| quoted(p)).collect();
        let more = match patterns.len().saturating_sub(3) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        out.error(
            pointer,
            format!(
                "{} matches no allowedHttpHookUrls pattern ({}{more}), so the hook is blocked; \
                 add a pattern that matches it",
                quoted(url),
                shown.join(", ")
            ),
        );
    }
}

/// Checks one `allowedHttpHookUrls` pattern at `pointer`: it must be able
/// to match some http or https URL.
pub(super) fn check_pattern(pattern: &str, pointer: &str, out: &mut Report) {
    const SCHEMES: [&str; 2] = ["http://", "https://"];
    let literal = pattern.split('*').next().unwrap_or_default();
    let can_match = if SCHEMES.iter().any(|scheme| literal.starts_with(scheme)) {
        // With each `*` standing for a letter, the pattern must be a URL.
        url::Url::parse(&pattern.replace('*', "x")).is_ok()
    } else {
        // `*`, `http*`, `https:/*`: the wildcard can still supply a scheme.
        SCHEMES.iter().any(|scheme| scheme.starts_with(literal))
    };
    if !can_match {
        out.warning(
            pointer,
            format!(
                "pattern {} can never match an http or https URL, so it admits no hook; \
                 patterns match the whole URL, such as \"https://hooks.example.com/*\"",
                quoted(pattern)
            ),
        );
    }
}

/// Whether `text` matches `pattern` whole, `*` standing for any run of
/// characters (none included). Linear in the text for each `*`-separated
/// part: the classic greedy match with one backtrack point.
pub(super) fn glob_matches(pattern: &str, text: &str) -> bool {
    let (p, t) = (pattern.as_bytes(), text.as_bytes());
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, ti));
            pi += 1;
        } else if pi < p.len() && p[pi] == t[ti] {
            pi += 1;
            ti += 1;
        } else if let Some((star_pi, star_ti)) = star {
            pi = star_pi + 1;
            ti = star_ti + 1;
            star = Some((star_pi, star_ti + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&b| b == b'*')
}

/// The variable names a header value interpolates: `$VAR` and `${VAR}`.
pub(super) fn env_references(value: &str) -> Vec<&str> {
    let bytes = value.as_bytes();
    let mut names = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'$' {
            i += 1;
            continue;
        }
        let braced = bytes.get(i + 1) == Some(&b'{');
        let start = i + 1 + usize::from(braced);
        let end = start
            + bytes[start..]
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
        let closed = !braced || bytes.get(end) == Some(&b'}');
        if end > start && !bytes[start].is_ascii_digit() && closed {
            names.push(&value[start..end]);
        }
        i = end.max(i + 1);
    }
    names
}

/// Whether `name` can be an environment variable's name.
pub(super) fn is_env_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_matches_the_whole_url_with_star_for_any_run() {
        assert!(glob_matches(
            "https://hooks.example.com/*",
            "https://hooks.example.com/a/b"
        ));
        assert!(glob_matches(
            "https://*.example.com/*",
            "https://a.example.com/x"
        ));
        assert!(glob_matches("*", "http://x"));
        assert!(glob_matches(
            "http://localhost:8080/hook",
            "http://localhost:8080/hook"
        ));
        assert!(!glob_matches(
            "https://hooks.example.com/*",
            "https://hooks.example.com"
        ));
        assert!(!glob_matches(
            "https://hooks.example.com/*",
            "http://hooks.example.com/x"
        ));
        assert!(!glob_matches("https://a.com", "https://a.com/x"));
    }

    #[test]
    fn a_long_hostile_pattern_stays_fast() {
        let pattern = "*a".repeat(2_000);
        let text = "a".repeat(20_000);
        assert!(glob_matches(&pattern, &text));
        assert!(!glob_matches(&format!("{pattern}b"), &text));
    }

    #[test]
    fn finds_both_forms_of_variable_reference() {
        assert_eq!(
            env_references("Bearer $MY_TOKEN, ${OTHER}x $1 ${BROKEN $ $_ok"),
            ["MY_TOKEN", "OTHER", "_ok"]
        );
    }
}
