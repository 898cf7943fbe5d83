use toolsmith::tool;

#[tool]
fn search(query: String) -> String {
    query
}

fn main() {}
