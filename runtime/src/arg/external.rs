//! `ToolArg` for types of other crates, each behind the feature of the
//! crate's name.
//!
//! They are strings the type reads by parsing them. Each declares the
//! parser (`x-toolsmith-format`, see `schema::format`), which the
//! validator runs, so a string that fails is a line in the type's words
//! (`must be an RFC 3339 date-time, e.g. "2026-12-01T09:00:00Z", got
//! "tomorrow"`), never serde's message. None takes `pattern` or lengths
//! of its own (`ArgKind::Parsed`): the value is read, the text is gone.

use serde_json::Value;

use super::{ArgKind, Sealed, ToolArg};

/// Strings read by a parser the validator runs too.
macro_rules! parsed {
    ($($feature:literal: $ty:ty => $format:literal;)*) => {$(
        #[cfg(feature = $feature)]
        impl Sealed for $ty {}

        #[cfg(feature = $feature)]
        impl ToolArg for $ty {
            const DEPTH: usize = 0;
            const __KIND: ArgKind = ArgKind::Parsed;

            fn schema() -> Value {
                serde_json::json!({
                    "type": "string",
                    crate::schema::format::KEYWORD: $format,
                })
            }
        }
    )*};
}

parsed! {
    "uuid": uuid::Uuid => "uuid";
    "url": url::Url => "url";
    "chrono": chrono::DateTime<chrono::Utc> => "chrono-date-time";
    "chrono": chrono::DateTime<chrono::FixedOffset> => "chrono-date-time";
    "chrono": chrono::NaiveDate => "chrono-date";
    "chrono": chrono::NaiveDateTime => "chrono-naive-date-time";
    "chrono": chrono::NaiveTime => "chrono-time";
    "jiff": jiff::Timestamp => "jiff-timestamp";
    "jiff": jiff::civil::Date => "jiff-date";
    "jiff": jiff::civil::DateTime => "jiff-date-time";
    "jiff": jiff::civil::Time => "jiff-time";
}
