//! The tools for the tests of cancellation, progress and questions in
//! real MCP clients (`mcp_server` with `TOOLSMITH_SLOW` set): `countdown`
//! says on stderr that it started (`countdown: started, M steps`),
//! reports progress at each of its steps and, when the client cancels the
//! call, says so on stderr (`countdown: cancelled at step N of M`) and
//! stops; `confirm` asks the user a yes-or-no question (elicitation) and
//! says what came back.

use std::time::Duration;

use toolsmith::{Answer, Call, ToolArg, ToolError, ToolSet, tool};

/// How long one step of `countdown` takes.
const STEP: Duration = Duration::from_millis(100);

/// How often a step looks for a cancellation.
const TICK: Duration = Duration::from_millis(10);

/// Counts down, one step every tenth of a second, reporting progress at
/// each step; stops early when cancelled
///
/// # Arguments
///
/// * `steps` - How many steps to count
#[tool(read_only, idempotent, open_world = false)]
pub fn countdown(#[arg(min = 1, max = 600)] steps: u32, #[call] call: Call) -> String {
    eprintln!("countdown: started, {steps} steps");
    for step in 1..=steps {
        call.progress(
            f64::from(step),
            Some(f64::from(steps)),
            &format!("step {step} of {steps}"),
        );
        for _ in 0..STEP.as_millis() / TICK.as_millis() {
            if call.is_cancelled() {
                eprintln!("countdown: cancelled at step {step} of {steps}");
                return format!("cancelled at step {step}");
            }
            std::thread::sleep(TICK);
        }
    }
    format!("counted {steps} steps")
}

/// What `confirm` asks.
#[derive(serde::Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Proceed {
    /// Go ahead
    pub proceed: bool,
}

/// Asks the user whether to go ahead, and says what they answered
///
/// # Arguments
///
/// * `question` - What to ask
#[tool(read_only, idempotent, open_world = false)]
pub async fn confirm(question: String, #[call] call: Call) -> Result<String, ToolError> {
    Ok(match call.ask::<Proceed>(&question).await? {
        Answer::Accepted(Proceed { proceed }) => format!("the user answered proceed = {proceed}"),
        Answer::Declined => "the user declined".to_owned(),
        Answer::Cancelled => "the user dismissed the question".to_owned(),
    })
}

/// Adds `countdown` and `confirm` to `tools`.
pub fn register(tools: &mut ToolSet) {
    tools
        .register(Countdown)
        .and_then(|t| t.register(Confirm))
        .expect("countdown and confirm are names of their own");
}
