//! The rules: for each kind of secret, the literals every match holds
//! (the anchors the one pass over the text looks for), where a match
//! starts from its anchor, how far it may reach, and the expression run
//! anchored there. The patterns follow the public gitleaks rule set and
//! each service's documented token format (written anew here).

use super::SecretKind;

/// Where a match starts, from the anchor found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Start {
    /// At the anchor.
    Anchor,
    /// At the start of the name the anchor is part of: the run of
    /// `[A-Za-z0-9_.-]` before it, at most [`MAX_NAME_BYTES`] long
    /// (`db_password` for the anchor `passw`).
    Name,
    /// At the start of a URL scheme before `://`, at most
    /// [`MAX_SCHEME_BYTES`] long.
    Scheme,
}

/// The longest name before an assignment's keyword a rule looks back over.
pub(super) const MAX_NAME_BYTES: usize = 64;

/// The longest URL scheme looked back over.
pub(super) const MAX_SCHEME_BYTES: usize = 32;

/// One kind's rule.
pub(super) struct Rule {
    /// What a match is.
    pub(super) kind: SecretKind,
    /// Literals, compared ignoring ASCII case: every match holds one, and
    /// the expression runs where one is found.
    pub(super) anchors: &'static [&'static str],
    /// Where the match starts, from the anchor.
    pub(super) start: Start,
    /// How far past the anchor's start the match may end, in bytes.
    pub(super) reach: usize,
    /// Whether a match is its prefix and then one run of token
    /// characters that the prefix is made of too (`glpat-…`,
    /// `eyJ….eyJ….…`; not `hooks.slack.com/…`): an anchor inside the stretch
    /// a failed search of the rule read through is not searched again,
    /// since the earlier search took every way a match from there could.
    /// (In a run of token characters longer than the reach, a match that
    /// starts inside the first reach and ends past it is not found.)
    pub(super) run: bool,
    /// The expression, run anchored at the start; group `secret` is the
    /// secret's range.
    pub(super) pattern: &'static str,
}

