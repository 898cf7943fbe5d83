use toolsmith::tool;

/// Searches the docs.
#[tool(tool = "search-tool", args = "SearchToolArgs")]
pub fn search(query: String) -> String {
    query
}

fn main() {}
