use toolsmith::tool;

/// Searches the docs.
///
/// # Arguments
///
/// * `query` - what to look for
/// * `limit` - how many results
#[tool]
fn search(query: String) -> String {
    query
}

fn main() {}
