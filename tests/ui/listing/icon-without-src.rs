use toolsmith::tool;

/// Searches the docs.
#[tool(icon(mime = "image/png", size = "48x48"), icon_mime = "image/png")]
fn search(query: String) -> String {
    query
}

fn main() {}
