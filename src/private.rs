//! Support for the code `#[tool]` and `#[derive(ToolArg)]` generate.
//! Not public API: anything here may change in a patch release.

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
