//! The set's answer to a call as an [`Outcome`], which each host then
//! words its own way, and a result as text.

use serde_json::Value;
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

/// The answer of [`ToolRef::call_in`] as an [`Outcome`]: a failure is
/// the line every host says, `search failed: <message>`.
pub(crate) fn outcome<C>(tool: ToolRef<'_, C>, result: Result<Value, CallError>) -> Outcome {
    match result {
        Ok(value) => Outcome::Ran(value),
        Err(CallError::Input(err)) => Outcome::Refused(err),
        Err(CallError::Failed(err)) => {
            Outcome::Failed(format!("{} failed: {}", tool.name(), err.message()))
        }
    }
}

/// A successful result as a host that takes only text or JSON gives it
/// (the command line, Gemini's `output`): a [`Content`] as its text
/// blocks and a line for each other block, anything else as it is. The
/// one mapping, [`Content::plain`], which [`ToolSet::call`] answers
/// through too.
///
/// [`ToolSet::call`]: toolsmith_runtime::ToolSet::call
pub(crate) fn plain_result(value: Value) -> Value {
    Content::plain(value)
}

/// A successful result as text: a string as it is, a [`Content`] as
/// [`plain_result`] words it, anything else as compact JSON.
pub(crate) fn result_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        // Only a `Content` is copied, to be read by the one mapping.
        content if Content::blocks_of(content).is_some() => match plain_result(content.clone()) {
            Value::String(text) => text,
            other => other.to_string(),
        },
        other => other.to_string(),
    }
}
