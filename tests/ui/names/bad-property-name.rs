use toolsmith::tool;

/// Searches the docs.
#[tool]
fn search(#[arg(rename = "search-query")] query: String) -> String {
    query
}

fn main() {}
