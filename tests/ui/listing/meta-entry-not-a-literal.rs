use toolsmith::tool;

const TEAM: &str = "docs";

/// Searches the docs.
#[tool(meta(team = TEAM, "com.example/tier" = 1, "com.example/tier" = 2, "io.modelcontextprotocol/x" = 1, "-bad" = 1))]
fn search(query: String) -> String {
    query
}

/// Lists the docs.
#[tool(meta = "docs")]
fn list() -> Vec<String> {
    Vec::new()
}

fn main() {}
