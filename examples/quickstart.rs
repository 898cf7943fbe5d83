//! The first command of the README: `cargo run --example quickstart`.
//!
//! A plain function becomes a tool; the model's bad call is answered with one
//! line per problem, before the function runs.

use serde::Deserialize;
use serde_json::json;
use toolsmith::{Tool, ToolArg, invoke_tool, tool, validate_input};

/// What goes between the words of a slug.
#[derive(Debug, Clone, Copy, Deserialize, ToolArg)]
pub enum Separator {
    #[serde(rename = "-")]
    Dash,
    #[serde(rename = "_")]
    Underscore,
    #[serde(rename = ".")]
    Dot,
}

/// Turns text into a URL slug: lowercase words joined by a separator.
///
/// # Arguments
///
/// * `text` - the text to slugify
/// * `separator` - what goes between words
#[tool]
pub fn slugify(#[arg(pattern = r"\S")] text: String, separator: Separator) -> String {
    let separator = match separator {
        Separator::Dash => "-",
        Separator::Underscore => "_",
        Separator::Dot => ".",
    };
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(separator)
}

#[tokio::main]
async fn main() {
    print!("{}", run().await);
}

/// Everything the example prints, as text (`tests/examples.rs` compares it
/// with `quickstart.stdout`).
pub async fn run() -> String {
    let mut out = String::new();
    // The JSON Schema the model sees.
    let schema = serde_json::to_string_pretty(Slugify.input_schema()).unwrap();
    out.push_str(&format!("{schema}\n"));

    // A good call: validated, then run.
    let good = json!({"text": "Hello, World!", "separator": "-"});
    match invoke_tool(&Slugify, good, ()).await {
        Ok(result) => out.push_str(&format!("{result}\n")),
        Err(err) => out.push_str(&format!("{err}\n")),
    }

    // A bad call: every problem, one line each; `slugify` never runs.
    let bad = json!({"text": "  ", "separator": "+", "seperator": "-"});
    if let Err(err) = validate_input(&Slugify, &bad) {
        for line in err.lines() {
            out.push_str(&format!("{line}\n"));
        }
    }
    out
}
