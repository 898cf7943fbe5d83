//! Tagged enums (`#[serde(tag = "..")]`, with or without `content`) as
//! arguments: a `oneOf` of closed objects, the tag a required `const`.
//! Each case runs the typed path (`validate_input`, `validate_input_str`)
//! and the validator on the same call, and asserts the lines a model reads
//! when a call names no tag, an unknown one, or gets an alternative wrong.

use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::function_calling::{self, Host, anthropic, gemini, openai};
use toolsmith::{Tool, ToolArg, ToolSet, tool, validate_input};

/// Where a notice goes.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Channel {
    /// Sends an email.
    Email {
        /// The address to write to.
        #[arg(pattern = "@")]
        address: String,
    },
    /// Posts to a Slack channel.
    Slack {
        #[arg(min_length = 2, max_length = 80)]
        #[serde(alias = "room")]
        channel: String,
        #[serde(default, rename = "thread")]
        thread_id: Option<String>,
        #[serde(default)]
        #[arg(max = 3)]
        retries: u8,
    },
    /// Writes to the log.
    #[serde(rename = "log_line")]
    Log,
}

/// Sends a notice.
#[tool]
fn notify(channel: Channel, #[arg(max_length = 200)] text: String) -> String {
    format!("{channel:?}: {text}")
}

/// A shape, adjacently tagged.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(
    tag = "type",
    content = "data",
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Shape {
    Circle {
        #[arg(min = 0.0)]
        radius: f64,
    },
    Square {
        side: u16,
    },
    Dot,
}

/// Draws shapes.
#[tool]
fn draw(shape: Shape, shapes: Vec<Shape>, to: Option<Channel>) -> String {
    format!("{shape:?} {shapes:?} {to:?}")
}

/// Both paths on one call: `Ok` from both or the same lines from both.
fn both<T: Tool>(tool: &T, call: &Value) -> Result<(), Vec<String>> {
    let typed = validate_input(tool, call).map(|_| ());
    let from_str = toolsmith::validate_input_str(tool, &call.to_string()).map(|_| ());
    let validator = tool.validator().validate(call);
    let line = |r: Result<(), toolsmith::ToolInputError>| r.map_err(|e| e.lines().to_vec());
    let (typed, from_str, validator) = (line(typed), line(from_str), line(validator));
    assert_eq!(
        typed, validator,
        "typed path and validator disagree on {call}"
    );
    assert_eq!(
        typed, from_str,
        "`Value` and `&str` paths disagree on {call}"
    );
    typed
}

#[test]
fn scratch() {
    println!(
        "{}",
        serde_json::to_string_pretty(Draw.input_schema()).unwrap()
    );
    for call in [
        json!({"channel": {"kind": "slack", "room": "xy"}, "text": "hi"}),
        json!({"channel": {"kind": "slack", "channel": "xy", "room": "xy"}, "text": "hi"}),
        json!({"channel": {"kind": "slack", "channel": "xy", "retries": 5}, "text": "hi"}),
        json!({"channel": {"kind": "slack", "channel": "xy", "thread_id": "x"}, "text": "hi"}),
        json!({"channel": {"kind": "log"}, "text": "hi"}),
    ] {
        println!("{call} => {:?}", both(&Notify, &call));
        println!("  {:?}", validate_input(&Notify, &call));
    }
    for call in [
        json!({"shape": {"type": "dot"}, "shapes": [], "to": null}),
        json!({"shape": {"type": "dot", "data": null}, "shapes": []}),
        json!({"shape": {"type": "circle", "data": {"radius": -1}}, "shapes": [{"type": "square", "data": {"side": 1.0}}]}),
        json!({"shape": {"type": "circle"}, "shapes": [{"type": "square", "data": {}}]}),
        json!({"shape": {"type": "circle", "data": {"radius": 1}}, "shapes": [{"type": "square", "data": {"side": 1.0}}]}),
        json!({"shape": {"type": "circle", "data": {"radius": 1}}, "shapes": [], "to": {"kind": "x"}}),
        json!({"shape": {"type": "circle", "data": {"radius": 1}}, "shapes": [], "to": "log"}),
        json!({"shape": {"type": "circle", "data": {"radius": 1}, "x": 1}, "shapes": [], "to": {"kind": "log_line"}}),
    ] {
        println!("{call} => {:?}", both(&Draw, &call));
        println!("  {:?}", validate_input(&Draw, &call));
    }
}
