//! Schemas of argument types: the `ToolArg` trait, the seal that keeps it
//! derived, and its impls for std types (`impls`), for the types of other
//! crates (`external`) and, refusing them, for the types that cannot be
//! arguments (`refused`).

#[cfg(any(
    feature = "uuid",
    feature = "url",
    feature = "chrono",
    feature = "jiff"
))]
mod external;
pub(crate) mod impls;
pub(crate) mod refused;

use std::borrow::Cow;

use serde_json::Value;

use crate::domain::{Num, Range};

/// A type that can be a tool argument: it has a closed JSON Schema, every
/// subschema inlined, and checks on a deserialized value the constraints the
/// schema states beyond its types.
///
/// Implemented for text (`String`, `Box<str>`, `Arc<str>`,
/// `Cow<'static, str>`, `PathBuf`, `char`), `bool`, every integer and
/// float type, the unsigned `NonZero*` types, `Option<T>` (the property
/// accepts `null` and is not required), `Vec<T>`, `HashSet<T>` and
/// `BTreeSet<T>` (`uniqueItems`), `[T; N]` and `Box<T>`, for the types of
/// the `uuid`, `url`, `chrono` and `jiff` features, and by
/// `#[derive(toolsmith::ToolArg)]` for structs with named fields, unit
/// enums, tagged enums (`#[serde(tag = "..")]`) and newtypes. Derive it: the trait cannot be implemented by hand,
/// since the runtime trusts what an implementation says about its schema
/// and its checks. Types that cannot be arguments (maps, `Value`, tuples,
/// signed `NonZero*`, `Rc`, `Duration`, ..) fail to compile with a message
/// naming what to take instead.
///
/// A number type's range is always enforced, and stated in the schema where
/// it tells a model something: `u8`, `i8`, `u16`, `i16`, `u32` and `i32`
/// carry `minimum` and `maximum`; `u64`, `usize` and `u128` carry
/// `minimum: 0`; `i64`, `isize` and `i128` carry neither; `f32` carries the
/// numbers that read as a finite `f32`. A call outside the range is refused
/// with a bound line (`must be at most 18446744073709551615, got …`), and an
/// integer-valued float (`5.0`, `1e18`) is read as the integer. A
/// `serde_json::Value` holds an integer beyond 64 bits as the nearest float,
/// which is what a 128-bit argument receives from it; `validate_input_str`
/// reads the digits exactly.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tool argument",
    label = "not a tool argument type",
    note = "tool arguments are text (`String`, `char`, `PathBuf`), `bool`, integers, floats, `Option<T>`, `Vec<T>`, sets, `[T; N]`, `Box<T>` and types with `#[derive(toolsmith::ToolArg)]`",
    note = "for a type of your own, derive it beside serde's: `#[derive(serde::Deserialize, toolsmith::ToolArg)]` on a struct with named fields and `#[serde(deny_unknown_fields)]`, a unit enum or a newtype `struct Email(String);`",
    note = "`uuid::Uuid`, `url::Url` and chrono and jiff date-times take toolsmith's `uuid`, `url`, `chrono` and `jiff` features; for another crate's type, take a newtype of `String` and parse it in the function"
)]
pub trait ToolArg: Sealed {
    /// Objects nested in the schema: 0 for a scalar or an enum, one more
    /// than the deepest field for a struct. A tool allows 5 in all.
    const DEPTH: usize;

    /// `true` when the schema admits `null` (`Option<T>`): a property of
    /// this type is not required.
    const NULLABLE: bool = false;

    #[doc(hidden)]
    const __KIND: ArgKind;

    #[doc(hidden)]
    /// The values of the Rust type, for number types.
    const __RANGE: Option<Range> = None;

    /// The JSON Schema of the type, every subschema inlined. A derived
    /// type's schema also records the names serde reads besides the
    /// advertised ones (`#[serde(alias)]`) under the private annotation
    /// `x-toolsmith-aliases`, which the validator reads and a tool's
    /// advertised schemas never show; a unit enum's schema keeps the docs
    /// of its values apart under `x-toolsmith-values`, for a property's
    /// own description, and never shows it either.
    fn schema() -> Value;

    /// Checks the constraints the schema states beyond the JSON types
    /// (patterns, bounds, lengths, item counts) on a deserialized value,
    /// into nested values.
    fn satisfies_schema(&self) -> bool {
        true
    }

    #[doc(hidden)]
    /// `true` when serde reads the type from more JSON values than its
    /// schema admits, silently (a set drops repeated items, `uniqueItems`
    /// refuses them): the typed path cannot see what was dropped, so a
    /// call is checked against the schema before it is read.
    const __DEDUPS: bool = false;

    #[doc(hidden)]
    /// `true` for a struct elicitation can show as a form: every field
    /// text, a number, a boolean, an enum or a list of enums.
    const __FORM: bool = false;

    #[doc(hidden)]
    /// The JSON type of the items, for an array type.
    const __ITEM_KIND: Option<ArgKind> = None;

    #[doc(hidden)]
    /// The values of the item type, for an array of numbers.
    const __ITEM_RANGE: Option<Range> = None;

    #[doc(hidden)]
    fn __text(&self) -> Option<Cow<'_, str>> {
        None
    }

    #[doc(hidden)]
    fn __number(&self) -> Option<Num> {
        None
    }

    #[doc(hidden)]
    fn __items(&self) -> Option<usize> {
        None
    }

    #[doc(hidden)]
    /// `check` holds for the text and the number of every item, for an
    /// array type; `true` otherwise.
    fn __all_items(&self, check: &ItemCheck) -> bool {
        let _ = check;
        true
    }
}

/// Implemented by `#[derive(toolsmith::ToolArg)]` and for the std types
/// beside each `ToolArg` impl, so that `ToolArg` is not implemented by hand.
/// Not public API.
#[diagnostic::on_unimplemented(
    message = "`{Self}` implements `ToolArg` by hand, which toolsmith does not support",
    label = "`ToolArg` comes from `#[derive(toolsmith::ToolArg)]`",
    note = "the runtime trusts what a `ToolArg` impl says about its schema and checks, so only the derive writes one",
    note = "remove the impl and derive it: `#[derive(serde::Deserialize, toolsmith::ToolArg)]`"
)]
pub trait Sealed {}

/// A check of one item of an array, given its text and its number (see
/// `ToolArg::__all_items`).
pub type ItemCheck = dyn for<'t> Fn(Option<Cow<'t, str>>, Option<Num>) -> bool;

/// The JSON type of an argument, for the macro's compile-time checks.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    String,
    Integer,
    Number,
    Boolean,
    Array,
    Object,
    Enum,
    /// A tagged union: a `oneOf` of closed objects.
    Union,
    /// A string read by parsing it (a date-time, a URL): no text to match
    /// a `pattern` or count a length on after reading.
    Parsed,
}
