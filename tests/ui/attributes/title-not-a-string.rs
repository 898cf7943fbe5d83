use toolsmith::tool;

/// Searches the docs.
#[tool(title = Search, open_world, open_world = false)]
fn search(query: String) -> String {
    query
}

fn main() {}
