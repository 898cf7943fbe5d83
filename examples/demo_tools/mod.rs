//! The tools every host example serves: `slugify`, `move_point`, `search`,
//! `list_notes` (async) and `divide` (fails on a zero divisor).

use serde::{Deserialize, Serialize};
use toolsmith::{ToolArg, ToolSet, tool};

// `slugify` is the quickstart's own tool; its `main` and `run` go unused here.
#[allow(dead_code)]
#[path = "../quickstart.rs"]
mod quickstart;

pub use quickstart::Slugify;

/// A point in the plane.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Point {
    /// Horizontal coordinate
    pub x: f64,
    /// Vertical coordinate
    pub y: f64,
}

/// Moves a point by an offset and returns where it lands
///
/// # Arguments
///
/// * `point` - The point to move
/// * `dx` - How far to move right
/// * `dy` - How far to move up
#[tool]
pub fn move_point(point: Point, dx: f64, dy: f64) -> Point {
    Point {
        x: point.x + dx,
        y: point.y + dy,
    }
}

const DOCS: &[&str] = &[
    "rust: ownership and borrowing",
    "rust: traits and generics",
    "rust: async and await",
    "python: list comprehensions",
    "sql: window functions",
];

/// Searches the documentation titles for a word
///
/// # Arguments
///
/// * `query` - The word to look for
/// * `limit` - The most titles to return (default 10)
#[tool]
pub fn search(
    #[arg(min_length = 1)] query: String,
    #[arg(min = 1, max = 50)] limit: Option<u32>,
) -> Vec<String> {
    let limit = limit.unwrap_or(10) as usize;
    let query = query.to_lowercase();
    DOCS.iter()
        .filter(|title| title.contains(&query))
        .take(limit)
        .map(|title| (*title).to_owned())
        .collect()
}

const NOTES: &[(&str, &str)] = &[
    ("rust", "borrow checker"),
    ("python", "virtual environments"),
];

/// Lists the saved notes, all of them or those with one tag
///
/// # Arguments
///
/// * `tag` - Only the notes with this tag
#[tool]
pub async fn list_notes(tag: Option<String>) -> Vec<String> {
    // Stands in for a read from a database or a file.
    tokio::task::yield_now().await;
    NOTES
        .iter()
        .filter(|(t, _)| tag.as_deref().is_none_or(|tag| tag == *t))
        .map(|(t, note)| format!("{t}: {note}"))
        .collect()
}

/// Divides one number by another
///
/// # Arguments
///
/// * `dividend` - The number to divide
/// * `divisor` - The number to divide by
#[tool]
pub fn divide(dividend: f64, divisor: f64) -> Result<f64, String> {
    if divisor == 0.0 {
        return Err("cannot divide by zero".to_owned());
    }
    Ok(dividend / divisor)
}

/// Every example tool, in one set.
pub fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools
        .register(Slugify)
        .and_then(|t| t.register(MovePoint))
        .and_then(|t| t.register(Search))
        .and_then(|t| t.register(ListNotes))
        .and_then(|t| t.register(Divide))
        .expect("the example tools have distinct names");
    tools
}
