use toolsmith::tool;

/// Searches the docs.
#[tool(title = "Search", name = "search", name = "find")]
fn search(query: String) -> String {
    query
}

fn main() {}
