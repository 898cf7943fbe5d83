use serde::Deserialize;
use toolsmith::{ToolArg, tool};

/// A point.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
#[toolsmith(crate = "tools::")]
pub struct Point {
    pub x: i64,
}

/// Searches the docs.
#[tool(crate = "1tools")]
pub fn search(query: String) -> String {
    query
}

fn main() {}
