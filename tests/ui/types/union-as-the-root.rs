use serde::Deserialize;
use toolsmith::{Call, ToolArg, tool};

/// What to do next.
#[derive(Deserialize, ToolArg)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum Next {
    Retry { after: u32 },
    Stop,
}

/// Asks what to do next: an elicited answer is the root of a form, which
/// a union cannot be.
#[tool]
async fn ask_next(#[call] call: Call) -> String {
    match call.ask::<Next>("what next?").await {
        Ok(_) => "ok".into(),
        Err(_) => "no".into(),
    }
}

fn main() {}
