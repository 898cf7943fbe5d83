use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum Channel {
    Email { address: String },
    Slack { channel: String, kind: String },
}

fn main() {}
