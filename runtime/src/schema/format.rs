//! Declared formats: strings that a type reads by parsing them (a URL, a
//! date-time), checked by the same parser.
//!
//! The `ToolArg` impls of those types (behind the `url`, `chrono` and
//! `jiff` features) record in their schema the private annotation
//! [`KEYWORD`], `"x-toolsmith-format": "<name>"`. The schema a tool
//! advertises shows it as JSON Schema's own `format` where one names it
//! (`"uuid"`, `"uri"`, `"date-time"`, `"date"`), else as a sentence in the
//! description (`Format: a date-time without an offset, e.g. ..`); a
//! host that drops `format` gets that sentence instead. The validator checks a string against it with the
//! parser the type's `Deserialize` calls, so a string the validator
//! accepts is one serde reads and the other way round, and a string that
//! fails gets a line in the words of the type:
//! `must be an RFC 3339 date-time, e.g. "2026-12-01T09:00:00Z", got "tomorrow"`.
//! A name whose feature is off, or that no type declares, is a
//! [`SchemaError`](crate::SchemaError).

/// The annotation that carries a declared format.
pub const KEYWORD: &str = "x-toolsmith-format";

/// The standard JSON Schema `format` a declared one states, where the
/// type reads exactly what that format names, or near enough that a
/// model writing the format's form is always read: `uuid`, `uri`,
/// `date-time`, `date`. A date-time or time without an offset has no
/// standard name (JSON Schema's `time` carries an offset, which
/// `NaiveTime` refuses), so its schema spells it out in the description
/// instead (see [`spelled`]).
pub(crate) fn standard(name: &str) -> Option<&'static str> {
    FORMATS
        .iter()
        .find(|entry| entry.1 == name)
        .and_then(|entry| entry.3)
}

/// What a value of the declared format `name` is, spelled out for a
/// model: `a date, e.g. "2026-12-01"`.
pub(crate) fn spelled(name: &str) -> Option<&'static str> {
    FORMATS
        .iter()
        .find(|entry| entry.1 == name)
        .and_then(|entry| entry.4.strip_prefix("must be "))
}

/// What a value of the standard `format` is, spelled out (as
/// [`spelled`]), for a host that drops the keyword.
pub(crate) fn spelled_standard(format: &str) -> Option<&'static str> {
    FORMATS
        .iter()
        .find(|entry| entry.3 == Some(format))
        .and_then(|entry| entry.4.strip_prefix("must be "))
}

/// One way of reading a string, named as the annotation names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// `uuid::Uuid`: `Uuid::parse_str`.
    Uuid,
    /// `url::Url`: `Url::parse`.
    Url,
    /// `chrono::DateTime<Utc>` and `DateTime<FixedOffset>`.
    ChronoDateTime,
    /// `chrono::NaiveDate`.
    ChronoDate,
    /// `chrono::NaiveDateTime`.
    ChronoNaiveDateTime,
    /// `chrono::NaiveTime`.
    ChronoTime,
    /// `jiff::Timestamp`.
    JiffTimestamp,
    /// `jiff::civil::Date`.
    JiffDate,
    /// `jiff::civil::DateTime`.
    JiffDateTime,
    /// `jiff::civil::Time`.
    JiffTime,
}

/// Every format: its name, the feature that reads it, the standard
/// `format` it states, and what a value must be, for the line.
const FORMATS: &[(Format, &str, &str, Option<&str>, &str)] = &[
    (
        Format::Uuid,
        "uuid",
        "uuid",
        Some("uuid"),
        "must be a UUID, e.g. \"67e55044-10b1-426f-9247-bb680e5fe0c8\"",
    ),
    (
        Format::Url,
        "url",
        "url",
        Some("uri"),
        "must be an absolute URL, e.g. \"https://example.com/page\"",
    ),
    (
        Format::ChronoDateTime,
        "chrono-date-time",
        "chrono",
        Some("date-time"),
        "must be an RFC 3339 date-time, e.g. \"2026-12-01T09:00:00Z\"",
    ),
    (
        Format::ChronoDate,
        "chrono-date",
        "chrono",
        Some("date"),
        "must be a date, e.g. \"2026-12-01\"",
    ),
    (
        Format::ChronoNaiveDateTime,
        "chrono-naive-date-time",
        "chrono",
        None,
        "must be a date-time without an offset, e.g. \"2026-12-01T09:00:00\"",
    ),
    (
        Format::ChronoTime,
        "chrono-time",
        "chrono",
        None,
        "must be a time of day, e.g. \"09:30:00\"",
    ),
    (
        Format::JiffTimestamp,
        "jiff-timestamp",
        "jiff",
        Some("date-time"),
        "must be an RFC 3339 date-time, e.g. \"2026-12-01T09:00:00Z\"",
    ),
    (
        Format::JiffDate,
        "jiff-date",
        "jiff",
        Some("date"),
        "must be a date, e.g. \"2026-12-01\"",
    ),
    (
        Format::JiffDateTime,
        "jiff-date-time",
        "jiff",
        None,
        "must be a date-time without an offset, e.g. \"2026-12-01T09:00:00\"",
    ),
    (
        Format::JiffTime,
        "jiff-time",
        "jiff",
        None,
        "must be a time of day, e.g. \"09:30:00\"",
    ),
];

