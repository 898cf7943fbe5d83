//! Validating a tool's input and calling it: the typed fast path, and the
//! full diagnostic walk only when something is wrong.

use serde::Deserialize;
use serde_json::Value;

use crate::error::ToolInputError;
use crate::repair::{Repair, RepairPolicy};
use crate::strict::Strict;
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

/// Checks `input` against the tool's schema, with the default [`RepairPolicy`],
/// and returns its typed arguments, or every problem, one line each.
///
/// A valid call is deserialized and checked in one pass; the full validator
/// runs only when that fails, to repair what it may and name every problem.
/// (Arguments holding a set, `HashSet<T>` or `BTreeSet<T>`, are validated
/// first and then read: serde drops a repeated item silently, where the
/// schema's `uniqueItems` refuses it.)
pub fn validate_input<T: Tool>(tool: &T, input: &Value) -> Result<T::Args, ToolInputError> {
    validate_input_with(tool, input, &RepairPolicy::default()).map(|valid| valid.args)
}

/// [`validate_input`] with a chosen repair policy, reporting the repairs.
pub fn validate_input_with<T: Tool>(
    tool: &T,
    input: &Value,
    policy: &RepairPolicy,
) -> Result<Validated<T::Args>, ToolInputError> {
    validate_input_keeping_repairs(tool, input, policy).map_err(|(err, _)| err)
}

/// [`validate_input_with`], with the repairs made kept when the repaired
/// input still fails: a set's repair log hears of them either way.
pub(crate) fn validate_input_keeping_repairs<T: Tool>(
    tool: &T,
    input: &Value,
    policy: &RepairPolicy,
) -> Result<Validated<T::Args>, (ToolInputError, Vec<Repair>)> {
    // A set would drop repeated items unseen: the schema goes first.
    if !T::Args::__DEDUPS
        && let Ok(args) = T::Args::deserialize(Strict::quiet(input))
        && args.satisfies_schema()
        // serde took a declared alias: repair it, so the repair is reported.
        && !tool.validator().uses_declared_aliases(input)
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
    if !T::Args::__DEDUPS
        && let Ok(args) = from_text::<T::Args>(input)
        && args.satisfies_schema()
    {
        return Ok(args);
    }
    match crate::json_text::parse_json_text(input, &Default::default()) {
        Ok(value) => diagnose(tool, &value, &RepairPolicy::default())
            .map(|valid| valid.args)
            .map_err(|(err, _)| err),
        Err(err) => Err(ToolInputError::not_json(&err)),
    }
}

/// Deserializes `T` from JSON text as the schema reads it: structs only
/// from objects, enums only from strings.
fn from_text<T: for<'de> Deserialize<'de>>(input: &str) -> serde_json::Result<T> {
    let mut de = serde_json::Deserializer::from_str(input);
    let value = T::deserialize(Strict::quiet(&mut de))?;
    de.end()?;
    Ok(value)
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
/// left, or, when the schema accepts the input, read it into the argument
/// types (see `read`), which enforces each number type's own range.
fn diagnose<T: Tool>(
    tool: &T,
    input: &Value,
    policy: &RepairPolicy,
) -> Result<Validated<T::Args>, (ToolInputError, Vec<Repair>)> {
    diagnosed(tool, input, policy).map(|(valid, _)| valid)
}

/// Checks `input` as a call of `tool` would, never calling it: the
/// arguments as the tool would read them (repaired as `policy` allows),
/// and the repairs made; or every problem.
pub(crate) fn check_input<T: Tool>(
    tool: &T,
    input: Value,
    policy: &RepairPolicy,
) -> Result<(Value, Vec<Repair>), (ToolInputError, Vec<Repair>)> {
    let (valid, repaired) = diagnosed(tool, &input, policy)?;
    Ok((repaired.unwrap_or(input), valid.repairs))
}

/// What [`diagnosed`] finds: the arguments and the repaired copy of the
/// input where one was made, or every problem; the repairs either way.
type Diagnosis<A> = Result<(Validated<A>, Option<Value>), (ToolInputError, Vec<Repair>)>;

/// [`diagnose`], with the repaired copy of `input` where one was made.
fn diagnosed<T: Tool>(tool: &T, input: &Value, policy: &RepairPolicy) -> Diagnosis<T::Args> {
    let mut owned = None;
    let repairs = if tool.validator().may_repair(input, policy) {
        let copy = owned.insert(input.clone());
        match tool.validator().repair_then_check(copy, policy) {
            (repairs, Ok(())) => repairs,
            (repairs, Err(err)) => return Err((err, repairs)),
        }
    } else {
        tool.validator()
            .check(input, policy.suggestions, Default::default())
            .map_err(|err| (err, Vec::new()))?;
        Vec::new()
    };
    // The schema passed; the reader turns what serde still refuses (an
    // integral float for an integer, a type's unstated range) into lines.
    match crate::read::read::<T::Args>(owned.as_ref().unwrap_or(input)) {
        Ok(args) => Ok((Validated { args, repairs }, owned)),
        Err(err) => Err((err, repairs)),
    }
}
