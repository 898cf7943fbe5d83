//! For the code `#[tool]`, `#[derive(ToolArg)]` and `#[derive(ToolOutput)]`
//! generate, which names it `::toolsmith::__private`: the runtime's
//! `__private`, the crates the expansion uses, and what only the facade
//! can provide (the `schemars` impls, the tool-name check). Not public API:
//! anything here may change in a patch release.

pub use serde;
pub use serde_json;
pub use serde_json::Value;
pub use std::borrow::Cow;
pub use std::sync::OnceLock;
pub use toolsmith_runtime::__private::*;

/// The arguments of a tool whose definition failed to compile; never built.
#[derive(serde::Deserialize)]
#[serde(crate = "serde")]
pub enum Unreachable {}

impl toolsmith_runtime::ToolArgs for Unreachable {}

/// Implemented for the tool type `#[tool]` generates, and checked on the
/// name the tool is reached by: another item of that name beside the
/// function takes the name, and this is the error that says so.
#[diagnostic::on_unimplemented(
    message = "the name `{Self}` is taken by another item, so `#[tool]` cannot give it to the tool",
    label = "`{Self}` here is the other item, not the generated tool",
    note = "rename the generated items: `#[tool(tool = \"{Self}Tool\", args = \"{Self}ToolArgs\")]`"
)]
pub trait GeneratedTool {}

#[cfg(feature = "schemars")]
pub use schemars;

/// `impl schemars::JsonSchema` for a `#[derive(ToolArg)]` type or a
/// `#[tool]` argument struct: `json_schema!(Type, declared schema)`. The
/// macros always emit the call; it expands to the impl when this crate's
/// `schemars` feature is on and to nothing otherwise, since a proc macro
/// cannot see the features of the crate it names.
#[cfg(feature = "schemars")]
#[doc(hidden)]
#[macro_export]
macro_rules! __toolsmith_json_schema {
    ($ty:ident, $declared:expr) => {
        #[automatically_derived]
        impl $crate::__private::schemars::JsonSchema for $ty {
            // Every subschema is already inlined (no references: rule 2).
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> $crate::__private::Cow<'static, str> {
                $crate::__private::Cow::Borrowed(::core::stringify!($ty))
            }

            fn schema_id() -> $crate::__private::Cow<'static, str> {
                $crate::__private::Cow::Borrowed(::core::concat!(
                    ::core::module_path!(),
                    "::",
                    ::core::stringify!($ty)
                ))
            }

            fn json_schema(
                generator: &mut $crate::__private::schemars::SchemaGenerator,
            ) -> $crate::__private::schemars::Schema {
                $crate::__private::generated_schema(generator, $declared)
            }
        }
    };
}

#[cfg(not(feature = "schemars"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __toolsmith_json_schema {
    ($($any:tt)*) => {};
}

pub use crate::__toolsmith_json_schema as json_schema;

/// The schema a `JsonSchema` impl of ours gives `generator`: the advertised
/// form, or the declared one (private annotations kept) for the generator of
/// `toolsmith::schemars::tool`, whose validator reads them.
#[cfg(feature = "schemars")]
pub fn generated_schema(
    generator: &schemars::SchemaGenerator,
    declared: Value,
) -> schemars::Schema {
    let value = if crate::schemars::is_declaring(generator) {
        declared
    } else {
        advertised(declared)
    };
    schemars::Schema::try_from(value).unwrap_or_else(|_| schemars::Schema::from(false))
}
