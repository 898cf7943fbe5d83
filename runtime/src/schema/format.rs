//! Declared formats: strings that a type reads by parsing them (a URL, a
//! date-time), checked by the same parser.
//!
//! The `ToolArg` impls of those types (behind the `url`, `chrono` and
//! `jiff` features) record in their schema the private annotation
//! [`KEYWORD`], `"x-toolsmith-format": "<name>"`, which the schema a tool
//! advertises never shows (JSON Schema's own `format` is outside the
//! supported subset). The validator checks a string against it with the
//! parser the type's `Deserialize` calls, so a string the validator
//! accepts is one serde reads and the other way round, and a string that
//! fails gets a line in the words of the type:
//! `must be an RFC 3339 date-time, e.g. "2026-12-01T09:00:00Z", got "tomorrow"`.
//! A name whose feature is off, or that no type declares, is a
//! [`SchemaError`](crate::SchemaError).

/// The annotation that carries a declared format.
pub const KEYWORD: &str = "x-toolsmith-format";

/// The forms `Uuid::parse_str` reads, and no other: 32 hex digits, the
/// hyphenated form, and that form in braces or after `urn:uuid:`. A tool
/// advertises it for `"x-toolsmith-format": "uuid"` (see [`advertised`]).
const UUID_PATTERN: &str = concat!(
    "^(?:[0-9a-fA-F]{32}",
    "|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
    "|\\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\}",
    "|urn:uuid:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$"
);

/// What a tool shows for a declared format: the `pattern` that states
/// exactly the strings its parser reads, where there is one (a UUID's),
/// else nothing. The validator checks the parser, whose line names the
/// type (`must be a UUID, e.g. ..`), not a long pattern.
pub(crate) fn advertised(name: &str) -> Option<&'static str> {
    (name == "uuid").then_some(UUID_PATTERN)
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

/// Every format: its name, the feature that reads it, and what a value
/// must be, for the line.
const FORMATS: &[(Format, &str, &str, &str)] = &[
    (
        Format::Uuid,
        "uuid",
        "uuid",
        "must be a UUID, e.g. \"67e55044-10b1-426f-9247-bb680e5fe0c8\"",
    ),
    (
        Format::Url,
        "url",
        "url",
        "must be an absolute URL, e.g. \"https://example.com/page\"",
    ),
    (
        Format::ChronoDateTime,
        "chrono-date-time",
        "chrono",
        "must be an RFC 3339 date-time, e.g. \"2026-12-01T09:00:00Z\"",
    ),
    (
        Format::ChronoDate,
        "chrono-date",
        "chrono",
        "must be a date, e.g. \"2026-12-01\"",
    ),
    (
        Format::ChronoNaiveDateTime,
        "chrono-naive-date-time",
        "chrono",
        "must be a date-time without an offset, e.g. \"2026-12-01T09:00:00\"",
    ),
    (
        Format::ChronoTime,
        "chrono-time",
        "chrono",
        "must be a time of day, e.g. \"09:30:00\"",
    ),
    (
        Format::JiffTimestamp,
        "jiff-timestamp",
        "jiff",
        "must be an RFC 3339 date-time, e.g. \"2026-12-01T09:00:00Z\"",
    ),
    (
        Format::JiffDate,
        "jiff-date",
        "jiff",
        "must be a date, e.g. \"2026-12-01\"",
    ),
    (
        Format::JiffDateTime,
        "jiff-date-time",
        "jiff",
        "must be a date-time without an offset, e.g. \"2026-12-01T09:00:00\"",
    ),
    (
        Format::JiffTime,
        "jiff-time",
        "jiff",
        "must be a time of day, e.g. \"09:30:00\"",
    ),
];

impl Format {
    /// The format an annotation names, or why it cannot be read here.
    pub fn from_name(name: &str) -> Result<Format, String> {
        let Some((format, _, feature, _)) = FORMATS.iter().find(|entry| entry.1 == name) else {
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
            .map_or("must be text of the declared format", |entry| entry.3)
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

    /// The advertised pattern states what the parser reads: the forms it
    /// takes match, near misses do not.
    #[cfg(feature = "uuid")]
    #[test]
    fn the_uuid_pattern_is_the_parser() {
        let pattern = crate::schema::pattern::Pattern::new(super::UUID_PATTERN).unwrap();
        let hyphenated = "67e55044-10b1-426f-9247-bb680e5fe0c8";
        for text in [
            hyphenated.to_owned(),
            hyphenated.replace('-', ""),
            hyphenated.to_uppercase(),
            format!("{{{hyphenated}}}"),
            format!("urn:uuid:{hyphenated}"),
            format!("{{{hyphenated}"),
            format!("urn:uuid:{}", hyphenated.replace('-', "")),
            format!("URN:UUID:{hyphenated}"),
            format!("{hyphenated}\n"),
            hyphenated.replacen('-', "", 1),
            hyphenated.replace('e', "g"),
            format!("{hyphenated}0"),
            String::new(),
        ] {
            assert_eq!(
                pattern.is_match(&text),
                uuid::Uuid::parse_str(&text).is_ok(),
                "{text:?}"
            );
        }
    }
}
