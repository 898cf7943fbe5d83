use serde::Deserialize;
use toolsmith::ToolArg;

// serde reports the unknown rule; `ToolArg` adds nothing to it.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields, rename_all = "kebab")]
struct Query {
    text_field: String,
}

fn main() {}
