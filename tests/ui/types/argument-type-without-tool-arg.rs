use serde::Deserialize;
use toolsmith::tool;

#[derive(Deserialize)]
struct Point {
    x: f64,
}

/// Moves to a point.
#[tool]
fn move_to(point: Point) -> f64 {
    point.x
}

fn main() {}
