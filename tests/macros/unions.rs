//! Tagged enums (`#[serde(tag = "..")]`, with or without `content`) as
//! arguments: a `oneOf` of closed objects, the tag a required `const`,
//! and the lines a model reads when a call names no tag, an unknown one,
//! or gets a branch wrong.

use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::{Tool, ToolArg, tool, validate_input};

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
        channel: String,
        #[serde(default, rename = "thread")]
        thread_id: Option<String>,
    },
    /// Writes to the log.
    Log,
}

/// Sends a notice.
#[tool]
fn notify(channel: Channel, #[arg(max_length = 200)] text: String) -> String {
    format!("{channel:?}: {text}")
}

fn lines<T: std::fmt::Debug>(result: Result<T, toolsmith::ToolInputError>) -> Vec<String> {
    result.unwrap_err().lines().to_vec()
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
        serde_json::to_string_pretty(Notify.input_schema()).unwrap()
    );
    for call in [
        json!({"channel": {"kind": "email"}, "text": "hi"}),
        json!({"channel": {"kind": "fax"}, "text": "hi"}),
        json!({"channel": {}, "text": "hi"}),
        json!({"channel": {"kind": "email", "address": "a@b", "cc": "x"}, "text": "hi"}),
        json!({"channel": {"kind": "log", "x": 1}, "text": "hi"}),
        json!({"channel": {"kind": "slack", "channel": "x"}, "text": "hi"}),
        json!({"channel": {"kind": "email", "address": "ab"}, "text": "hi"}),
        json!({"channel": "email", "text": "hi"}),
        json!({"channel": {"kind": "email", "address": "a@b"}, "text": "hi"}),
        json!({"channel": {"kind": "log"}, "text": "hi"}),
    ] {
        println!("{call} => {:?}", both(&Notify, &call));
    }
    let _ = lines::<()>(
        Err(toolsmith::Validator::new(&json!({}))
            .unwrap()
            .validate(&json!(1))
            .unwrap_err())
        .map(|_: ()| ()),
    );
}
