use serde::{Deserialize, Serialize};
use toolsmith::{Call, ToolArg, ToolError, tool};

/// A colour the user picks.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(rename_all = "lowercase")]
enum Colour {
    /// Red
    Red,
    /// Blue
    Blue,
}

/// A form of every kind of field a form shows.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Choice {
    /// A name
    name: String,
    /// How many
    count: u32,
    /// How much
    share: f64,
    /// Whether to go on
    go: bool,
    /// One colour
    colour: Colour,
    /// Some colours
    colours: Vec<Colour>,
    /// A note, if any
    note: Option<String>,
}

/// Asks for a choice.
#[tool]
async fn choose(#[call] call: Call) -> Result<String, ToolError> {
    call.ask::<Choice>("Choose").await?;
    Ok("chosen".to_owned())
}

fn main() {
    // Registered, the tool's call is built, and the form with it.
    let mut tools = toolsmith::ToolSet::new();
    tools.register(Choose).unwrap();
}
