use toolsmith::tool;

/// Shows a page.
///
/// # Arguments
///
/// * `height` - Lines per page
/// * `verbose` - Say more
#[tool]
fn show(#[arg(short = 'h')] height: u32, #[arg(short = 'V')] verbose: Option<bool>) -> String {
    format!("{height} {verbose:?}")
}

fn main() {}
