use serde::Deserialize;
use toolsmith::ToolArg;

/// A form.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Form {
    /// How soon
    #[arg(enum_names)]
    urgency: String,
}

fn main() {}
