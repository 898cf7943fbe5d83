use toolsmith::tool;

/// Searches the docs.
#[tool(name = "search docs!")]
fn search(query: String) -> String {
    query
}

fn main() {}
