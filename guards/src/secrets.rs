//! Secrets in text: private keys, cloud and service tokens, JWTs, and
//! `password=`-style assignments of random-looking values.
//!
//! The patterns follow the public gitleaks rule set (written anew here).
//! They run as one `regex` pass, linear in the length of the text; each
//! candidate is then checked for the usual false positives: documented
//! example keys (`AKIAIOSFODNN7EXAMPLE`), placeholders (`changeme`,
//! `${PASSWORD}`, `<your-key>`, `xxxx…`), UUIDs, code (`settings.SECRET_KEY`).

use std::fmt;
use std::ops::Range;
use std::sync::LazyLock;

use regex::{Captures, Regex};

/// What kind of secret a [`SecretFinding`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SecretKind {
    /// A PEM private key block (`-----BEGIN … PRIVATE KEY-----`), also
    /// with its line breaks escaped as `\n` inside a JSON string (a
    /// service account key file).
    PrivateKey,
    /// An AWS access key id (`AKIA…`, `ASIA…`).
    AwsAccessKeyId,
    /// An AWS secret access key, in an assignment
    /// (`aws_secret_access_key = …`).
    AwsSecretAccessKey,
    /// A GitHub token (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`,
    /// `github_pat_`).
    GitHubToken,
    /// A GitLab token (`glpat-`, `gldt-`, `glrt-`, `glptt-`, …).
    GitLabToken,
    /// A Slack token (`xoxb-`, `xoxp-`, `xapp-`, …).
    SlackToken,
    /// A Slack incoming webhook URL (`hooks.slack.com/services/…`).
    SlackWebhook,
    /// A Stripe live secret or restricted key (`sk_live_`, `rk_live_`).
    StripeKey,
    /// A Google API key (`AIza…`).
    GoogleApiKey,
    /// An OpenAI API key (`sk-proj-…`, `sk-svcacct-…`, `sk-…`).
    OpenAiKey,
    /// An Anthropic API key (`sk-ant-…`).
    AnthropicKey,
    /// A JSON Web Token (`eyJ….eyJ….…`).
    Jwt,
    /// A random-looking value assigned to a name such as `password`,
    /// `api_key`, `secret` or `token`.
    GenericAssignment,
}

impl SecretKind {
    /// The kind as a stable kebab-case name: `github-token`.
    pub const fn as_str(self) -> &'static str {
        match self {
            SecretKind::PrivateKey => "private-key",
            SecretKind::AwsAccessKeyId => "aws-access-key-id",
            SecretKind::AwsSecretAccessKey => "aws-secret-access-key",
            SecretKind::GitHubToken => "github-token",
            SecretKind::GitLabToken => "gitlab-token",
            SecretKind::SlackToken => "slack-token",
            SecretKind::SlackWebhook => "slack-webhook",
            SecretKind::StripeKey => "stripe-key",
            SecretKind::GoogleApiKey => "google-api-key",
            SecretKind::OpenAiKey => "openai-key",
            SecretKind::AnthropicKey => "anthropic-key",
            SecretKind::Jwt => "jwt",
            SecretKind::GenericAssignment => "generic-assignment",
        }
    }

    /// What the kind is, in words: `GitHub token`.
    pub const fn description(self) -> &'static str {
        match self {
            SecretKind::PrivateKey => "private key",
            SecretKind::AwsAccessKeyId => "AWS access key id",
            SecretKind::AwsSecretAccessKey => "AWS secret access key",
            SecretKind::GitHubToken => "GitHub token",
            SecretKind::GitLabToken => "GitLab token",
            SecretKind::SlackToken => "Slack token",
            SecretKind::SlackWebhook => "Slack webhook URL",
            SecretKind::StripeKey => "Stripe live key",
            SecretKind::GoogleApiKey => "Google API key",
            SecretKind::OpenAiKey => "OpenAI API key",
            SecretKind::AnthropicKey => "Anthropic API key",
            SecretKind::Jwt => "JSON Web Token",
            SecretKind::GenericAssignment => "password or key assignment",
        }
    }
}

impl fmt::Display for SecretKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A secret found in a text: its kind and where it is, never the secret
/// itself (neither in `Debug` nor in `Display`).
///
/// `Display` is the line for the model:
/// `Secret in content: GitHub token at bytes 8..48; remove it and read it from the environment or a secrets manager instead`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretFinding {
    /// What kind of secret it is.
    pub kind: SecretKind,
    /// Where the secret is in the text, in bytes: the value alone for an
    /// assignment (`password=` is not part of it), the whole block for a
    /// private key.
    pub range: Range<usize>,
}

impl fmt::Display for SecretFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Secret in content: {} at bytes {}..{}; remove it and read it from the environment \
             or a secrets manager instead",
            self.kind.description(),
            self.range.start,
            self.range.end
        )
    }
}

