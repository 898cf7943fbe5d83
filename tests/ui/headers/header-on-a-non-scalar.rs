use toolsmith::tool;

/// Tags pages.
#[tool]
fn tag(
    #[arg(header = "Tags")] tags: Vec<String>,
    #[arg(header = "Ratio")] ratio: f64,
    #[arg(header = "Region")] region: Option<String>,
) -> String {
    let _ = (tags, ratio, region);
    String::new()
}

fn main() {}
