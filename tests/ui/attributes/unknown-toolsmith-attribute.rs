use serde::Deserialize;
use toolsmith::ToolArg;

/// A point.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
#[toolsmith(krate = "tools")]
pub struct Point {
    pub x: i64,
}

fn main() {}
