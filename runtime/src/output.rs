//! Schemas of results: the `ToolOutput` trait.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashSet};
use std::num::{NonZeroU8, NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize};
use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;

use crate::arg::ToolArg;

/// A type whose JSON, as serde serializes it, has a schema: a tool that
/// returns it (or `Result<T, E>` of it) advertises that schema as its
/// [`output_schema`](crate::Tool::output_schema).
///
/// Implemented for every type that implements [`ToolArg`] (their argument
/// schema describes their output too), by `#[derive(toolsmith::ToolArg)]`,
/// and by `#[derive(toolsmith::ToolOutput)]` for types that are only
/// returned: a struct with named fields or a unit enum beside serde's
/// `#[derive(Serialize)]`, read with serde's serialization attributes
/// (`rename`, `rename_all`, `skip_serializing`, `skip_serializing_if`),
/// with no `Deserialize` and no `deny_unknown_fields` needed. Derive one
/// of the two, not both.
///
/// A [`ToolSet`](crate::ToolSet) checks every result against the output
/// schema before a host sends it: a result that does not match is the
/// tool's failure (`the result does not match the tool's output schema:
/// Invalid result at /count: must be at least 0, got -1`), never a reply
/// that contradicts what the host advertised.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no output schema",
    label = "no output schema",
    note = "derive it beside serde's: `#[derive(serde::Serialize, toolsmith::ToolOutput)]`, or `toolsmith::ToolArg` for a type that is also an argument"
)]
pub trait ToolOutput {
    /// The JSON Schema of the serialized value, every subschema inlined.
    fn output_schema() -> Value;
}

/// Types whose output schema is their argument schema.
macro_rules! as_arguments {
    ($([$($generics:tt)*] $ty:ty;)*) => {$(
        impl<$($generics)*> ToolOutput for $ty {
            fn output_schema() -> Value {
                <$ty as ToolArg>::schema()
            }
        }
    )*};
}

as_arguments! {
    [] String; [] bool; [] char; [] f32; [] f64;
    [] u8; [] u16; [] u32; [] u64; [] u128; [] usize;
    [] i8; [] i16; [] i32; [] i64; [] i128; [] isize;
    [] NonZeroU8; [] NonZeroU16; [] NonZeroU32; [] NonZeroU64; [] NonZeroU128; [] NonZeroUsize;
    [] PathBuf; [] Box<str>; [] Arc<str>; [] Cow<'static, str>;
}

#[cfg(feature = "uuid")]
as_arguments! { [] uuid::Uuid; }
#[cfg(feature = "url")]
as_arguments! { [] url::Url; }
#[cfg(feature = "chrono")]
as_arguments! {
    [] chrono::DateTime<chrono::Utc>; [] chrono::DateTime<chrono::FixedOffset>;
    [] chrono::NaiveDate; [] chrono::NaiveDateTime; [] chrono::NaiveTime;
}
#[cfg(feature = "jiff")]
as_arguments! {
    [] jiff::Timestamp; [] jiff::civil::Date; [] jiff::civil::DateTime; [] jiff::civil::Time;
}

/// Containers: the schema the argument impl builds, around the item's
/// output schema.
impl<T: ToolOutput> ToolOutput for Option<T> {
    fn output_schema() -> Value {
        crate::schema::portable::with_null(T::output_schema())
    }
}

impl<T: ToolOutput> ToolOutput for Box<T> {
    fn output_schema() -> Value {
        T::output_schema()
    }
}

macro_rules! arrays {
    ($([$($generics:tt)*] $ty:ty => unique: $unique:expr, count: $count:expr;)*) => {$(
        impl<$($generics)*> ToolOutput for $ty {
            fn output_schema() -> Value {
                crate::arg::impls::array_schema(T::output_schema(), $unique, $count)
            }
        }
    )*};
}

arrays! {
    [T: ToolOutput] Vec<T> => unique: false, count: None::<usize>;
    [T: ToolOutput, S] HashSet<T, S> => unique: true, count: None::<usize>;
    [T: ToolOutput] BTreeSet<T> => unique: true, count: None::<usize>;
    [T: ToolOutput, const N: usize] [T; N] => unique: false, count: Some(N);
}
