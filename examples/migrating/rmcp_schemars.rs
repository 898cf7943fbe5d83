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

/// The answers of `tools` to the bad calls, one indented line each.
pub async fn answers(tools: &ToolSet) -> String {
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
