use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(untagged)]
enum Id {
    Number,
    Name,
}

fn main() {}
