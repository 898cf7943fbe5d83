use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum Channel {
    #[serde(alias = "mail")]
    Email { address: String },
    Log,
}

fn main() {}
