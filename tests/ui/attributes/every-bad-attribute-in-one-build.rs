use toolsmith::tool;

/// Searches the docs.
#[tool(name = "search docs")]
fn search(
    #[arg(pattern = "(?=a)", max_len = 3)] query: String,
    #[arg(min = 10, max = 1)] limit: u32,
    #[arg(rename = "page-number")] page: u32,
) -> String {
    format!("{query} {limit} {page}")
}

fn main() {}
