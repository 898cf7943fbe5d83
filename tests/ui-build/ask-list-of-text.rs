use serde::{Deserialize, Serialize};
use toolsmith::{Call, ToolArg, ToolError, tool};

/// Tags for the note.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Tags {
    /// The tags
    tags: Vec<String>,
}

/// Asks for tags, which no form shows.
#[tool]
async fn tag(#[call] call: Call) -> Result<String, ToolError> {
    call.ask::<Tags>("Tags?").await?;
    Ok("tagged".to_owned())
}

fn main() {
    // Registered, the tool's call is built, and the form with it.
    let mut tools = toolsmith::ToolSet::new();
    tools.register(Tag).unwrap();
}
