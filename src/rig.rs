//! rig: the tools of a [`ToolSet`] as tools of a [rig](https://docs.rs/rig-core)
//! agent (feature `rig`, on `rig-core` 0.44; rig needs Rust 1.95).
//!
//! [`tools`] turns each tool of the set into a [`rig_core::tool::DynamicTool`]
//! with the tool's name, description and canonical schema, for
//! `AgentBuilder::dynamic_tools` (or anything else that takes rig tools).
//! Every call goes through the set, as on every other host: the arguments
//! are capped by its [`Limits`](toolsmith_runtime::Limits), repaired as its
//! [`RepairPolicy`](toolsmith_runtime::RepairPolicy) policy allows (and told to its
//! [`on_repair`](ToolSet::on_repair) log), validated, and only then run,
//! with a panic or a [timeout](ToolSet::with_timeout) answered like any
//! failure.
//!
//! What the model reads back, as the tool result:
//!
//! | outcome | tool result | rig's [`ToolErrorKind`] |
//! |---|---|---|
//! | the tool ran | its result, a string as it is, anything else as JSON text | (success) |
//! | bad input | one line per problem, `Invalid arguments at /limit: must be at most 50, got 500` | `InvalidArgs` |
//! | the function fails | `search failed: <sanitized message>` | `Other` |
//!
//! A rig tool written by hand deserializes its arguments with serde, and the
//! model reads serde's first error (`failed to parse tool arguments: invalid
//! type: string "5", expected u8 at line 1 column 12`); here it reads every
//! problem, with where it is and what to send instead. The
//! [`ToolExecutionError`] of bad input keeps the [`ToolInputError`] as its
//! source, so a rig hook can read the structured issues
//! (`error.downcast_ref::<ToolInputError>()`).
//!
//! Arguments that are not a JSON object never reach the set: rig answers
//! them itself, before any tool runs. Plain `fn` tools run on tokio's
//! blocking pool when the call is made on a tokio runtime (unless the set
//! has a [blocking executor](ToolSet::with_blocking_executor) of its own),
//! so a slow one never holds up the agent's other work.
//!
//! ```no_run
//! use rig_agent::core::{DynModel, operation::Completion};
//! use rig_agent::{Agent, AgentBuilder};
//!
//! /// Adds two numbers.
//! #[toolsmith::tool]
//! fn add(a: i64, b: i64) -> i64 {
//!     a + b
//! }
//!
//! fn agent(model: impl Into<DynModel<Completion>>) -> Agent {
//!     let tools = toolsmith::toolset![Add].expect("one tool, a valid name");
//!     AgentBuilder::new(model)
//!         .preamble("Use the tools.")
//!         .dynamic_tools(toolsmith::rig::tools(tools))
//!         .build()
//! }
//! ```

use std::sync::Arc;

use rig_core::message::ToolName;
use rig_core::tool::{DynamicTool, ToolExecutionError, ToolOutput};
use serde_json::Value;
use toolsmith_runtime::{Call, ToolInputError, ToolSet};

use crate::host::{self, Outcome, result_text};

#[doc(no_inline)]
pub use rig_core::tool::ToolErrorKind;

/// The tools of a set that takes no context, as rig tools, in registration
/// order.
pub fn tools(set: ToolSet) -> Vec<DynamicTool> {
    let set = Arc::new(host::on_tokio_pool(set));
    set.tools()
        .filter_map(|tool| {
            // A registered name is never empty: `ToolSet` checked it.
            let name = ToolName::new(tool.name()).ok()?;
            let (set, called) = (Arc::clone(&set), tool.name().to_owned());
            Some(DynamicTool::new(
                name,
                tool.description(),
                host::without_mcp_keywords(tool.input_schema()),
                move |args| {
                    let (set, name) = (Arc::clone(&set), called.clone());
                    Box::pin(async move { call(&set, &name, args).await })
                },
            ))
        })
        .collect()
}

/// The tools of a set, as rig tools, each call handed a clone of `ctx`.
pub fn tools_with_context<C>(set: ToolSet<C>, ctx: C) -> Vec<DynamicTool>
where
    C: Clone + Send + Sync + 'static,
{
    tools(set.bind(ctx))
}

/// Runs tool `name` of `set` and shapes the outcome as rig wants it.
async fn call(set: &ToolSet, name: &str, args: Value) -> Result<ToolOutput, ToolExecutionError> {
    let tool = set
        .tool(name)
        .map_err(|unknown| ToolExecutionError::not_found(unknown.to_string()))?;
    let answer = tool.call_in(args, (), Call::detached_as("rig")).await;
    match host::outcome(tool, answer) {
        Outcome::Ran(value) => Ok(ToolOutput::text(result_text(&value))),
        Outcome::Refused(err) => Err(bad_input(err)),
        Outcome::Failed(line) => Err(ToolExecutionError::other(line)),
    }
}

/// Bad input: the lines are the message the model reads; the error itself
/// stays reachable as the source.
fn bad_input(err: ToolInputError) -> ToolExecutionError {
    ToolExecutionError::invalid_args(err.to_string()).with_source(err)
}
