//! Validating a tool's input and calling it: the typed fast path, and the
//! full diagnostic walk only when something is wrong.

use serde::Deserialize;
use serde_json::Value;

use crate::error::{Issue, IssueKind, ToolInputError};
use crate::repair::{Repair, Repairs};
use crate::tool::{CallError, Tool, ToolArgs};

/// Arguments that passed validation, and the repairs made to get there.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Validated<A> {
    /// The typed arguments.
    pub args: A,
    /// What was repaired before validation (empty for a call sent right).
    pub repairs: Vec<Repair>,
}

/// Checks `input` against the tool's schema, with the default [`Repairs`],
/// and returns its typed arguments, or every problem, one line each.
///
/// A valid call is deserialized and checked in one pass; the full validator
/// runs only when that fails, to repair what it may and name every problem.
pub fn validate_input<T: Tool>(tool: &T, input: &Value) -> Result<T::Args, ToolInputError> {
    validate_input_with(tool, input, &Repairs::default()).map(|valid| valid.args)
}

/// [`validate_input`] with a chosen repair policy, reporting the repairs.
pub fn validate_input_with<T: Tool>(
    tool: &T,
    input: &Value,
    policy: &Repairs,
) -> Result<Validated<T::Args>, ToolInputError> {
    if let Ok(args) = T::Args::deserialize(input)
        && args.satisfies_schema()
    {
        return Ok(Validated {
            args,
            repairs: Vec::new(),
        });
    }
    diagnose(tool, input, policy)
}

/// [`validate_input`] straight from the JSON text of the arguments.
///
/// Text that is not JSON, repeats a key, nests deeper than 128 levels or
/// holds a number out of range is refused with one line saying which (see
/// [`parse_json_text`](crate::parse_json_text)).
pub fn validate_input_str<T: Tool>(tool: &T, input: &str) -> Result<T::Args, ToolInputError> {
    if let Ok(args) = serde_json::from_str::<T::Args>(input)
        && args.satisfies_schema()
    {
        return Ok(args);
    }
    match crate::json_text::parse_json_text(input, &Default::default()) {
        Ok(value) => diagnose(tool, &value, &Repairs::default()).map(|valid| valid.args),
        Err(err) => Err(ToolInputError::not_json(&err)),
    }
}

/// Validates `args`, then runs the tool; the function never sees input that
/// failed the schema.
pub async fn invoke_tool<T: Tool>(
    tool: &T,
    args: Value,
    ctx: T::Context,
) -> Result<Value, CallError> {
    let args = validate_input(tool, &args)?;
    Ok(tool.call(args, ctx).await?)
}

/// The slow path: repair what the policy allows and name every problem
/// left, or, when the schema accepts the input, deserialize what serde's
/// stricter reading refused.
fn diagnose<T: Tool>(
    tool: &T,
    input: &Value,
    policy: &Repairs,
) -> Result<Validated<T::Args>, ToolInputError> {
    let mut owned = None;
    let repairs = if tool.validator().may_repair(input, policy) {
        let copy = owned.insert(input.clone());
        tool.validator().validate_with(copy, policy)?
    } else {
        tool.validator()
            .check(input, policy.suggestions, Default::default())?;
        Vec::new()
    };
    let mut input = owned.as_ref().unwrap_or(input);
    // The schema passed: an integral float (`5.0`) is an integer to JSON
    // Schema but not to serde, so read those as integers.
    let normalized;
    if has_integral_float(input) {
        normalized = integral_floats_as_integers(input.clone());
        input = &normalized;
    }
    let args = T::Args::deserialize(input).map_err(|err| {
        let problem = crate::echo::truncate(&crate::sanitize::sanitize_line(&err.to_string()), 200);
        ToolInputError::new(
            vec![Issue::new(String::new(), IssueKind::Deserialize, problem)],
            0,
        )
    })?;
    Ok(Validated { args, repairs })
}

fn has_integral_float(value: &Value) -> bool {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Number(n)
                if n.is_f64()
                    && n.as_f64()
                        .is_some_and(|f| f.fract() == 0.0 && f.abs() < 9.0e15) =>
            {
                return true;
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
                if let Some(f) = n
                    .as_f64()
                    .filter(|f| n.is_f64() && f.fract() == 0.0 && f.abs() < 9.0e15)
                {
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
