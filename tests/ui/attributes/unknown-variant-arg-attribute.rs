use serde::Deserialize;
use toolsmith::ToolArg;

/// How soon.
#[derive(Deserialize, ToolArg)]
#[serde(rename_all = "lowercase")]
#[arg(titles)]
enum Urgency {
    #[arg(title = "Whenever", description = "no hurry")]
    Low,
    #[arg(title = 3)]
    High,
}

fn main() {}
