use toolsmith::tool;

/// Searches the docs.
#[tool]
fn search(query: String, #[arg(rename = "query")] text: String) -> String {
    query + &text
}

fn main() {}
