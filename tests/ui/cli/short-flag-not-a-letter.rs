use toolsmith::tool;

/// Shows a page.
///
/// # Arguments
///
/// * `height` - Lines per page
#[tool]
fn show(#[arg(short = '-')] height: u32, #[arg(short = "w")] width: u32) -> u32 {
    height * width
}

fn main() {}
