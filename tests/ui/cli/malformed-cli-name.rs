use toolsmith::tool;

/// Finds the docs.
///
/// # Arguments
///
/// * `query` - What to look for
#[tool(cli_name = "find docs")]
fn find_docs(query: String) -> String {
    query
}

/// Shows help.
///
/// # Arguments
///
/// * `topic` - What about
#[tool(cli_name = "help")]
fn topics(topic: String) -> String {
    topic
}

fn main() {}