impl Format {
    /// The format an annotation names, or why it cannot be read here.
    pub fn from_name(name: &str) -> Result<Format, String> {
        let Some((format, _, feature, _, _)) = FORMATS.iter().find(|entry| entry.1 == name) else {
            let names: Vec<&str> = FORMATS.iter().map(|entry| entry.1).collect();
            return Err(format!(
                "unknown format {}; the formats are {}",
                crate::echo::quoted(name),
                names.join(", ")
            ));
        };
        if format.available() {
            Ok(*format)
        } else {
            Err(format!(
                "format {} needs toolsmith's `{feature}` feature",
                crate::echo::quoted(name)
            ))
        }
    }

    /// What a value must be: `must be a date, e.g. "2026-12-01"`.
    pub fn problem(self) -> &'static str {
        FORMATS
            .iter()
            .find(|entry| entry.0 == self)
            .map_or("must be text of the declared format", |entry| entry.4)
    }

    fn available(self) -> bool {
        match self {
            Format::Uuid => cfg!(feature = "uuid"),
            Format::Url => cfg!(feature = "url"),
            Format::ChronoDateTime
            | Format::ChronoDate
            | Format::ChronoNaiveDateTime
            | Format::ChronoTime => cfg!(feature = "chrono"),
            Format::JiffTimestamp | Format::JiffDate | Format::JiffDateTime | Format::JiffTime => {
                cfg!(feature = "jiff")
            }
        }
    }

    /// Whether the type's parser reads `text`: the parser its `Deserialize`
    /// calls on a string.
    pub fn accepts(self, text: &str) -> bool {
        match self {
            #[cfg(feature = "uuid")]
            Format::Uuid => uuid::Uuid::parse_str(text).is_ok(),
            #[cfg(feature = "url")]
            Format::Url => url::Url::parse(text).is_ok(),
            #[cfg(feature = "chrono")]
            Format::ChronoDateTime => text
                .parse::<chrono::DateTime<chrono::FixedOffset>>()
                .is_ok(),
            #[cfg(feature = "chrono")]
            Format::ChronoDate => text.parse::<chrono::NaiveDate>().is_ok(),
            #[cfg(feature = "chrono")]
            Format::ChronoNaiveDateTime => text.parse::<chrono::NaiveDateTime>().is_ok(),
            #[cfg(feature = "chrono")]
            Format::ChronoTime => text.parse::<chrono::NaiveTime>().is_ok(),
            #[cfg(feature = "jiff")]
            Format::JiffTimestamp => text.parse::<jiff::Timestamp>().is_ok(),
            #[cfg(feature = "jiff")]
            Format::JiffDate => text.parse::<jiff::civil::Date>().is_ok(),
            #[cfg(feature = "jiff")]
            Format::JiffDateTime => text.parse::<jiff::civil::DateTime>().is_ok(),
            #[cfg(feature = "jiff")]
            Format::JiffTime => text.parse::<jiff::civil::Time>().is_ok(),
            // `from_name` only returns formats whose feature is on.
            #[allow(unreachable_patterns)]
            _ => {
                let _ = text;
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::Validator;

    #[test]
    fn unknown_formats_are_schema_errors() {
        let err = Validator::new(&json!({"type": "string", super::KEYWORD: "email"})).unwrap_err();
        assert!(
            err.to_string()
                .contains("unknown format \"email\"; the formats are uuid, url, chrono-date-time"),
            "{err}"
        );
        assert!(Validator::new(&json!({"type": "string", super::KEYWORD: 3})).is_err());
    }

    /// Each declared format states the standard one that names what its
    /// parser reads, or none.
    #[test]
    fn declared_formats_state_the_standard_ones() {
        let stated: Vec<(&str, Option<&str>)> = super::FORMATS
            .iter()
            .map(|entry| (entry.1, super::standard(entry.1)))
            .collect();
        assert_eq!(
            stated,
            [
                ("uuid", Some("uuid")),
                ("url", Some("uri")),
                ("chrono-date-time", Some("date-time")),
                ("chrono-date", Some("date")),
                ("chrono-naive-date-time", None),
                ("chrono-time", None),
                ("jiff-timestamp", Some("date-time")),
                ("jiff-date", Some("date")),
                ("jiff-date-time", None),
                ("jiff-time", None),
            ]
        );
        assert_eq!(
            super::spelled_standard("date"),
            Some("a date, e.g. \"2026-12-01\"")
        );
        assert_eq!(super::spelled_standard("email"), None);
    }
}
