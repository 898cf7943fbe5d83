//! A call as every host makes it: arguments in, the set's answer out, as
//! an [`Outcome`] each host then words its own way.

use serde_json::{Map, Value};
use toolsmith_runtime::{CallError, Content, ToolInputError, ToolRef};

/// How a call turned out, before a host words it.
pub(crate) enum Outcome {
    /// The tool ran: its result.
    Ran(Value),
    /// The arguments were refused (limits, repairs, the schema): every
    /// problem, for the host to say as lines.
    Refused(ToolInputError),
    /// The function failed (or panicked, or timed out): the line every
    /// host says, `search failed: <message>`.
    Failed(String),
}

/// Calls `tool` with `args` (`null`, as a host reads arguments left out,
/// is `{}`) through its set: limits, repairs, validation, then the tool;
/// `host` names the caller in the set's call reports.
pub(crate) async fn call<C>(
    tool: ToolRef<'_, C>,
    args: Value,
    ctx: C,
    host: &'static str,
) -> Outcome {
    let args = match args {
        Value::Null => Value::Object(Map::new()),
        other => other,
    };
    outcome(tool, tool.call_as(args, ctx, host).await)
}

/// [`call`] as part of `call`, a `Call` the host made.
#[cfg(any(feature = "mcp", feature = "cli"))]
pub(crate) async fn call_in<C>(
    tool: ToolRef<'_, C>,
    args: Value,
    ctx: C,
    call: toolsmith_runtime::Call,
) -> Outcome {
    let args = match args {
        Value::Null => Value::Object(Map::new()),
        other => other,
    };
    outcome(tool, tool.call_in(args, ctx, call).await)
}

pub(crate) fn outcome<C>(tool: ToolRef<'_, C>, result: Result<Value, CallError>) -> Outcome {
    match result {
        Ok(value) => Outcome::Ran(value),
        Err(CallError::Input(err)) => Outcome::Refused(err),
        Err(CallError::Failed(err)) => {
            Outcome::Failed(format!("{} failed: {}", tool.name(), err.message()))
        }
    }
}

/// A successful result as text: a string as it is, a [`Content`] as its
/// text blocks and a line for each other block, anything else as compact
/// JSON.
pub(crate) fn result_text(value: &Value) -> String {
    if let Some(blocks) = Content::blocks_of(value) {
        return Content::text_of(blocks);
    }
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}
