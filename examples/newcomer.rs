//! Tools as a newcomer writes them: a file tool on `PathBuf`, a calendar
//! tool with newtypes whose items have patterns, a search tool beside a
//! domain type named `Search`, documented parameters and variants, all
//! under `#![deny(missing_docs)]`.
//!
//! `cargo run --example newcomer` prints every tool's schema as a host
//! receives it (`examples/newcomer.stdout`).

#![deny(missing_docs)]

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use toolsmith::{Tool, ToolArg, ToolSet, tool};

/// Reads a text file and returns its first lines.
#[tool(read_only)]
pub fn read_file(
    /// The file to read, relative to the workspace.
    path: PathBuf,
    /// How many lines to return.
    #[arg(min = 1, max = 500)]
    lines: Option<u16>,
) -> Result<String, String> {
    let text = std::fs::read_to_string(&path).map_err(|err| err.to_string())?;
    Ok(text
        .lines()
        .take(usize::from(lines.unwrap_or(20)))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// An email address.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Deserialize, ToolArg)]
pub struct Email(#[arg(pattern = r"^[^@\s]+@[^@\s]+\.[a-z]+$")] pub String);

/// How a meeting is held.
#[derive(Debug, Clone, Copy, Deserialize, ToolArg)]
#[serde(rename_all = "snake_case")]
pub enum Venue {
    /// In the office, room booked.
    Office,
    /// A video call, link sent with the invitation.
    Video,
}

/// Books a meeting and sends the invitations.
///
/// # Errors
///
/// When the calendar is full (this section is not sent to the model).
#[tool(idempotent)]
pub fn book_meeting(
    /// What the meeting is about.
    #[arg(min_length = 1, max_length = 120)]
    title: String,
    /// Who is invited, each once.
    #[arg(min_items = 1, max_items = 20)]
    attendees: BTreeSet<Email>,
    /// Where it happens.
    venue: Venue,
    /// Labels for the invitation.
    #[arg(items(pattern = "^[a-z][a-z0-9-]*$", max_length = 20))]
    labels: Option<Vec<String>>,
) -> String {
    format!(
        "{title}: {} invited ({venue:?}, {} labels)",
        attendees.len(),
        labels.map_or(0, |labels| labels.len())
    )
}

/// A search the user saved, named like the tool's generated type would be.
#[derive(Debug, Serialize)]
pub struct Search {
    /// What was searched for.
    pub query: String,
    /// The titles found.
    pub hits: Vec<String>,
}

/// Searches the notes for a word.
#[tool(tool = "SearchTool", args = "SearchToolArgs", read_only)]
pub fn search(
    /// The word to look for.
    #[arg(min_length = 1)]
    query: String,
) -> Search {
    Search {
        hits: ["rust: traits", "rust: async"]
            .iter()
            .filter(|title| title.contains(query.as_str()))
            .map(|title| (*title).to_owned())
            .collect(),
        query,
    }
}

/// The tools, registered once.
pub fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools
        .register(ReadFile)
        .and_then(|t| t.register(BookMeeting))
        .and_then(|t| t.register(SearchTool))
        .expect("the tools are valid and distinctly named");
    tools
}

/// What the example prints: each tool's name, description and schema.
pub fn run() -> String {
    let mut out = String::new();
    for tool in tools().tools() {
        out.push_str(&format!(
            "{}: {}\n{}\n\n",
            tool.name(),
            tool.description(),
            serde_json::to_string_pretty(tool.input_schema()).expect("a schema is JSON")
        ));
    }
    let _ = (ReadFile.name(), BookMeeting.name(), SearchTool.name());
    out
}

fn main() {
    print!("{}", run());
}
