use toolsmith::ToolArg;

/// A point in the plane.
#[derive(serde::Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Point {
    /// Across
    #[arg(positional)]
    x: f64,
    /// Up
    #[arg(short = 'y')]
    y: f64,
}

fn main() {}
