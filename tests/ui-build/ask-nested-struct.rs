use serde::{Deserialize, Serialize};
use toolsmith::{Call, ToolArg, ToolError, tool};

/// Where to meet.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Place {
    /// The city
    city: String,
}

/// A meeting, its place a form of its own.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Meeting {
    /// Where
    place: Place,
}

/// Asks where to meet, which no flat form shows.
#[tool]
async fn meet(#[call] call: Call) -> Result<String, ToolError> {
    call.ask::<Meeting>("Where?").await?;
    Ok("met".to_owned())
}

fn main() {
    // Registered, the tool's call is built, and the form with it.
    let mut tools = toolsmith::ToolSet::new();
    tools.register(Meet).unwrap();
}
