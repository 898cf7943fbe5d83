use toolsmith::tool;

/// Searches the docs.
#[tool(summary = "Search", name = "search", name = "find")]
fn search(query: String) -> String {
    query
}

fn main() {}
