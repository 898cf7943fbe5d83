//! A slow tool on the command line: `clean` reports each file on stderr as
//! it goes (`[1/3] deleting a.txt`), and Ctrl-C stops it, printing
//! `cancelled` and exiting 130.
//!
//! ```text
//! cargo run --example cli_progress -- clean a.txt b.txt c.txt
//! ```

use std::process::ExitCode;
use std::time::Duration;

use toolsmith::cli::Cli;
use toolsmith::{Call, ToolSet, tool};

/// Deletes files, one every half second, saying which (it only pretends)
///
/// # Arguments
///
/// * `files` - The files to delete
#[tool]
async fn clean(files: Vec<String>, #[call] call: Call) -> String {
    let total = files.len() as f64;
    for (done, file) in files.iter().enumerate() {
        call.progress(done as f64 + 1.0, Some(total), &format!("deleting {file}"));
        // Ctrl-C drops this future here, mid-wait.
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    format!("deleted {} files", files.len())
}

fn main() -> ExitCode {
    let mut tools = ToolSet::new();
    tools.register(Clean).expect("one tool, one name");
    Cli::new(tools)
        .name("cli_progress")
        .about("A slow tool that reports its progress")
        .positional("clean", &["files"])
        .run()
}
