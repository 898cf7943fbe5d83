use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(tag = "kind")]
enum Channel {
    Email { address: String },
    Log,
}

fn main() {}