/// Every rule. An assignment's value is a run of characters that are
/// neither space, quote, bracket nor separator (`;`, `,`, `=`, but `==`
/// padding ends it), and no other assignment is looked for inside it.
/// Where two matches overlap the earlier one wins, and at the
/// same place the earlier rule: `aws_secret_access_key = …` is the AWS
/// kind, not an assignment; an assignment whose value is a token of a
/// known kind is that kind.
pub(super) const RULES: &[Rule] = &[
    Rule {
        kind: SecretKind::PrivateKey,
        anchors: &["-----BEGIN "],
        run: false,
        start: Start::Anchor,
        reach: 1024,
        // The header, optional `Proc-Type:`/`DEK-Info:` lines, and the
        // first 64 characters of the body; the scan reads the rest of the
        // body and the END line.
        pattern: r"-----BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----(?:\r?\n|\\n)?(?:[A-Za-z-]+: [^\n\\]{0,128}(?:\r?\n|\\n)){0,4}(?P<body>[A-Za-z0-9+/=\r\n\t \\]{64})",
    },
    Rule {
        kind: SecretKind::AwsSecretAccessKey,
        anchors: &["aws"],
        run: false,
        start: Start::Anchor,
        reach: 160,
        pattern: r#"(?-u:\b)(?i:aws_?(?:secret_?)?(?:access_?)?key|aws_?secret)["']?\s{0,16}(?::|=|:=|=>)\s{0,16}["']?(?P<secret>[A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+]|$)"#,
    },
    Rule {
        kind: SecretKind::AwsAccessKeyId,
        anchors: &["A3T", "AKIA", "ASIA", "ABIA", "ACCA"],
        run: false,
        start: Start::Anchor,
        reach: 20,
        pattern: r"(?-u:\b)(?P<secret>(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})(?-u:\b)",
    },
    Rule {
        kind: SecretKind::GitHubToken,
        anchors: &["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
        run: false,
        start: Start::Anchor,
        reach: 266,
        pattern: r"(?-u:\b)(?P<secret>(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{50,255})(?-u:\b)",
    },
    Rule {
        kind: SecretKind::GitLabToken,
        anchors: &[
            "glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glsoat-", "glcbt-",
        ],
        run: true,
        start: Start::Anchor,
        reach: 512,
        pattern: r"(?-u:\b)(?P<secret>(?:glpat|gldt|glrt|glptt|glft|glsoat|glcbt)-[A-Za-z0-9_-]{20,})",
    },
    Rule {
        kind: SecretKind::SlackWebhook,
        anchors: &["hooks.slack.com/"],
        run: false,
        start: Start::Anchor,
        reach: 512,
        pattern: r"(?P<secret>hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,})",
    },
    Rule {
        kind: SecretKind::SlackToken,
        anchors: &["xox", "xapp-"],
        run: true,
        start: Start::Anchor,
        reach: 512,
        pattern: r"(?-u:\b)(?P<secret>xox[abposre]-[0-9A-Za-z-]{10,}|xapp-[0-9]-[0-9A-Za-z-]{10,})",
    },
    Rule {
        kind: SecretKind::StripeKey,
        anchors: &["sk_live_", "rk_live_", "sk_prod_", "rk_prod_"],
        run: false,
        start: Start::Anchor,
        reach: 256,
        pattern: r"(?-u:\b)(?P<secret>(?:sk|rk)_(?:live|prod)_[A-Za-z0-9]{20,247})(?-u:\b)",
    },
    Rule {
        kind: SecretKind::StripeWebhookSecret,
        anchors: &["whsec_"],
        run: false,
        start: Start::Anchor,
        reach: 80,
        pattern: r"(?-u:\b)(?P<secret>whsec_[A-Za-z0-9+/]{32,64})(?:[^A-Za-z0-9+/]|$)",
    },
    Rule {
        kind: SecretKind::GoogleOAuthClientSecret,
        anchors: &["GOCSPX-"],
        run: false,
        start: Start::Anchor,
        reach: 40,
        pattern: r"(?-u:\b)(?P<secret>GOCSPX-[A-Za-z0-9_-]{28})(?:[^A-Za-z0-9_-]|$)",
    },
    Rule {
        kind: SecretKind::GoogleApiKey,
        anchors: &["AIza"],
        run: false,
        start: Start::Anchor,
        reach: 40,
        pattern: r"(?-u:\b)(?P<secret>AIza[A-Za-z0-9_-]{35})",
    },
    Rule {
        kind: SecretKind::AnthropicKey,
        anchors: &["sk-ant-"],
        run: true,
        start: Start::Anchor,
        reach: 512,
        pattern: r"(?-u:\b)(?P<secret>sk-ant-[a-z]{2,8}[0-9]{0,3}-[A-Za-z0-9_-]{32,})",
    },
    Rule {
        kind: SecretKind::OpenAiKey,
        anchors: &["sk-"],
        run: true,
        start: Start::Anchor,
        reach: 512,
        pattern: r"(?-u:\b)(?P<secret>sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}|sk-[A-Za-z0-9]{48})(?-u:\b)",
    },
    Rule {
        kind: SecretKind::NpmToken,
        anchors: &["npm_"],
        run: false,
        start: Start::Anchor,
        reach: 40,
        pattern: r"(?-u:\b)(?P<secret>npm_[A-Za-z0-9]{36})(?-u:\b)",
    },
    Rule {
        kind: SecretKind::PyPiToken,
        anchors: &["pypi-AgEIcHlwaS5vcmc"],
        run: true,
        start: Start::Anchor,
        reach: 1024,
        pattern: r"(?-u:\b)(?P<secret>pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,})",
    },
    Rule {
        kind: SecretKind::HuggingFaceToken,
        anchors: &["hf_", "api_org_"],
        run: false,
        start: Start::Anchor,
        reach: 42,
        pattern: r"(?-u:\b)(?P<secret>(?:hf_|api_org_)[A-Za-z]{34})(?-u:\b)",
    },
    Rule {
        kind: SecretKind::SendGridKey,
        anchors: &["SG."],
        run: false,
        start: Start::Anchor,
        reach: 70,
        pattern: r"(?-u:\b)(?P<secret>SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})(?:[^A-Za-z0-9_-]|$)",
    },
    Rule {
        kind: SecretKind::AzureStorageKey,
        anchors: &["AccountKey="],
        run: false,
        start: Start::Anchor,
        reach: 100,
        pattern: r"(?-u:\b)AccountKey=(?P<secret>[A-Za-z0-9+/]{86}==)",
    },
    Rule {
        kind: SecretKind::Jwt,
        anchors: &["eyJ"],
        run: true,
        start: Start::Anchor,
        reach: 4096,
        pattern: r"(?-u:\b)(?P<secret>eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})",
    },
    Rule {
        kind: SecretKind::BasicAuth,
        anchors: &["authorization"],
        run: false,
        start: Start::Anchor,
        reach: 1024,
        pattern: r#"(?-u:\b)(?i:authorization)["']?\s{0,16}[:=]\s{0,16}["']?(?i:basic)\s{1,16}(?P<secret>[A-Za-z0-9+/]{8,}={0,2})"#,
    },
    Rule {
        kind: SecretKind::UrlCredentials,
        anchors: &["://"],
        run: false,
        start: Start::Scheme,
        reach: 512,
        pattern: r#"[A-Za-z][A-Za-z0-9+.-]*://(?P<user>[^\s:@/?#\[\]"'<>`\\]{0,128}):(?P<secret>[^\s:@/?#\[\]"'<>`\\]{1,256})@[A-Za-z0-9\[._-]"#,
    },
    Rule {
        kind: SecretKind::GenericAssignment,
        anchors: &[
            "passw",
            "pwd",
            "secret",
            "token",
            "api",
            "access",
            "private",
            "credential",
            "auth",
        ],
        run: false,
        start: Start::Name,
        reach: 512,
        pattern: r#"(?P<name>(?i:[a-z0-9_.-]{0,64}(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth[_-]?key)[a-z0-9_.-]{0,64}))["']?\s{0,16}(?::|=|:=|=>)\s{0,16}["']?(?P<secret>[^\s"'`;,(){}<>\[\]\\=]{8,256}={0,2})"#,
    },
];
