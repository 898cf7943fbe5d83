use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(tag = "type", content = "data", deny_unknown_fields)]
enum Shape {
    Rect(f64, f64),
    Dot,
}

fn main() {}
