use toolsmith::{ToolArg, tool};

/// A point in the plane.
#[derive(serde::Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Point {
    /// Across
    x: f64,
    /// Up
    y: f64,
}

/// Moves a point.
///
/// # Arguments
///
/// * `point` - The point to move
/// * `far` - Move it twice as far
/// * `points` - More points
#[tool]
fn nudge(
    #[arg(positional)] point: Point,
    #[arg(positional)] far: bool,
    #[arg(positional)] points: Vec<Point>,
) -> f64 {
    point.x + point.y + f64::from(u8::from(far)) + points.len() as f64
}

fn main() {}
