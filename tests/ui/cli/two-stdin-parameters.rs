use toolsmith::tool;

/// Compares two texts.
///
/// # Arguments
///
/// * `left` - The first text
/// * `right` - The second text
#[tool]
fn diff(#[arg(stdin)] left: String, #[arg(stdin)] right: String) -> bool {
    left == right
}

fn main() {}