/// Every secret in `text`, in order.
///
/// One pass of a combined regular expression (linear time: a 10 MB text is
/// read once), then each candidate is checked for the usual false
/// positives. The kinds are those of [`SecretKind`].
///
/// ```
/// use toolsmith_guards::{find_secrets, SecretKind};
///
/// // Built from pieces, so this file does not hold a token-shaped string.
/// let token = ["ghp", "_R8sWq1ZbT4kLmN0pX7vY2cD5fG9hJ3aQe6Uo"].concat();
/// let text = format!("export GITHUB_TOKEN={token}\n");
/// let found = find_secrets(&text);
/// assert_eq!(found.len(), 1);
/// assert_eq!(found[0].kind, SecretKind::GitHubToken);
/// assert_eq!(&text[found[0].range.clone()], token);
/// assert!(find_secrets("aws_access_key_id = AKIAIOSFODNN7EXAMPLE").is_empty());
/// ```
pub fn find_secrets(text: &str) -> Vec<SecretFinding> {
    let mut findings = Vec::new();
    scan(text, |finding| {
        findings.push(finding);
        true
    });
    findings
}

/// Each finding in `text`, in order, until `each` returns `false`.
///
/// A `password = …`-style match that is rejected (its value does not
/// look random) is searched again from its value on, so the assignment
/// does not hide the secret it names: `"private_key": "-----BEGIN …`.
fn scan(text: &str, mut each: impl FnMut(SecretFinding) -> bool) {
    let mut at = 0;
    while let Some(captures) = PATTERN.captures_at(text, at) {
        let whole = captures.get(0).expect("group 0 is the whole match");
        match candidate(&captures) {
            Some(finding) => {
                if !each(finding) {
                    return;
                }
                at = whole.end();
            }
            // The value starts after the name, so the search moves on.
            None => {
                at = captures
                    .name("generic")
                    .map_or(whole.end(), |value| value.start())
            }
        }
    }
}

/// Whether `text` holds any secret [`find_secrets`] finds; stops at the
/// first.
pub fn contains_secrets(text: &str) -> bool {
    let mut found = false;
    scan(text, |_| {
        found = true;
        false
    });
    found
}

/// The groups of [`PATTERN`], each the secret of one kind.
const GROUPS: &[(&str, SecretKind)] = &[
    ("private_key", SecretKind::PrivateKey),
    ("aws_secret", SecretKind::AwsSecretAccessKey),
    ("aws_id", SecretKind::AwsAccessKeyId),
    ("github", SecretKind::GitHubToken),
    ("gitlab", SecretKind::GitLabToken),
    ("slack_webhook", SecretKind::SlackWebhook),
    ("slack", SecretKind::SlackToken),
    ("stripe", SecretKind::StripeKey),
    ("google", SecretKind::GoogleApiKey),
    ("anthropic", SecretKind::AnthropicKey),
    ("openai", SecretKind::OpenAiKey),
    ("jwt", SecretKind::Jwt),
    ("generic", SecretKind::GenericAssignment),
];

/// All kinds in one expression; earlier alternatives win where two start
/// at the same place (`aws_secret_access_key = …` is the AWS kind, not
/// the generic one). `(?-u:\b)` keeps the word boundaries ASCII, which the
/// linear-time engine runs on any text.
static PATTERN: LazyLock<Regex> = LazyLock::new(|| {
    let b = r"(?-u:\b)";
    let parts = [
        // PEM blocks: header, optional `Proc-Type:`/`DEK-Info:` lines, the
        // base64 body, and the END line when there is one.
        r"(?P<private_key>-----BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----(?:\r?\n|\\n)(?:[A-Za-z-]+: [^\n]*\n)*(?P<private_key_body>[A-Za-z0-9+/=\r\n\t \\]{64,})(?:-----END (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----)?)".to_owned(),
        format!(
            r#"{b}(?i:aws_?(?:secret_?)?(?:access_?)?key|aws_?secret)["']?\s*(?::|=|:=|=>)\s*["']?(?P<aws_secret>[A-Za-z0-9/+]{{40}})(?:[^A-Za-z0-9/+]|$)"#
        ),
        format!(r"{b}(?P<aws_id>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{{16}}){b}"),
        format!(
            r"{b}(?P<github>(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{{36}}|github_pat_[A-Za-z0-9_]{{50,255}}){b}"
        ),
        format!(r"{b}(?P<gitlab>(?:glpat|gldt|glrt|glptt|glft|glsoat|glcbt)-[A-Za-z0-9_-]{{20,}})"),
        r"(?P<slack_webhook>hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,})".to_owned(),
        format!(r"{b}(?P<slack>xox[abposre]-[0-9A-Za-z-]{{10,}}|xapp-[0-9]-[0-9A-Za-z-]{{10,}})"),
        format!(r"{b}(?P<stripe>(?:sk|rk)_(?:live|prod)_[A-Za-z0-9]{{20,247}}){b}"),
        format!(r"{b}(?P<google>AIza[A-Za-z0-9_-]{{35}})"),
        format!(r"{b}(?P<anthropic>sk-ant-[a-z]{{2,8}}[0-9]{{0,3}}-[A-Za-z0-9_-]{{32,}})"),
        format!(
            r"{b}(?P<openai>sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{{20,}}|sk-[A-Za-z0-9]{{20}}T3BlbkFJ[A-Za-z0-9]{{20}}|sk-[A-Za-z0-9]{{48}}){b}"
        ),
        format!(r"{b}(?P<jwt>eyJ[A-Za-z0-9_-]{{8,}}\.eyJ[A-Za-z0-9_-]{{8,}}\.[A-Za-z0-9_-]{{8,}})"),
        format!(
            r#"{b}(?i:[a-z0-9_.-]*(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth[_-]?key)[a-z0-9_.-]*)["']?\s*(?::|=|:=|=>)\s*["']?(?P<generic>[^\s"'`;,(){{}}<>\[\]\\]{{8,256}})"#
        ),
    ];
    Regex::new(&parts.join("|")).expect("the secret patterns compile")
});

