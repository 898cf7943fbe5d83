use toolsmith::tool;

/// Searches the docs.
#[tool(idempotent(true))]
fn search(query: String) -> String {
    query
}

fn main() {}
