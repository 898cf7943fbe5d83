use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Range {
    #[serde(alias = "to")]
    start: u32,
    to: u32,
}

fn main() {}
