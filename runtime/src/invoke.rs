//! Validating a tool's input and calling it: the typed fast path, and the
//! full diagnostic walk only when something is wrong.

use serde::Deserialize;
use serde_json::Value;

use crate::error::{Issue, IssueKind, ToolInputError};
use crate::tool::{CallError, Tool, ToolArgs};

/// Checks `input` against the tool's schema and returns its typed arguments,
/// or every problem, one line each.
///
/// A valid call is deserialized and checked in one pass; the full validator
/// runs only when that fails, to name every problem.
pub fn validate_input<T: Tool>(tool: &T, input: &Value) -> Result<T::Args, ToolInputError> {
    if let Ok(args) = T::Args::deserialize(input)
        && args.satisfies_schema()
    {
        return Ok(args);
    }
    diagnose::<T>(tool, input)
}

/// [`validate_input`] straight from the JSON text of the arguments.
pub fn validate_input_str<T: Tool>(tool: &T, input: &str) -> Result<T::Args, ToolInputError> {
    if let Ok(args) = serde_json::from_str::<T::Args>(input)
        && args.satisfies_schema()
    {
        return Ok(args);
    }
    match serde_json::from_str::<Value>(input) {
        Ok(value) => diagnose::<T>(tool, &value),
        Err(err) => Err(not_json(&err)),
    }
}

/// Validates `args`, then runs the tool; the function never sees input that
/// failed the schema.
pub async fn invoke_tool<T: Tool>(tool: &T, args: Value, ctx: T::Context) -> Result<Value, CallError> {
    let args = validate_input(tool, &args)?;
    Ok(tool.call(args, ctx).await?)
}

/// The slow path: name every problem, or, when the schema accepts the
/// input, deserialize what serde's stricter reading refused.
fn diagnose<T: Tool>(tool: &T, input: &Value) -> Result<T::Args, ToolInputError> {
    tool.validator().validate(input)?;
    // The schema passed: an integral float (`5.0`) is an integer to JSON
    // Schema but not to serde, so read those as integers.
    let normalized;
    let input = if has_integral_float(input) {
        normalized = integral_floats_as_integers(input.clone());
        &normalized
    } else {
        input
    };
    T::Args::deserialize(input).map_err(|err| {
        ToolInputError::new(
            vec![Issue::new(String::new(), IssueKind::Deserialize, crate::echo::truncate(&crate::sanitize::sanitize_line(&err.to_string()), 200))],
            0,
        )
    })
}

/// A line for arguments that are not JSON at all, with the parse position.
pub(crate) fn not_json(err: &serde_json::Error) -> ToolInputError {
    let problem = format!("not valid JSON: {} at line {} column {}", describe_category(err), err.line(), err.column());
    ToolInputError::new(vec![Issue::new(String::new(), IssueKind::Type, problem)], 0)
}

fn describe_category(err: &serde_json::Error) -> &'static str {
    match err.classify() {
        serde_json::error::Category::Eof => "unexpected end of input",
        serde_json::error::Category::Syntax => "syntax error",
        serde_json::error::Category::Data => "unexpected value",
        serde_json::error::Category::Io => "read error",
    }
}

fn has_integral_float(value: &Value) -> bool {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Number(n) if n.is_f64() => {
                if n.as_f64().is_some_and(|f| f.fract() == 0.0 && f.abs() < 9.0e15) {
                    return true;
                }
            }
            Value::Array(items) => pending.extend(items),
            Value::Object(map) => pending.extend(map.values()),
            _ => {}
        }
    }
    false
}

fn integral_floats_as_integers(mut value: Value) -> Value {
    let mut pending = vec![&mut value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Number(n) => {
                if let Some(f) = n.as_f64().filter(|f| n.is_f64() && f.fract() == 0.0 && f.abs() < 9.0e15) {
                    *value = Value::from(f as i64);
                }
            }
            Value::Array(items) => pending.extend(items.iter_mut()),
            Value::Object(map) => pending.extend(map.values_mut()),
            _ => {}
        }
    }
    value
}
