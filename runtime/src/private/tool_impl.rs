//! What a generated `Tool` impl calls: its validator, compiled once; the
//! conversion of the function's return value into a result, and the output
//! schema of its return type, each chosen by autoref on the concrete type.

use std::convert::Infallible;
use std::fmt::Display;
use std::marker::PhantomData;
use std::sync::OnceLock;

use serde::Serialize;
use serde_json::Value;

use crate::output::ToolOutput;
use crate::schema::Validator;
use crate::tool::{ToolError, tool_result};

/// The validator of a tool's input schema, compiled once.
pub fn validator(cell: &'static OnceLock<Validator>, schema: &'static Value) -> &'static Validator {
    cell.get_or_init(|| {
        Validator::new(schema).expect("`#[tool]` generates schemas the validator accepts")
    })
}

/// Which conversion a tool function's return value takes, chosen by
/// autoref on the concrete type of [`Returned`]:
/// `(&&&Returned(&value)).tool_result_kind()` is an [`ErrorTag`] for
/// `Result<T, E>` with `E: std::error::Error` (its `source()` chain is
/// kept), a [`ResultTag`] for any other `Result<T, E>` (`E: Display`,
/// shown with `{:#}`, which is how `anyhow::Error` shows its causes) and a
/// [`ValueTag`] for anything else.
pub struct Returned<'a, R>(pub &'a R);

pub trait ErrorKind {
    fn tool_result_kind(&self) -> ErrorTag {
        ErrorTag
    }
}

impl<T, E: std::error::Error> ErrorKind for &&Returned<'_, Result<T, E>> {}

pub trait ResultKind {
    fn tool_result_kind(&self) -> ResultTag {
        ResultTag
    }
}

impl<T, E> ResultKind for &Returned<'_, Result<T, E>> {}

pub trait ValueKind {
    fn tool_result_kind(&self) -> ValueTag {
        ValueTag
    }
}

impl<T> ValueKind for Returned<'_, T> {}

pub struct ErrorTag;

impl ErrorTag {
    /// `Ok` is serialized, `Err` becomes the tool's failure with its
    /// causes: `error: source: source's source`.
    pub fn into_tool_result<T: Serialize, E: std::error::Error>(
        self,
        returned: Result<T, E>,
    ) -> Result<Value, ToolError> {
        tool_result(returned.map_err(|err| crate::tool::with_causes(&err)))
    }
}

pub struct ResultTag;

impl ResultTag {
    /// `Ok` is serialized, `Err` becomes the tool's failure, in its
    /// alternate form (`{:#}`), which for `anyhow::Error` names its causes.
    pub fn into_tool_result<T: Serialize, E: Display>(
        self,
        returned: Result<T, E>,
    ) -> Result<Value, ToolError> {
        tool_result(returned.map_err(|err| format!("{err:#}")))
    }
}

pub struct ValueTag;

impl ValueTag {
    /// Any other `T: Serialize` is serialized.
    pub fn into_tool_result<T: Serialize>(self, returned: T) -> Result<Value, ToolError> {
        tool_result(Ok::<T, Infallible>(returned))
    }
}

/// The output schema of a return type `R`: the schema of `T` for
/// `Result<T, E>` or `T` where `T: ToolOutput`, none otherwise.
pub struct Output<R>(PhantomData<fn() -> R>);

impl<R> Output<R> {
    pub const fn new() -> Self {
        Output(PhantomData)
    }
}

impl<R> Default for Output<R> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait OutputOfResult {
    fn output_schema(&self) -> Option<Value>;
}

impl<T: ToolOutput, E> OutputOfResult for &&Output<Result<T, E>> {
    fn output_schema(&self) -> Option<Value> {
        Some(T::output_schema())
    }
}

pub trait OutputOfValue {
    fn output_schema(&self) -> Option<Value>;
}

impl<T: ToolOutput> OutputOfValue for &Output<T> {
    fn output_schema(&self) -> Option<Value> {
        Some(T::output_schema())
    }
}

pub trait OutputUnknown {
    fn output_schema(&self) -> Option<Value>;
}

impl<T> OutputUnknown for Output<T> {
    fn output_schema(&self) -> Option<Value> {
        None
    }
}

#[cfg(test)]
// Autoref picks the impl: the borrows are the point.
#[allow(clippy::needless_borrow)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn returned_values_and_results() {
        let ok: Result<u8, String> = Ok(3);
        assert_eq!(
            (&&&Returned(&ok)).tool_result_kind().into_tool_result(ok),
            Ok(json!(3))
        );
        let err: Result<u8, String> = Err("no\u{1b}[31m way".into());
        assert_eq!(
            (&&&Returned(&err))
                .tool_result_kind()
                .into_tool_result(err)
                .unwrap_err()
                .message(),
            ToolError::new("no\u{1b}[31m way").message()
        );
        let plain = "x";
        assert_eq!(
            (&&&Returned(&plain))
                .tool_result_kind()
                .into_tool_result(plain),
            Ok(json!("x"))
        );
        // A std error keeps its source: `ErrorTag`.
        let io = std::io::Error::other(std::fmt::Error);
        let failed: Result<u8, std::io::Error> = Err(io);
        assert_eq!(
            (&&&Returned(&failed))
                .tool_result_kind()
                .into_tool_result(failed)
                .unwrap_err()
                .message(),
            "an error occurred when formatting an argument"
        );
    }

    #[test]
    fn output_schema_only_for_tool_args() {
        assert_eq!(
            (&&&Output::<Result<String, String>>::new()).output_schema(),
            Some(json!({"type": "string"}))
        );
        assert_eq!(
            (&&&Output::<u8>::new()).output_schema().unwrap()["type"],
            "integer"
        );
        assert_eq!((&&&Output::<()>::new()).output_schema(), None);
    }
}
