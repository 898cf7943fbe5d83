use toolsmith::tool;

/// Searches the docs.
///
/// # Arguments
///
/// * `query` - What to look for
/// * `max_results` - How many
#[tool]
fn search(
    #[arg(alias = "max-results")] query: String,
    #[arg(alias = "json", alias = "top n")] max_results: u32,
) -> String {
    format!("{query} {max_results}")
}

fn main() {}
