use toolsmith::tool;

/// Searches the docs.
///
/// # Arguments
///
/// * `query` - What to look for
/// * `quiet` - Print less
#[tool]
fn search(#[arg(short = 'q')] query: String, #[arg(short = 'q')] quiet: Option<bool>) -> String {
    format!("{query} {quiet:?}")
}

fn main() {}
