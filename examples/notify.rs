//! A tagged enum as a parameter: where a notice goes is an email address,
//! a Slack channel or the log, each with the fields of its own.
//!
//! `cargo run --example notify` prints what OpenAI, Anthropic and Gemini
//! are sent for the tool, and the lines a model reads for its bad calls
//! (`examples/notify.stdout`).

use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::function_calling::{anthropic, gemini, openai};
use toolsmith::{ToolArg, ToolSet, tool, validate_input};

/// Where a notice goes.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Channel {
    /// An email to one address.
    Email {
        /// The address to write to.
        #[arg(pattern = "^[^@\\s]+@[^@\\s]+$")]
        address: String,
    },
    /// A message in a Slack channel.
    Slack {
        /// The channel's name, without `#`.
        #[arg(min_length = 1, max_length = 80)]
        channel: String,
        /// The thread to answer in, if any.
        #[serde(default)]
        thread: Option<String>,
    },
    /// A line in the service's log.
    Log,
}

/// Sends a notice to a channel.
///
/// # Arguments
///
/// * `to` - where the notice goes
/// * `text` - what it says
#[tool]
pub fn notify(to: Channel, #[arg(min_length = 1, max_length = 500)] text: String) -> String {
    match to {
        Channel::Email { address } => format!("mailed {address}: {text}"),
        Channel::Slack { channel, thread } => match thread {
            Some(thread) => format!("posted in #{channel}, thread {thread}: {text}"),
            None => format!("posted in #{channel}: {text}"),
        },
        Channel::Log => format!("logged: {text}"),
    }
}

/// The tools of the example.
pub fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(Notify).expect("the notify tool registers");
    tools
}

/// What each host is sent, by name.
pub fn declarations() -> [(&'static str, Value); 3] {
    let tools = tools();
    [
        ("openai", openai::tools(&tools)),
        ("anthropic", anthropic::tools(&tools)),
        ("gemini", gemini::tools(&tools)),
    ]
}

/// Everything the example prints, as text (`tests/examples` compares it
/// with `notify.stdout`).
pub fn run() -> String {
    let mut out = String::new();
    for (host, declared) in declarations() {
        out.push_str(&format!(
            "{host}:\n{}\n\n",
            serde_json::to_string_pretty(&declared).expect("a declaration is JSON")
        ));
    }
    for call in [
        json!({"to": {"kind": "email", "address": "ops@example.com"}, "text": "disk full"}),
        json!({"to": {"kind": "email"}, "text": "disk full"}),
        json!({"to": {"kind": "fax", "number": "555"}, "text": "disk full"}),
        json!({"to": {"channel": "ops"}, "text": "disk full"}),
        json!({"to": {"kind": "log", "level": "warn"}, "text": "disk full"}),
    ] {
        out.push_str(&format!("{call}\n"));
        match validate_input(&Notify, &call) {
            Ok(args) => out.push_str(&format!("  {}\n", notify(args.to, args.text))),
            Err(err) => {
                for line in err.lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            }
        }
    }
    out
}

fn main() {
    print!("{}", run());
}
