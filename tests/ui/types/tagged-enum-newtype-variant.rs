use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Email {
    address: String,
}

#[derive(Deserialize, ToolArg)]
#[serde(tag = "kind", deny_unknown_fields)]
enum Channel {
    Email(Email),
    Log,
}

fn main() {}
