use serde::Deserialize;
use toolsmith::ToolArg;

// No `tag`: serde reads a data variant as `{"Circle": {..}}`.
#[derive(Deserialize, ToolArg)]
enum Shape {
    Circle { radius: f64 },
    Square(f64),
    Dot,
}

fn main() {}
