//! A tool's call on the command line: `clean` reports each file on stderr
//! as it goes (`[1/3] deleting a.txt`), and Ctrl-C stops it, printing
//! `cancelled` and exiting 130; `drop_project` asks on the terminal before
//! it pretends to delete anything.
//!
//! ```text
//! cargo run --example cli_call -- clean a.txt b.txt c.txt
//! cargo run --example cli_call -- drop_project demo
//! ```

use std::process::ExitCode;
use std::time::Duration;

use toolsmith::cli::Cli;
use toolsmith::{Answer, Call, ToolArg, ToolError, ToolSet, tool};

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

/// What `drop_project` asks.
#[derive(serde::Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Confirm {
    /// Type the project's name
    name: String,
    /// Also delete backups
    backups: bool,
}

/// Deletes a project, after asking (it only pretends)
///
/// # Arguments
///
/// * `project` - The project to delete
#[tool]
async fn drop_project(project: String, #[call] call: Call) -> Result<String, ToolError> {
    let Answer::Accepted(confirm) = call.ask::<Confirm>(&format!("Delete {project}?")).await?
    else {
        return Ok("nothing deleted".into());
    };
    if confirm.name != project {
        return Ok(format!(
            "nothing deleted: {:?} is not {project:?}",
            confirm.name
        ));
    }
    Ok(format!(
        "deleted {project} (backups too: {})",
        confirm.backups
    ))
}

fn main() -> ExitCode {
    let mut tools = ToolSet::new();
    tools
        .register(Clean)
        .and_then(|t| t.register(DropProject))
        .expect("two tools, two names");
    Cli::new(tools)
        .name("cli_call")
        .about("Tools that report progress and ask")
        .positional("clean", &["files"])
        .positional("drop_project", &["project"])
        .run()
}
