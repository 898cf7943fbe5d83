use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
enum Shape {
    Circle { radius: f64 },
    Square(f64),
    Dot,
}

fn main() {}
