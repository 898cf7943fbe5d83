use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(tag = "kind", deny_unknown_fields)]
enum Channel {
    Email {
        #[arg(max = 3)]
        address: String,
    },
}

fn main() {}
