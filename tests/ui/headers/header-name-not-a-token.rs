use toolsmith::tool;

/// Deploys a build.
#[tool]
fn deploy(
    #[arg(header = "Region Name")] region: String,
    #[arg(header = "")] zone: String,
    #[arg(header = "Build\n")] build: u32,
) -> String {
    let _ = (zone, build);
    region
}

fn main() {}
