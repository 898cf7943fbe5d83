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
    answers(&tools).await
}

#[path = "bad_calls.rs"]
mod bad_calls;
use bad_calls::answers;
