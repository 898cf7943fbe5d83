//! Secrets in text: private keys, cloud and service tokens, JWTs,
//! credentials in URLs and `Authorization: Basic` headers, and
//! `password=`-style assignments of random-looking values.
//!
//! The rules ([`rules`]) follow the public gitleaks rule set (written anew
//! here). One pass of a literal automaton finds where each could match, and
//! each rule's expression then runs anchored on a bounded window there
//! ([`scan`]): linear in the length of the text, whatever it holds. Each
//! match is then checked for the usual false positives ([`filters`]).

mod filters;
mod rules;
mod scan;
#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::Range;

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
    /// The password of a URL (`postgres://user:password@host`,
    /// `redis://:password@host`, `https://user:token@github.com`).
    UrlCredentials,
    /// An npm access token (`npm_…`).
    NpmToken,
    /// A PyPI API token (`pypi-AgEIcHlwaS5vcmc…`).
    PyPiToken,
    /// A Hugging Face token (`hf_…`, `api_org_…`).
    HuggingFaceToken,
    /// A SendGrid API key (`SG.….…`).
    SendGridKey,
    /// A Stripe webhook signing secret (`whsec_…`).
    StripeWebhookSecret,
    /// A Google OAuth client secret (`GOCSPX-…`).
    GoogleOAuthClientSecret,
    /// An Azure storage account key (`AccountKey=…==` in a connection
    /// string).
    AzureStorageKey,
    /// HTTP Basic credentials (`Authorization: Basic <base64 of
    /// user:password>`).
    BasicAuth,
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
            SecretKind::UrlCredentials => "url-credentials",
            SecretKind::NpmToken => "npm-token",
            SecretKind::PyPiToken => "pypi-token",
            SecretKind::HuggingFaceToken => "hugging-face-token",
            SecretKind::SendGridKey => "sendgrid-key",
            SecretKind::StripeWebhookSecret => "stripe-webhook-secret",
            SecretKind::GoogleOAuthClientSecret => "google-oauth-client-secret",
            SecretKind::AzureStorageKey => "azure-storage-key",
            SecretKind::BasicAuth => "basic-auth",
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
            SecretKind::UrlCredentials => "password in a URL",
            SecretKind::NpmToken => "npm access token",
            SecretKind::PyPiToken => "PyPI API token",
            SecretKind::HuggingFaceToken => "Hugging Face token",
            SecretKind::SendGridKey => "SendGrid API key",
            SecretKind::StripeWebhookSecret => "Stripe webhook signing secret",
            SecretKind::GoogleOAuthClientSecret => "Google OAuth client secret",
            SecretKind::AzureStorageKey => "Azure storage account key",
            SecretKind::BasicAuth => "HTTP Basic credentials",
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

/// Every secret in `text`, in order, without overlaps.
///
/// One pass of a literal automaton over the text finds where a secret
/// could start; each kind's expression then runs there on a window of a
/// few hundred bytes. The work is linear in the length of the text: a
/// 10 MB text is read once, and no input makes a search start over. Each
/// candidate is then checked for the usual false positives. The kinds are
/// those of [`SecretKind`].
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
    scan::scan(text).0
}

/// Whether `text` holds any secret [`find_secrets`] finds.
pub fn contains_secrets(text: &str) -> bool {
    !find_secrets(text).is_empty()
}
