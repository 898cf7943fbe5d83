use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
struct Point {
    x: f64,
    y: f64,
}

fn main() {}
