use toolsmith::tool;

/// Deploys a build.
#[tool]
fn deploy(
    #[arg(header = "Region")] region: String,
    #[arg(header = "region")] fallback: String,
) -> String {
    let _ = fallback;
    region
}

fn main() {}
