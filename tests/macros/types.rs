//! Argument types beyond the basics: text types, `char`, `NonZero*`, sets,
//! fixed-size arrays, newtypes and item constraints — their schemas, and
//! the lines both paths give for calls that break them.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet};
use std::num::{NonZeroU8, NonZeroU64};
use std::path::PathBuf;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::{Tool, ToolArg, tool, validate_input, validate_input_str};

/// An email address.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, ToolArg)]
pub struct Email(#[arg(pattern = r"^[^@\s]+@[^@\s]+$", max_length = 254)] String);

/// Reads part of a file.
#[tool]
pub fn read_file(
    path: PathBuf,
    #[arg(pattern = r"\.txt$")] backup: Option<PathBuf>,
    separator: char,
    lines: NonZeroU8,
    offset: Option<NonZeroU64>,
) -> String {
    format!("{path:?} {backup:?} {separator:?} {lines} {offset:?}")
}

/// Labels things.
#[tool]
pub fn label(
    #[arg(items(pattern = "^[a-z]+$", max_length = 8))] tags: HashSet<String>,
    #[arg(items(min = 1, max = 10))] weights: Option<BTreeSet<u32>>,
    origin: [i32; 2],
    attendees: Vec<Email>,
    name: Box<str>,
    owner: Arc<str>,
    note: Option<Cow<'static, str>>,
) -> String {
    let _ = (&weights, &origin, &attendees, &name, &owner, &note);
    format!("{}", tags.len())
}

fn lines<T: Tool>(tool: &T, input: Value) -> Vec<String> {
    let refused = |result: Result<T::Args, toolsmith::ToolInputError>| match result {
        Ok(_) => panic!("{input} was accepted"),
        Err(err) => err.lines(),
    };
    let from_value = refused(validate_input(tool, &input));
    let from_text = refused(validate_input_str(tool, &input.to_string()));
    assert_eq!(from_value, from_text, "both paths on {input}");
    from_value
}

fn accepted<T: Tool>(tool: &T, input: Value) -> T::Args {
    validate_input_str(tool, &input.to_string()).unwrap_or_else(|err| panic!("{input}: {err}"));
    validate_input(tool, &input).unwrap_or_else(|err| panic!("{input}: {err}"))
}

#[test]
fn schemas() {
    crate::support::assert_snapshot("read-file", ReadFile.input_schema());
    crate::support::assert_snapshot("label", Label.input_schema());
}

#[test]
fn text_char_and_nonzero() {
    let args = accepted(
        &ReadFile,
        json!({"path": "/tmp/a b", "backup": "x.txt", "separator": "é", "lines": 3, "offset": null}),
    );
    assert_eq!(args.path, PathBuf::from("/tmp/a b"));
    assert_eq!(args.separator, 'é');
    assert_eq!(
        lines(
            &ReadFile,
            json!({"path": "a", "backup": "x.md", "separator": "ab", "lines": 0, "offset": 0})
        ),
        [
            "Invalid arguments at /separator: must be at most 1 character long, got 2",
            "Invalid arguments at /lines: must be at least 1, got 0",
            "Invalid arguments at /offset: must be at least 1, got 0",
            "Invalid arguments at /backup: must match pattern \"\\.txt$\"",
        ]
    );
    assert_eq!(
        lines(&ReadFile, json!({"path": 1, "separator": "", "lines": 256})),
        [
            "Invalid arguments at /path: must be a string, got number 1",
            "Invalid arguments at /separator: must be at least 1 character long, got 0",
            "Invalid arguments at /lines: must be at most 255, got 256",
        ]
    );
}

#[test]
fn sets_arrays_newtypes_and_items() {
    let args = accepted(
        &Label,
        json!({"tags": ["a", "b"], "weights": [1, 10], "origin": [1, -2],
               "attendees": ["a@b.c"], "name": "n", "owner": "o", "note": "x"}),
    );
    assert_eq!(args.tags.len(), 2);
    assert_eq!(args.attendees, [Email("a@b.c".into())]);
    assert_eq!(
        lines(
            &Label,
            json!({"tags": ["a", "a", "B"], "weights": [0, 11], "origin": [1],
                   "attendees": ["nobody"], "name": "n", "owner": "o"})
        ),
        [
            "Invalid arguments at /weights/0: must be at least 1, got 0",
            "Invalid arguments at /weights/1: must be at most 10, got 11",
            "Invalid arguments at /origin: must have at least 2 items, got 1",
            "Invalid arguments at /tags: must not repeat items; item 1 equals item 0",
            "Invalid arguments at /tags/2: must match pattern \"^[a-z]+$\"",
            r#"Invalid arguments at /attendees/0: must match pattern "^[^@\s]+@[^@\s]+$""#,
        ]
    );
}

/// Schedules a call.
#[tool]
#[allow(clippy::too_many_arguments)]
pub fn schedule(
    id: uuid::Uuid,
    link: url::Url,
    when: chrono::DateTime<chrono::Utc>,
    day: Option<chrono::NaiveDate>,
    local: Option<chrono::NaiveDateTime>,
    at: jiff::Timestamp,
    on: Option<jiff::civil::Date>,
    time: Option<jiff::civil::Time>,
) -> String {
    format!("{id} {link} {when} {day:?} {local:?} {at} {on:?} {time:?}")
}

#[test]
fn feature_types_schema() {
    crate::support::assert_snapshot("schedule", Schedule.input_schema());
    let declared = Schedule.validator();
    // The advertised schema holds no private annotation; the validator
    // still checks the formats.
    assert!(!Schedule.input_schema().to_string().contains("x-toolsmith"));
    let _ = declared;
}

#[test]
fn feature_types_read_and_refuse_in_their_own_words() {
    let args = accepted(
        &Schedule,
        json!({"id": "urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8",
               "link": "https://example.com/a?b=c", "when": "2026-12-01T09:00:00+01:00",
               "day": "2026-12-01", "local": "2026-12-01T09:00:00",
               "at": "2026-12-01T09:00:00Z", "on": "2026-12-01", "time": "09:30"}),
    );
    assert_eq!(args.when.to_rfc3339(), "2026-12-01T08:00:00+00:00");
    assert_eq!(args.id.to_string(), "67e55044-10b1-426f-9247-bb680e5fe0c8");
    assert_eq!(
        lines(
            &Schedule,
            json!({"id": "67e55044-10b1-426f-9247", "link": "example.com/a", "when": "tomorrow",
                   "day": "2026-02-30", "local": "2026-12-01", "at": "2026-12-01T09:00:00",
                   "on": "12/01/2026", "time": "25:00"})
        ),
        [
            r#"Invalid arguments at /id: must be a UUID, e.g. "67e55044-10b1-426f-9247-bb680e5fe0c8", got "67e55044-10b1-426f-9247""#,
            r#"Invalid arguments at /link: must be an absolute URL, e.g. "https://example.com/page", got "example.com/a""#,
            r#"Invalid arguments at /when: must be an RFC 3339 date-time, e.g. "2026-12-01T09:00:00Z", got "tomorrow""#,
            r#"Invalid arguments at /day: must be a date, e.g. "2026-12-01", got "2026-02-30""#,
            r#"Invalid arguments at /local: must be a date-time without an offset, e.g. "2026-12-01T09:00:00", got "2026-12-01""#,
            r#"Invalid arguments at /at: must be an RFC 3339 date-time, e.g. "2026-12-01T09:00:00Z", got "2026-12-01T09:00:00""#,
            r#"Invalid arguments at /on: must be a date, e.g. "2026-12-01", got "12/01/2026""#,
            r#"Invalid arguments at /time: must be a time of day, e.g. "09:30:00", got "25:00""#,
        ]
    );
}

/// serde reads `["a", "a"]` into a set of one item; the schema's
/// `uniqueItems` refuses it, and so do both typed paths.
#[test]
fn a_repeated_set_item_is_refused_not_merged() {
    let call =
        json!({"tags": ["a", "a"], "origin": [0, 0], "attendees": [], "name": "n", "owner": "o"});
    assert_eq!(
        lines(&Label, call),
        ["Invalid arguments at /tags: must not repeat items; item 1 equals item 0"]
    );
}

/// The 64-bit ranges the schema leaves unstated are the validator's too.
#[test]
fn unstated_ranges_are_refused_by_the_validator() {
    let call: Value = serde_json::from_str(
        r#"{"path": "a", "separator": ",", "lines": 1, "offset": 18446744073709551616}"#,
    )
    .unwrap();
    let expected = [
        "Invalid arguments at /offset: must be at most 18446744073709551615, got 1.8446744073709552e+19",
    ];
    assert_eq!(lines(&ReadFile, call.clone()), expected);
    assert_eq!(
        ReadFile.validator().validate(&call).unwrap_err().lines(),
        expected
    );
}

/// A meeting, as a tool returns it: `Serialize` only.
#[derive(serde::Serialize, toolsmith::ToolOutput)]
#[serde(rename_all = "camelCase")]
pub struct Booked {
    /// Where to join.
    pub join_url: String,
    pub room: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attendees: Vec<Attendee>,
    #[serde(skip)]
    pub internal: u32,
    pub status: Status,
}

/// Someone invited.
#[derive(serde::Serialize, toolsmith::ToolOutput)]
pub struct Attendee {
    pub email: String,
    pub path: PathBuf,
}

/// Whether the meeting is on.
#[derive(serde::Serialize, toolsmith::ToolOutput)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Confirmed,
    Tentative,
}

