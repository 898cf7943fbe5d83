use toolsmith::tool;

/// A search hit, a domain type named like the tool.
pub struct Search {
    pub query: String,
}

/// Searches the docs.
#[tool]
pub fn search(query: String) -> String {
    query
}

fn main() {
    let _ = Search { query: String::new() };
}
