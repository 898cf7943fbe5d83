//! A rig tool written the usual way: `impl rig::tool::Tool` with a
//! hand-written `parameters()` schema, run in rig's agent loop. The schema
//! says `minLength`, `maximum` and no other keys, but only serde reads the
//! call, so the model gets serde's first error, and only that.
//!
//! ```text
//! cargo run --example rig_before
//! ```
//!
//! `rig_after.rs` is the same tool with `#[tool]` and `toolsmith::rig`.

#[path = "rig_loop.rs"]
mod rig_loop;

use rig_agent::AgentBuilder;
use rig_agent::core::tool::{Tool, ToolContext};
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct SearchArgs {
    query: String,
    limit: u8,
}

#[derive(Debug)]
pub struct SearchError;

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the notes are unavailable")
    }
}

impl std::error::Error for SearchError {}

pub struct Search;

impl Tool for Search {
    const NAME: &'static str = "search";
    type Args = SearchArgs;
    type Output = Vec<String>;
    type Error = SearchError;

    fn description(&self) -> String {
        "Searches the notes.".to_owned()
    }

    // Kept in step with `SearchArgs` by hand.
    fn parameters(&self) -> serde_json::Value {
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "what to look for", "minLength": 1},
                "limit": {
                    "type": "integer",
                    "description": "how many notes to return at most",
                    "minimum": 1,
                    "maximum": 50
                }
            },
            "required": ["query", "limit"],
            "additionalProperties": false
        })
    }

    async fn call(
        &self,
        _context: &mut ToolContext,
        args: SearchArgs,
    ) -> Result<Vec<String>, SearchError> {
        Ok(notes(&args.query, args.limit))
    }
}

/// The notes that contain `query`, at most `limit` of them.
fn notes(query: &str, limit: u8) -> Vec<String> {
    ["rust: borrow checker", "rust: traits", "go: channels"]
        .into_iter()
        .filter(|note| note.contains(query))
        .take(usize::from(limit))
        .map(str::to_owned)
        .collect()
}

/// The scripted conversation, as the model saw it.
pub async fn run() -> String {
    rig_loop::run(|model| {
        AgentBuilder::new(model)
            .preamble("Answer from the notes.")
            .tool(Search)
            .build()
    })
    .await
}

#[tokio::main]
async fn main() {
    print!("{}", run().await);
}