/// Books a meeting.
#[tool]
pub fn book(title: String) -> Result<Booked, String> {
    Ok(Booked {
        join_url: format!("https://example.com/{title}"),
        room: None,
        attendees: Vec::new(),
        internal: 0,
        status: Status::Tentative,
    })
}

#[test]
fn serialize_only_outputs_have_a_schema() {
    crate::support::assert_snapshot("book.output", Book.output_schema().unwrap());
}

/// A filter with a set inside.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct LabelFilter {
    pub labels: BTreeSet<String>,
}

/// Filters things.
#[tool]
pub fn filter(filters: Vec<LabelFilter>) -> usize {
    filters.len()
}

/// A set nested in a struct in an array is checked before it is read too.
#[test]
fn a_nested_set_repeat_is_refused() {
    assert_eq!(
        lines(
            &Filter,
            json!({"filters": [{"labels": ["x"]}, {"labels": ["y", "y"]}]})
        ),
        ["Invalid arguments at /filters/1/labels: must not repeat items; item 1 equals item 0"]
    );
    let args = accepted(&Filter, json!({"filters": [{"labels": ["x", "y"]}]}));
    assert_eq!(args.filters[0].labels.len(), 2);
}

/// The typed path and the validator agree on generated calls of every
/// tool here (see `crate::support::agreement`).
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&ReadFile);
    crate::support::agreement::assert_agreement(&Label);
    crate::support::agreement::assert_agreement_with(
        &Schedule,
        crate::support::generate::PARSED_SAMPLES,
    );
    crate::support::agreement::assert_agreement(&Book);
    crate::support::agreement::assert_agreement(&Filter);
}
