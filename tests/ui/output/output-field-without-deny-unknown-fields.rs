use serde::{Deserialize, Serialize};
use toolsmith::{ToolArg, ToolOutput, tool};

#[derive(Deserialize, Serialize, ToolArg)]
struct Point {
    x: f64,
    y: f64,
}

#[derive(Serialize, ToolOutput)]
struct Located {
    at: Point,
}

/// Returns the origin.
#[tool]
fn origin() -> Point {
    Point { x: 0.0, y: 0.0 }
}

/// Locates the origin.
#[tool]
fn locate() -> Located {
    Located { at: Point { x: 0.0, y: 0.0 } }
}

fn main() {}
