//! For generated code only: what the code `#[tool]`, `#[derive(ToolArg)]`
//! and `#[derive(ToolOutput)]` generate calls, reached as
//! `toolsmith::__private`, and the checks the macros run at compile time.
//! Not public API: anything here may change in a patch release.
//!
//! It sits above the rest of the crate, as serde's `__private` does: it
//! uses the core (the `ToolArg` trait, the validator, the number domains),
//! and nothing in the core uses it.

mod builders;
mod checks;
mod field_debug;
mod serde_attrs;
mod tool_impl;

pub use builders::{
    Branch, Prop, enumeration, form_fields, max_depth, object, property, tagged_union, titled,
    with_items,
};
// Generated code names it `Pattern`; the runtime's own `Pattern` is the
// compiled one the validator runs.
pub use checks::LazyPattern as Pattern;
pub use checks::{at_least, at_most, items_within, length_within};
pub use field_debug::{FieldDebug, ShowDebug, ShowOpaque};
pub use serde_attrs::{
    DefaultValue, SerializeDefault, SerializeMade, UnknownDefault, declare_aliases, with_default,
};
pub use tool_impl::{
    ErrorKind, ErrorTag, Output, OutputOfResult, OutputOfValue, OutputUnknown, ResultKind,
    ResultTag, Returned, ValueKind, ValueTag, validator,
};

// Named by the trait bounds of generated code, and so by its compile errors
// (`the trait toolsmith::__private::ClosedObject<..> is not implemented`).
pub use crate::arg::refused::{
    ClosedObject, KnownShape, OwnedValue, PlainShape, Refusal, SendArgument, SingleItemsSchema,
    StatableRange,
};
pub use crate::arg::{ArgKind, ItemCheck, Sealed};
pub use crate::domain::{F32_LIMIT, Num, Range, in_range};
pub use crate::portable::advertised;

/// A `pattern` as the linear-time engine runs it (`regex` syntax), or
/// `None` when it is refused; for tests that generate matching text.
pub fn pattern_translated(pattern: &str) -> Option<String> {
    crate::schema::pattern::Pattern::new(pattern)
        .ok()
        .map(|p| p.translated().to_owned())
}

/// The naming and description rules, for the macros and the hosts.
pub mod rules {
    pub use crate::rules::{
        MAX_DESCRIPTION, PROPERTY_NAME, TOOL_NAME, description_fits, is_property_name, is_tool_name,
    };
}
