use toolsmith::{ToolArg, tool};

#[derive(serde::Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Target {
    #[arg(header = "Region")]
    region: String,
}

/// Deploys a build.
#[tool]
fn deploy(target: Target) -> String {
    target.region
}

fn main() {}
