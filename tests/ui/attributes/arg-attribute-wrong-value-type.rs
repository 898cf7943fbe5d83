use toolsmith::tool;

/// Searches the docs.
#[tool]
fn search(
    #[arg(pattern = 5)] query: String,
    #[arg(min = "5", max_length = -1)] limit: u32,
    #[arg(description)] page: u32,
) -> u32 {
    let _ = query;
    limit + page
}

fn main() {}
