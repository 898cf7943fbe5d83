//! The tool of `rig_before.rs` with `#[tool]`: the schema is derived from
//! the function, and `toolsmith::rig::tools` gives the set's tools to the
//! same rig agent. Every call is validated against that schema first, so
//! the model reads every problem of its bad call, one line each, and fixes
//! them all in its next call.
//!
//! ```text
//! cargo run --example rig_after
//! ```

#[path = "rig_loop.rs"]
mod rig_loop;

use rig_agent::AgentBuilder;
use toolsmith::{ToolSet, tool, toolset};

/// Searches the notes.
///
/// # Arguments
///
/// * `query` - what to look for
/// * `limit` - how many notes to return at most
#[tool(read_only)]
pub fn search(
    #[arg(min_length = 1)] query: String,
    #[arg(min = 1, max = 50)] limit: u8,
) -> Vec<String> {
    ["rust: borrow checker", "rust: traits", "go: channels"]
        .into_iter()
        .filter(|note| note.contains(&query))
        .take(usize::from(limit))
        .map(str::to_owned)
        .collect()
}

/// The scripted conversation, as the model saw it.
pub async fn run() -> String {
    let tools: ToolSet = toolset![Search].expect("a valid tool name");
    rig_loop::run(|model| {
        AgentBuilder::new(model)
            .preamble("Answer from the notes.")
            .dynamic_tools(toolsmith::rig::tools(tools))
            .build()
    })
    .await
}

#[tokio::main]
async fn main() {
    print!("{}", run().await);
}
