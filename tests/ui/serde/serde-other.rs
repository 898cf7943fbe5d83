use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
    #[serde(other)]
    Unknown,
}

fn main() {}
