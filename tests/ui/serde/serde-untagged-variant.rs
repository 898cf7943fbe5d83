use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
enum Mode {
    Fast,
    #[serde(untagged)]
    Slow,
}

fn main() {}
