//! Before: an rmcp server with three tools, argument types deriving
//! `Deserialize` and `JsonSchema`, run with `cargo run --example rmcp_before`.
//! `docs/migrating.md` shows it beside the same server on toolsmith.
//!
//! `--calls` prints, instead of serving, what rmcp's tool router answers
//! the model's bad calls (`rmcp_before.stdout`).

// --- guide ---
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{ServiceExt, schemars::JsonSchema, tool, tool_router};
use serde::Deserialize;

#[derive(Deserialize, JsonSchema)]
pub struct SearchArgs {
    /// Words to look for.
    #[schemars(length(min = 1))]
    pub query: String,
    /// How many results, 10 if unset.
    #[schemars(range(min = 1, max = 50))]
    pub limit: Option<u32>,
}

#[derive(Deserialize, JsonSchema)]
pub struct GetPageArgs {
    /// The page's slug, e.g. `getting-started`.
    #[schemars(regex(pattern = r"^[a-z0-9-]+$"))]
    pub slug: String,
    /// One section of the page, else all of it.
    pub section: Option<String>,
}

#[derive(Deserialize, JsonSchema)]
pub struct AddNoteArgs {
    /// The page's slug.
    pub page: String,
    /// The note.
    pub text: String,
    pub tags: Vec<String>,
}

#[derive(Clone)]
pub struct Docs;

#[tool_router(server_handler)]
impl Docs {
    #[tool(description = "Searches the docs")]
    async fn search(&self, Parameters(args): Parameters<SearchArgs>) -> String {
        search(args)
    }

    #[tool(description = "Reads a page of the docs")]
    async fn get_page(&self, Parameters(args): Parameters<GetPageArgs>) -> String {
        get_page(args)
    }

    #[tool(description = "Adds a note to a page")]
    async fn add_note(&self, Parameters(args): Parameters<AddNoteArgs>) -> String {
        add_note(args)
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().any(|arg| arg == "--calls") {
        print!("{}", run());
        return Ok(());
    }
    Docs.serve(rmcp::transport::stdio())
        .await?
        .waiting()
        .await?;
    Ok(())
}
// --- end guide ---

pub fn search(args: SearchArgs) -> String {
    format!("search(query: {:?}, limit: {:?})", args.query, args.limit)
}

pub fn get_page(args: GetPageArgs) -> String {
    format!(
        "get_page(slug: {:?}, section: {:?})",
        args.slug, args.section
    )
}

pub fn add_note(args: AddNoteArgs) -> String {
    format!(
        "add_note(page: {:?}, text: {:?}, tags: {:?})",
        args.page, args.text, args.tags
    )
}

/// What rmcp answers each bad call: its tool router reads the arguments
/// with `serde_json::from_value` and, when that fails, sends
/// `failed to deserialize parameters: <serde's first error>` as the text
/// of an `isError` result (rmcp's own `parse_json_object` makes the same
/// text); when it succeeds, the function runs.
pub fn run() -> String {
    use rmcp::handler::server::tool::parse_json_object;
    fn answer<T: serde::de::DeserializeOwned>(
        args: serde_json::Value,
        function: fn(T) -> String,
    ) -> String {
        let serde_json::Value::Object(args) = args else {
            unreachable!("the calls are objects")
        };
        match parse_json_object::<T>(args) {
            Ok(args) => format!("ran {}", function(args)),
            Err(err) => format!("isError: {}", err.message),
        }
    }
    let mut out = String::new();
    for (name, args) in bad_calls() {
        out.push_str(&format!("{name} {args}\n"));
        let answer = match name {
            "search" => answer(args, search),
            "get_page" => answer(args, get_page),
            _ => answer(args, add_note),
        };
        out.push_str(&format!("  {answer}\n"));
    }
    out
}

#[allow(dead_code)]
#[path = "bad_calls.rs"]
mod bad_calls;
use bad_calls::bad_calls;
