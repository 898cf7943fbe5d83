//! `format` as an assertion (opt-in, as draft 2020-12 leaves it): the
//! formats a tool's arguments use, each checked as its RFC defines it.

/// A format the validator asserts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Assertion {
    DateTime,
    Date,
    Time,
    Duration,
    Email,
    Hostname,
    Ipv4,
    Ipv6,
    Uri,
    UriReference,
    Uuid,
    Regex,
}

/// Each format: its name and what a value must be.
const ASSERTIONS: [(Assertion, &str, &str); 12] = [
    (
        Assertion::DateTime,
        "date-time",
        "must be an RFC 3339 date-time, e.g. \"2026-12-01T09:00:00Z\"",
    ),
    (
        Assertion::Date,
        "date",
        "must be an RFC 3339 date, e.g. \"2026-12-01\"",
    ),
    (
        Assertion::Time,
        "time",
        "must be an RFC 3339 time with an offset, e.g. \"09:00:00Z\"",
    ),
    (
        Assertion::Duration,
        "duration",
        "must be an ISO 8601 duration, e.g. \"P1DT2H\"",
    ),
    (
        Assertion::Email,
        "email",
        "must be an email address, e.g. \"ada@example.com\"",
    ),
    (
        Assertion::Hostname,
        "hostname",
        "must be a hostname, e.g. \"example.com\"",
    ),
    (
        Assertion::Ipv4,
        "ipv4",
        "must be an IPv4 address, e.g. \"192.0.2.1\"",
    ),
    (
        Assertion::Ipv6,
        "ipv6",
        "must be an IPv6 address, e.g. \"2001:db8::1\"",
    ),
    (
        Assertion::Uri,
        "uri",
        "must be an absolute URI, e.g. \"https://example.com/a\"",
    ),
    (
        Assertion::UriReference,
        "uri-reference",
        "must be a URI reference, e.g. \"/a/b?c\"",
    ),
    (
        Assertion::Uuid,
        "uuid",
        "must be a UUID, e.g. \"67e55044-10b1-426f-9247-bb680e5fe0c8\"",
    ),
    (
        Assertion::Regex,
        "regex",
        "must be an ECMA-262 regular expression",
    ),
];

impl Assertion {
    /// The assertion `format: name` makes; `None` for a format only
    /// annotated.
    pub fn from_name(name: &str) -> Option<Assertion> {
        ASSERTIONS
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(assertion, _, _)| *assertion)
    }

    /// What a value must be: `must be an IPv4 address, e.g. "192.0.2.1"`.
    pub fn problem(self) -> &'static str {
        ASSERTIONS
            .iter()
            .find(|(assertion, _, _)| *assertion == self)
            .map_or("must have the declared format", |(_, _, problem)| problem)
    }

    /// Whether `text` has this format.
    pub fn accepts(self, text: &str) -> bool {
        match self {
            Assertion::DateTime => super::format_text::date_time(text),
            Assertion::Date => super::format_text::date(text),
            Assertion::Time => super::format_text::time(text),
            Assertion::Duration => super::format_text::duration(text),
            Assertion::Email => super::format_text::email(text),
            Assertion::Hostname => super::format_text::hostname(text),
            Assertion::Ipv4 => super::format_text::ipv4(text),
            Assertion::Ipv6 => super::format_text::ipv6(text),
            Assertion::Uri => super::format_text::uri(text, true),
            Assertion::UriReference => super::format_text::uri(text, false),
            Assertion::Uuid => super::format_text::uuid(text),
            Assertion::Regex => super::format_text::regex(text),
        }
    }
}
