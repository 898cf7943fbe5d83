use serde::Deserialize;
use toolsmith::{ToolArg, tool};

/// A page of items.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<String>,
}

/// Lists names.
#[tool]
pub fn list(page: Page<String>) -> usize {
    page.items.len()
}

fn main() {}
