//! After, step two: the same three tools as `#[tool]` functions, the
//! argument structs gone, run with `cargo run --example rmcp_tool_macro`.
//! `docs/migrating.md` walks through the change.
//!
//! `--calls` prints, instead of serving, what the model is answered for
//! the bad calls of `rmcp_before.rs` (`rmcp_tool_macro.stdout`).

// --- guide ---
use toolsmith::{ToolSet, tool, toolset};

/// Searches the docs
///
/// # Arguments
///
/// * `query` - Words to look for.
/// * `limit` - How many results, 10 if unset.
#[tool]
pub fn search(
    #[arg(min_length = 1)] query: String,
    #[arg(min = 1, max = 50)] limit: Option<u32>,
) -> String {
    format!("search(query: {query:?}, limit: {limit:?})")
}

/// Reads a page of the docs
///
/// # Arguments
///
/// * `slug` - The page's slug, e.g. `getting-started`.
/// * `section` - One section of the page, else all of it.
#[tool]
pub fn get_page(#[arg(pattern = r"^[a-z0-9-]+$")] slug: String, section: Option<String>) -> String {
    format!("get_page(slug: {slug:?}, section: {section:?})")
}

/// Adds a note to a page
///
/// # Arguments
///
/// * `page` - The page's slug.
/// * `text` - The note.
#[tool]
pub fn add_note(page: String, text: String, tags: Vec<String>) -> String {
    format!("add_note(page: {page:?}, text: {text:?}, tags: {tags:?})")
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().any(|arg| arg == "--calls") {
        print!("{}", run().await);
        return Ok(());
    }
    let tools: ToolSet = toolset![Search, GetPage, AddNote]?;
    toolsmith::mcp::McpServer::new(tools).serve_stdio().await?;
    Ok(())
}
// --- end guide ---

/// What the model is answered for each bad call of `rmcp_before.rs`.
pub async fn run() -> String {
    let tools: ToolSet = toolset![Search, GetPage, AddNote].expect("distinct names");
    let mut out = String::new();
    for (name, args) in bad_calls() {
        out.push_str(&format!("{name} {args}\n"));
        match tools.call(name, args, ()).await {
            Ok(Ok(value)) => out.push_str(&format!("  ran {value}\n")),
            Ok(Err(err)) => {
                for line in err.to_string().lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            }
            Err(unknown) => out.push_str(&format!("  {unknown}\n")),
        }
    }
    out
}

/// The model's bad calls, as in `rmcp_before.rs`.
pub fn bad_calls() -> Vec<(&'static str, serde_json::Value)> {
    use serde_json::json;
    vec![
        (
            "search",
            json!({"query": "", "limit": 500, "sort": "newest"}),
        ),
        (
            "get_page",
            json!({"slug": "Getting Started", "sectoin": "install"}),
        ),
        ("add_note", json!({"page": "faq", "tags": "rust"})),
    ]
}
