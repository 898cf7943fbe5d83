//! `#[tool]` and `#[derive(ToolArg)]` from the outside: the schema a host
//! receives, the lines a model reads and the calls that reach the function,
//! for every argument type, serde attribute, number width and pattern; and
//! the compile errors of the schema rules (`tests/ui`).

pub mod compiletest;
pub mod defaults;
pub mod descriptions;
pub mod hygiene;
pub mod numbers;
pub mod patterns;
pub mod repairs;
pub mod serde_attrs;
pub mod tool_macro;
pub mod types;
pub mod union_repairs;
pub mod unions;

#[path = "../support/mod.rs"]
mod support;
