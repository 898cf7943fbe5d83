use toolsmith::tool;

/// Searches the docs.
#[tool(read_only = "yes")]
fn search(query: String) -> String {
    query
}

fn main() {}
