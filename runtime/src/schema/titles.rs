//! Titles of enum values: `#[arg(title = "..")]` on a unit variant.
//!
//! `#[derive(ToolArg)]` records them beside the `enum` they title, under
//! the private annotation [`KEYWORD`], `{ "<value>": "<title>" }`, and
//! [`LEGACY`] (`true`) when the enum asks for the older `enumNames` form
//! (`#[arg(enum_names)]` on the enum). A tool's advertised schema never
//! shows either; an elicitation form states the titles as MCP asks
//! (`oneOf` of `const` and `title`, `anyOf` for the items of a
//! multi-select, or `enum` with `enumNames`).

/// The annotation that maps each titled value to its title.
pub const KEYWORD: &str = "x-toolsmith-titles";

/// The annotation asking for the legacy `enumNames` form of the titles.
pub const LEGACY: &str = "x-toolsmith-enum-names";
