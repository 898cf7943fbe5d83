use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(tag = "kind", deny_unknown_fields)]
struct Point {
    x: i32,
    y: i32,
}

fn main() {}
