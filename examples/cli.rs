//! The example tools as a command line, one subcommand per tool, with the
//! command-line hints on the tools themselves, checked at compile time:
//! `search` takes its query by position (`-q` for short, `-l`/`--max` for
//! the limit), `slugify` is the `slug` command and reads its text from
//! standard input when `--text` is left out, `list_notes` takes its tag by
//! position. `search` runs when no command is named, and `version` is a
//! command of the program's own. The hints shape the command line only:
//! `mcp` serves the very schemas every other example serves.
//!
//! ```text
//! cargo run --example cli -- search rust --limit 5
//! cargo run --example cli -- search rust -l 500                # exit 2
//! cargo run --example cli -- --json search -q rust --max 500   # the same as JSON
//! echo 'Hello, World!' | cargo run --example cli -- slug -s _
//! echo '{"x": 1, "y": 2}' | cargo run --example cli -- move-point --point - --dx 1 --dy -1
//! cargo run --example cli -- list-notes rust
//! cargo run --example cli -- --query async                     # runs `search`
//! cargo run --example cli -- completions bash > cli.bash
//! cargo run --example cli -- man | man -l -
//! cargo run --example cli -- mcp                               # an MCP server
//! ```

use std::process::ExitCode;

use toolsmith::{ToolSet, tool};

// The example tools; this command line registers its own `slugify`,
// `search` and `list_notes`, which call theirs.
#[allow(dead_code)]
#[path = "demo_tools/mod.rs"]
mod demo_tools;

// `slugify` and its `Separator`; the quickstart's `main` goes unused here.
#[allow(dead_code, clippy::duplicate_mod)]
#[path = "quickstart.rs"]
mod quickstart;

use quickstart::Separator;

/// Turns text into a URL slug: lowercase words joined by a separator.
///
/// # Arguments
///
/// * `text` - the text to slugify
/// * `separator` - what goes between words
#[tool(cli_name = "slug")]
pub fn slugify(
    #[arg(stdin, pattern = r"\S")] text: String,
    #[arg(short = 's')] separator: Separator,
) -> String {
    quickstart::slugify(text, separator)
}

/// Searches the documentation titles for a word
///
/// # Arguments
///
/// * `query` - The word to look for
/// * `limit` - The most titles to return (default 10)
#[tool]
pub fn search(
    #[arg(positional, short = 'q', min_length = 1)] query: String,
    #[arg(short = 'l', alias = "max", min = 1, max = 50)] limit: Option<u32>,
) -> Vec<String> {
    demo_tools::search(query, limit)
}

/// Lists the saved notes, all of them or those with one tag
///
/// # Arguments
///
/// * `tag` - Only the notes with this tag
#[tool]
pub async fn list_notes(#[arg(positional)] tag: Option<String>) -> Vec<String> {
    demo_tools::list_notes(tag).await
}

/// The example tools, three of them with command-line hints.
fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools
        .register(Slugify)
        .and_then(|t| t.register(demo_tools::MovePoint))
        .and_then(|t| t.register(Search))
        .and_then(|t| t.register(ListNotes))
        .and_then(|t| t.register(demo_tools::Divide))
        .expect("the example tools have distinct names");
    tools
}

fn main() -> ExitCode {
    toolsmith::cli::Cli::new(tools())
        .name("cli")
        .about("The toolsmith example tools")
        .version(env!("CARGO_PKG_VERSION"))
        .default_tool("search")
        .subcommand(
            clap::Command::new("version").about("Print the version of the tools"),
            |_, out, _| {
                let _ = writeln!(out, "cli {}", env!("CARGO_PKG_VERSION"));
                0
            },
        )
        .run()
}