/// The finding of one match, unless it is a false positive.
fn candidate(captures: &Captures<'_>) -> Option<SecretFinding> {
    let (group, kind) = GROUPS
        .iter()
        .find(|(group, _)| captures.name(group).is_some())?;
    let secret = captures.name(group)?;
    let value = secret.as_str();
    if is_documented_example(value) {
        return None;
    }
    match kind {
        SecretKind::PrivateKey => {
            let body = captures.name("private_key_body")?.as_str();
            let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
            (compact.len() >= 64 && entropy(&compact) >= 4.0).then_some(())?
        }
        SecretKind::GenericAssignment => {
            // A token of a known kind in an assignment is that kind.
            if let Some(inner) = PATTERN
                .captures_iter(value)
                .filter(|inner| inner.name("generic").is_none())
                .find_map(|inner| candidate(&inner))
            {
                let start = secret.start() + inner.range.start;
                return Some(SecretFinding {
                    kind: inner.kind,
                    range: start..secret.start() + inner.range.end,
                });
            }
            looks_random(value).then_some(())?
        }
        _ => (entropy(value) >= 3.0).then_some(())?,
    }
    Some(SecretFinding {
        kind: *kind,
        range: secret.range(),
    })
}

/// Keys and tokens published as examples in documentation.
fn is_documented_example(value: &str) -> bool {
    const EXAMPLES: &[&str] = &[
        // jwt.io's example token's signature.
        "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    ];
    value.to_ascii_uppercase().contains("EXAMPLE") || EXAMPLES.iter().any(|e| value.contains(e))
}

/// A value assigned to `password`/`api_key`/… that reads like a secret:
/// letters and digits, high entropy, not a placeholder, a reference to
/// something else (`$PASSWORD`, `%(password)s`, `settings.SECRET_KEY`),
/// a UUID or a run of one character.
fn looks_random(value: &str) -> bool {
    const PLACEHOLDERS: &[&str] = &[
        "changeme",
        "change_me",
        "change-me",
        "password",
        "placeholder",
        "example",
        "your",
        "redacted",
        "dummy",
        "sample",
        "secret",
        "xxxx",
        "****",
        "....",
        "todo",
        "fixme",
        "insert",
        "replace",
        "none",
        "null",
        "undefined",
        "test",
    ];
    let lower = value.to_ascii_lowercase();
    if value.starts_with(['$', '%', '@', '&', '*', '#', '/', '.'])
        || value.contains("${")
        || value.contains("{{")
        || value.contains("://")
        || PLACEHOLDERS.iter().any(|p| lower.contains(p))
        || is_uuid(value)
        || is_dotted_identifier(value)
    {
        return false;
    }
    let digits = value.chars().any(|c| c.is_ascii_digit());
    let letters = value.chars().any(|c| c.is_ascii_alphabetic());
    digits && letters && entropy(value) >= 3.0
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

/// Shannon entropy of `value`'s characters, in bits per character.
pub(crate) fn entropy(value: &str) -> f64 {
    let mut counts = std::collections::HashMap::new();
    let mut total = 0usize;
    for c in value.chars() {
        *counts.entry(c).or_insert(0usize) += 1;
        total += 1;
    }
    if total == 0 {
        return 0.0;
    }
    counts
        .values()
        .map(|&count| {
            let p = count as f64 / total as f64;
            -p * p.log2()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entropy_in_bits_per_character() {
        assert_eq!(entropy(""), 0.0);
        assert_eq!(entropy("aaaa"), 0.0);
        assert_eq!(entropy("abcdefgh"), 3.0);
        assert!((entropy("aabb") - 1.0).abs() < 1e-9);
    }

    #[test]
    fn random_values_and_the_rest() {
        for value in ["Tr0ub4dor&3x", "c3VwZXJzZWNyZXQ9", "a8F3kQ9zLm2P"] {
            assert!(looks_random(value), "{value}");
        }
        for value in [
            "changeme123",
            "${PASSWORD}",
            "$DB_PASS",
            "settings.SECRET_KEY",
            "12345678",
            "abcdefgh",
            "aaaaaaa1",
            "123e4567-e89b-12d3-a456-426614174000",
            "https://x.example/a1",
            "your-key-1",
        ] {
            assert!(!looks_random(value), "{value}");
        }
    }

    #[test]
    fn every_group_of_the_pattern_has_a_kind() {
        for name in PATTERN.capture_names().flatten() {
            assert!(
                name == "private_key_body" || GROUPS.iter().any(|(group, _)| *group == name),
                "{name}"
            );
        }
    }
}
