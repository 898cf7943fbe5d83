//! The tools the official conformance suite's tasks scenarios call
//! (MCP's tasks extension, `io.modelcontextprotocol/tasks`), as ordinary
//! toolsmith tools: `#[tool(task)]` runs as a task for a client that takes
//! them, `task = "required"` only as one, and `input_first` asks its
//! questions in `input_required` rounds before it becomes one.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use toolsmith::{Answer, Call, RegisterError, ToolArg, ToolError, ToolSet, tool};

/// Greets someone by name, at once.
#[tool]
fn greet(name: String) -> String {
    format!("Hello, {name}!")
}

/// Waits `seconds`, then says it is done; cancelling it stops the wait.
///
/// # Arguments
///
/// * `seconds` - how long to wait
/// * `label` - what the result names
#[tool(task)]
async fn slow_compute(
    #[arg(max = 600)] seconds: u32,
    label: Option<String>,
    #[call] call: Call,
) -> String {
    call.progress(0.0, Some(f64::from(seconds)), "waiting");
    tokio::time::sleep(Duration::from_secs(seconds.into())).await;
    match label {
        Some(label) => format!("computed {label} in {seconds}s"),
        None => format!("computed in {seconds}s"),
    }
}

/// Fails after a second, as a job does; it runs only as a task.
#[tool(task = "required")]
async fn failing_job() -> Result<String, String> {
    tokio::time::sleep(Duration::from_secs(1)).await;
    Err("the job found nothing to do".to_owned())
}

/// Panics, which no answer of the tool's own can say.
#[tool(task)]
async fn protocol_error_job() -> String {
    tokio::time::sleep(Duration::from_millis(100)).await;
    panic!("the job lost its state")
}

/// The user's go-ahead.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Confirmation {
    /// Whether to go ahead
    confirm: bool,
}

/// Deletes `filename` once the user confirms (nothing is deleted: the
/// answer is what the result says).
///
/// # Arguments
///
/// * `filename` - the file to delete
#[tool(task)]
async fn confirm_delete(filename: String, #[call] call: Call) -> Result<String, ToolError> {
    let question = format!("Delete {filename}?");
    Ok(match call.ask::<Confirmation>(&question).await? {
        Answer::Accepted(Confirmation { confirm: true }) => format!("deleted {filename}"),
        Answer::Accepted(_) | Answer::Declined => format!("kept {filename}"),
        Answer::Cancelled => format!("not asked about {filename}"),
    })
}

/// A name the user gives, and their go-ahead.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Signoff {
    /// Who signs off
    name: String,
    /// Whether they agree
    confirm: bool,
}

/// Asks two people at once to sign off, and names those who agreed.
#[tool(task)]
async fn multi_input(#[call] call: Call) -> Result<String, ToolError> {
    let (first, second) = tokio::join!(
        call.ask::<Signoff>("First sign-off"),
        call.ask::<Signoff>("Second sign-off"),
    );
    let agreed: Vec<String> = [first?, second?]
        .into_iter()
        .filter_map(|answer| match answer {
            Answer::Accepted(Signoff {
                name,
                confirm: true,
            }) => Some(name),
            _ => None,
        })
        .collect();
    Ok(format!("signed off by: {}", agreed.join(", ")))
}

/// Who the user is.
#[derive(Deserialize, Serialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct UserName {
    /// Your name
    name: String,
}

/// Asks the user's name first, then greets them from a task.
#[tool(task = "required", input_first)]
async fn test_tool_with_task(#[call] call: Call) -> Result<String, ToolError> {
    let name = match call
        .ask_as::<UserName>("user_name", "What is your name?")
        .await?
    {
        Answer::Accepted(UserName { name }) => name,
        Answer::Declined | Answer::Cancelled => return Ok("no name given".to_owned()),
    };
    call.become_task().await;
    call.progress(0.0, Some(1.0), "greeting");
    tokio::time::sleep(Duration::from_millis(100)).await;
    Ok(format!("Hello, {name}, from a task!"))
}

/// Adds the tasks fixtures to `tools`.
pub fn register(tools: &mut ToolSet) -> Result<&mut ToolSet, RegisterError> {
    tools
        .register(Greet)?
        .register(SlowCompute)?
        .register(FailingJob)?
        .register(ProtocolErrorJob)?
        .register(ConfirmDelete)?
        .register(MultiInput)?
        .register(TestToolWithTask)
}
