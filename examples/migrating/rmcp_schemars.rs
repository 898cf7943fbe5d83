//! After, step one: the same three tools on toolsmith, keeping the argument
//! types of `rmcp_before.rs` (one attribute added to each), run with
//! `cargo run --example rmcp_schemars`. `docs/migrating.md` walks through
//! the change.
//!
//! `--calls` prints, instead of serving, what the model is answered for
//! the bad calls of `rmcp_before.rs` (`rmcp_schemars.stdout`).

// --- guide ---
use schemars::JsonSchema;
use serde::Deserialize;
use toolsmith::ToolSet;
use toolsmith::schemars::tool;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchArgs {
    /// Words to look for.
    #[schemars(length(min = 1))]
    pub query: String,
    /// How many results, 10 if unset.
    #[schemars(range(min = 1, max = 50))]
    pub limit: Option<u32>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GetPageArgs {
    /// The page's slug, e.g. `getting-started`.
    #[schemars(regex(pattern = r"^[a-z0-9-]+$"))]
    pub slug: String,
    /// One section of the page, else all of it.
    pub section: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddNoteArgs {
    /// The page's slug.
    pub page: String,
    /// The note.
    pub text: String,
    pub tags: Vec<String>,
}

async fn search(args: SearchArgs) -> Result<String, String> {
    Ok(format!(
        "search(query: {:?}, limit: {:?})",
        args.query, args.limit
    ))
}

async fn get_page(args: GetPageArgs) -> Result<String, String> {
    Ok(format!(
        "get_page(slug: {:?}, section: {:?})",
        args.slug, args.section
    ))
}

async fn add_note(args: AddNoteArgs) -> Result<String, String> {
    Ok(format!(
        "add_note(page: {:?}, text: {:?}, tags: {:?})",
        args.page, args.text, args.tags
    ))
}

/// The tools; a schema that breaks a rule is an error here, naming it.
pub fn tools() -> Result<ToolSet, toolsmith::RegisterError> {
    let mut tools = ToolSet::new();
    tools
        .register(tool("search", "Searches the docs", search))?
        .register(tool("get_page", "Reads a page of the docs", get_page))?
        .register(tool("add_note", "Adds a note to a page", add_note))?;
    Ok(tools)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().any(|arg| arg == "--calls") {
        print!("{}", run().await);
        return Ok(());
    }
    toolsmith::mcp::McpServer::new(tools()?)
        .serve_stdio()
        .await?;
    Ok(())
}
// --- end guide ---

/// What the model is answered for each bad call of `rmcp_before.rs`: the
/// lines every host sends (on MCP, one text block each in an `isError`
/// result).
pub async fn run() -> String {
    let tools = tools().expect("the tools follow the rules");
    answers(&tools).await
}

#[path = "bad_calls.rs"]
mod bad_calls;
use bad_calls::answers;
