//! Types that cannot be tool arguments, each with the reason and what to
//! take instead.
//!
//! Each family implements `ToolArg` only where it implements a marker trait
//! that nothing implements, so that a tool taking one fails to compile with
//! the marker's message (which names the right alternative) rather than the
//! general one of `ToolArg`. None of these impls can ever be used.
//!
//! The bound is `for<'a> Refusal<'a>: Marker<T>`: on a type other than the
//! refused one, so that rustc reports the marker's message rather than
//! `ToolArg`'s, and higher-ranked, so that it is not trivially false on a
//! concrete type (which rustc refuses).

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::num::{NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize};
use std::rc::Rc;
use std::time::{Duration, SystemTime};

use std::marker::PhantomData;

use serde_json::Value;

use super::{ArgKind, Sealed, ToolArg};

/// The type every refusal marker is (never) implemented for.
pub struct Refusal<'a>(PhantomData<&'a ()>);

/// Maps: any key goes, so their schema is open.
#[diagnostic::on_unimplemented(
    message = "`{T}` is a map, which cannot be a tool argument",
    label = "a map takes any key",
    note = "a map's schema cannot refuse unknown keys (schema rule 1: closed objects), and OpenAI strict mode refuses it",
    note = "use a struct with one field per key (`#[derive(serde::Deserialize, toolsmith::ToolArg)]` with `#[serde(deny_unknown_fields)]`), or a `Vec` of key-value structs when the keys are not known in advance"
)]
pub trait ClosedObject<T: ?Sized> {}

/// `serde_json::Value`: any JSON at all.
#[diagnostic::on_unimplemented(
    message = "`{T}` takes any JSON, which cannot be a tool argument",
    label = "any JSON goes here",
    note = "a schema that admits anything tells the model nothing and checks nothing (schema rule 1: closed objects)",
    note = "describe the shape: a struct with `#[derive(serde::Deserialize, toolsmith::ToolArg)]` and `#[serde(deny_unknown_fields)]`, a unit enum, or `String` for text the function parses itself"
)]
pub trait KnownShape<T: ?Sized> {}

/// Tuples: an array whose items differ has no single `items` schema.
#[diagnostic::on_unimplemented(
    message = "the tuple `{T}` cannot be a tool argument",
    label = "a tuple's items have no single schema",
    note = "an array has one `items` schema for every item (schema rule 4: arrays have items)",
    note = "use a struct with named fields, or `[T; N]` when every item has the same type"
)]
pub trait SingleItemsSchema<T: ?Sized> {}

/// `Rc<T>`: not `Send`, so the arguments could not cross to the task
/// that runs the tool.
#[diagnostic::on_unimplemented(
    message = "`{T}` is not `Send`, so it cannot be a tool argument",
    label = "tool arguments are sent to the task that runs the tool",
    note = "take the value itself, `Arc<str>` for shared text, or `Box<T>`"
)]
pub trait SendArgument<T: ?Sized> {}

/// Signed `NonZero*`: every integer but 0 of a range.
#[diagnostic::on_unimplemented(
    message = "`{T}` excludes only 0 from its range, which a tool schema cannot state",
    label = "JSON Schema states ranges, not holes in them",
    note = "take the signed integer and refuse 0 in the function, or an unsigned `NonZeroU*` (`minimum: 1`) when the number is positive"
)]
pub trait StatableRange<T: ?Sized> {}

/// Shapes serde gives a type that a model should not have to write.
#[diagnostic::on_unimplemented(
    message = "`{T}` reads as an internal shape, which cannot be a tool argument",
    label = "serde reads this type as a struct or an enum of its internals",
    note = "for a duration, take an integer count of the unit you mean (`timeout_secs: u64`); for a point in time, a number of seconds since the epoch or, with toolsmith's `chrono` or `jiff` feature, a date-time string; for an `OsString`, take `String` (or `PathBuf` for a path)"
)]
pub trait PlainShape<T: ?Sized> {}

/// Cells: a value to mutate in place, not one to describe.
#[diagnostic::on_unimplemented(
    message = "`{T}` cannot be a tool argument",
    label = "a tool owns its arguments",
    note = "take the value itself: the function owns its arguments and may mutate them"
)]
pub trait OwnedValue<T: ?Sized> {}

macro_rules! refused {
    ($($marker:ident: [$($generics:tt)*] $ty:ty;)*) => {$(
        impl<$($generics)*> Sealed for $ty {}

        #[doc(hidden)]
        impl<$($generics)*> ToolArg for $ty
        where
            for<'a> Refusal<'a>: $marker<$ty>,
        {
            const DEPTH: usize = 0;
            const __KIND: ArgKind = ArgKind::Object;

            fn schema() -> Value {
                unreachable!("`{}` implements no `{}`", stringify!($ty), stringify!($marker))
            }
        }
    )*};
}

refused! {
    ClosedObject: [K, V, S] HashMap<K, V, S>;
    ClosedObject: [K, V] BTreeMap<K, V>;
    ClosedObject: [] serde_json::Map<String, Value>;
    KnownShape: [] Value;
    SingleItemsSchema: [] ();
    SingleItemsSchema: [A] (A,);
    SingleItemsSchema: [A, B] (A, B);
    SingleItemsSchema: [A, B, C] (A, B, C);
    SingleItemsSchema: [A, B, C, D] (A, B, C, D);
    SingleItemsSchema: [A, B, C, D, E] (A, B, C, D, E);
    SingleItemsSchema: [A, B, C, D, E, F] (A, B, C, D, E, F);
    SendArgument: [T: ?Sized] Rc<T>;
    StatableRange: [] NonZeroI8;
    StatableRange: [] NonZeroI16;
    StatableRange: [] NonZeroI32;
    StatableRange: [] NonZeroI64;
    StatableRange: [] NonZeroI128;
    StatableRange: [] NonZeroIsize;
    PlainShape: [] Duration;
    PlainShape: [] SystemTime;
    PlainShape: [] OsString;
    OwnedValue: [T: ?Sized] Cell<T>;
    OwnedValue: [T: ?Sized] RefCell<T>;
}
