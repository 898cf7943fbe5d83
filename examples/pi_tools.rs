//! Tools for Pi and OMP: `slugify` (the quickstart's), `wait`, which
//! reports its progress every tenth of a second until it is done or
//! cancelled, and `drop_project`, which asks before it pretends to delete
//! anything. `pi-extension` prints the module both agents load.
//!
//! ```text
//! cargo run --example pi_tools -- pi-extension > toolsmith.ts
//! pi -e toolsmith.ts        # or: omp -e toolsmith.ts
//! echo '{"text": "Hi", "separator": "+"}' | cargo run --example pi_tools -- check slugify
//! ```

use std::process::ExitCode;
use std::time::Duration;

use toolsmith::cli::Cli;
use toolsmith::{Answer, Call, ToolArg, ToolError, ToolSet, tool};

#[allow(dead_code)]
#[path = "quickstart.rs"]
mod quickstart;

/// Writes `stopped` to its file when dropped before it is disarmed: what
/// a cancelled call leaves behind.
struct Stopped(Option<String>);

impl Drop for Stopped {
    fn drop(&mut self) {
        if let Some(path) = self.0.take() {
            let _ = std::fs::write(path, "stopped");
        }
    }
}

/// Waits, saying how far along it is every tenth of a second
///
/// # Arguments
///
/// * `tenths` - How many tenths of a second to wait
/// * `mark` - A file to write `stopped` to if the wait is cancelled
#[tool(title = "Wait", read_only)]
async fn wait(
    #[arg(min = 1, max = 6000)] tenths: u32,
    mark: Option<String>,
    #[call] call: Call,
) -> String {
    let stopped = Stopped(mark);
    for done in 1..=tenths {
        tokio::time::sleep(Duration::from_millis(100)).await;
        call.progress(
            f64::from(done),
            Some(f64::from(tenths)),
            &format!("waited {done} of {tenths}"),
        );
    }
    std::mem::forget(stopped);
    format!("waited {tenths} tenths of a second")
}

/// What `drop_project` asks.
#[derive(serde::Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Confirm {
    /// Type the project's name
    name: String,
}

/// Deletes a project, after asking (it only pretends)
///
/// # Arguments
///
/// * `project` - The project to delete
#[tool(title = "Drop project", destructive)]
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
    Ok(format!("deleted {project}"))
}

fn main() -> ExitCode {
    let mut tools = ToolSet::new();
    tools
        .register(quickstart::Slugify)
        .and_then(|t| t.register(Wait))
        .and_then(|t| t.register(DropProject))
        .expect("three tools, three names");
    Cli::new(tools)
        .name("pi_tools")
        .about("Tools for Pi and OMP")
        .run()
}
