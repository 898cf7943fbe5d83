use toolsmith::tool;

#[tool(description = "Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. Searches the docs. ")]
fn search(query: String) -> String {
    query
}

fn main() {}
