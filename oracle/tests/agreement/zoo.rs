//! Tools over every argument type and every attribute that shapes a
//! schema, for the agreement test. Each function only returns what it was
//! given: what matters is which calls reach it.

use serde::{Deserialize, Serialize};
use toolsmith::{ToolArg, tool};

/// Takes every fixed-width and pointer-width integer.
#[tool]
#[allow(clippy::too_many_arguments)]
pub fn every_integer(
    a: i8,
    b: i16,
    c: i32,
    d: i64,
    e: isize,
    f: u8,
    g: u16,
    h: u32,
    i: u64,
    j: usize,
    #[arg(min = -5, max = 5)] k: i32,
    #[arg(min = 10)] l: Option<u64>,
) -> String {
    format!("{a} {b} {c} {d} {e} {f} {g} {h} {i} {j} {k} {l:?}")
}

/// Takes the 128-bit integers and the 64-bit ones at their edges.
#[tool]
pub fn wide_integers(a: i128, b: u128, c: Option<i64>, d: Option<u64>) -> String {
    format!("{a} {b} {c:?} {d:?}")
}

/// Takes floats, bounded and not.
#[tool]
pub fn floats(
    a: f32,
    b: f64,
    #[arg(min = -1.5, max = 1.5)] c: Option<f64>,
    #[arg(min = 0)] d: Option<f32>,
) -> String {
    format!("{a} {b} {c:?} {d:?}")
}

/// How urgent something is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToolArg,
)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    Low,
    Normal,
    High,
    VeryHigh,
}

/// Takes strings with patterns and lengths, and lists with item counts.
#[tool]
pub fn strings_and_lists(
    #[arg(pattern = r"^[a-z][a-z0-9-]*$", max_length = 20)] slug: String,
    #[arg(min_length = 2, max_length = 5)] code: Option<String>,
    #[arg(min_items = 1, max_items = 3)] tags: Vec<String>,
    flags: Option<Vec<bool>>,
    priority: Priority,
    priorities: Option<Vec<Priority>>,
) -> String {
    format!("{slug} {code:?} {tags:?} {flags:?} {priority:?} {priorities:?}")
}

/// A point in space.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Point {
    #[arg(min = -100, max = 100)]
    pub x: i32,
    #[arg(min = -100, max = 100)]
    pub y: i32,
    pub z: Option<i32>,
}

/// A labelled shape.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Shape {
    #[arg(pattern = r"\S", max_length = 40)]
    pub label: String,
    #[arg(min_items = 1, max_items = 4)]
    pub points: Vec<Point>,
    pub center: Option<Box<Point>>,
}

/// Takes objects nested in objects and arrays.
#[tool]
pub fn nested(shape: Shape, others: Option<Vec<Shape>>, origin: Option<Point>) -> String {
    format!("{shape:?} {others:?} {origin:?}")
}

/// A meeting request, spelled as a JavaScript client would.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Meeting {
    pub start_time: String,
    pub duration_minutes: u16,
    #[serde(rename = "room")]
    pub room_name: Option<String>,
    pub attendee_count: Option<u8>,
}

/// Takes renamed fields and parameters.
#[tool]
pub fn renamed(
    meeting: Meeting,
    #[arg(rename = "minScore", min = 0, max = 100)] min_score: Option<u8>,
    date_time: Option<String>,
) -> String {
    format!("{meeting:?} {min_score:?} {date_time:?}")
}

/// Page settings, every field with a default.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields, default)]
pub struct Paging {
    #[arg(min = 1)]
    pub page: u32,
    #[arg(min = 1, max = 100)]
    pub per_page: u32,
}

impl Default for Paging {
    fn default() -> Self {
        Paging {
            page: 1,
            per_page: 20,
        }
    }
}

/// A query with defaults and an alias.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Query {
    #[serde(alias = "q")]
    #[arg(min_length = 1)]
    pub text: String,
    #[serde(default)]
    pub exact: bool,
    #[serde(default)]
    pub paging: Paging,
}

/// Takes structs whose fields have defaults, and an aliased field.
#[tool]
pub fn defaults(query: Query, paging: Paging) -> String {
    format!("{query:?} {paging:?}")
}

/// Takes the text types, `char` and the non-zero integers.
#[tool]
#[allow(clippy::too_many_arguments)]
pub fn text_types(
    path: std::path::PathBuf,
    #[arg(pattern = r"^[a-z]")] initial: Option<char>,
    letter: char,
    lines: std::num::NonZeroU8,
    big: Option<std::num::NonZeroU64>,
    wide: Option<std::num::NonZeroU128>,
    #[arg(max_length = 5)] name: Box<str>,
    owner: std::sync::Arc<str>,
    #[arg(min_length = 1)] note: Option<std::borrow::Cow<'static, str>>,
) -> String {
    format!("{path:?} {initial:?} {letter:?} {lines} {big:?} {wide:?} {name} {owner} {note:?}")
}

/// Takes sets, fixed-size arrays and item constraints.
#[tool]
pub fn collections(
    tags: std::collections::HashSet<String>,
    #[arg(items(max = 9))] ids: std::collections::BTreeSet<u8>,
    origin: [i32; 2],
    #[arg(items(pattern = "^[a-z]+$", max_length = 6), max_items = 4)] words: Vec<String>,
    #[arg(items(min = 1, max = 10))] scores: Option<[u8; 3]>,
    priorities: Option<std::collections::BTreeSet<Priority>>,
    shapes: Option<std::collections::HashSet<Label>>,
) -> String {
    format!("{tags:?} {ids:?} {origin:?} {words:?} {scores:?} {priorities:?} {shapes:?}")
}

/// A short label.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, ToolArg)]
pub struct Label(#[arg(min_length = 1, max_length = 3)] pub String);

/// An email address.
#[derive(Debug, Deserialize, ToolArg)]
pub struct Email(#[arg(pattern = r"^[a-z0-9._-]+@[a-z0-9.-]+$")] pub String);

/// A count of at most 10.
#[derive(Debug, Deserialize, ToolArg)]
pub struct Count(#[arg(max = 10)] pub u32);

/// Tags of at most three letters.
#[derive(Debug, Deserialize, ToolArg)]
pub struct Tags(#[arg(items(max_length = 3), max_items = 2)] pub Vec<String>);

/// A meeting invitation, with newtype fields.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Invite {
    pub host: Email,
    pub guests: Vec<Email>,
    pub seats: Option<Count>,
}

/// Takes newtypes, at the top and nested.
#[tool]
pub fn newtypes(invite: Invite, count: Count, tags: Option<Tags>, label: Label) -> String {
    format!("{invite:?} {count:?} {tags:?} {label:?}")
}

/// Takes the strings of the `uuid`, `url`, `chrono` and `jiff` features.
#[tool]
#[allow(clippy::too_many_arguments)]
pub fn parsed_strings(
    id: uuid::Uuid,
    link: Option<url::Url>,
    when: chrono::DateTime<chrono::Utc>,
    offset: Option<chrono::DateTime<chrono::FixedOffset>>,
    day: Option<chrono::NaiveDate>,
    at: jiff::Timestamp,
    on: Option<jiff::civil::Date>,
    clock: Option<jiff::civil::Time>,
) -> String {
    format!("{id} {link:?} {when} {offset:?} {day:?} {at} {on:?} {clock:?}")
}
