//! The `Tool` trait: what `#[tool]` implements and every host calls.

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ToolInputError;
use crate::schema::Validator;

mod hints;

pub use hints::{TaskSupport, ToolAnnotations, ToolHints, ToolIcon};

/// A function a language model can call: its name, description, JSON Schema
/// and a way to run it on validated arguments.
///
/// `#[toolsmith::tool]` implements it; implement it by hand only for a tool
/// whose schema is known at compile time but not produced by the macro.
pub trait Tool: Send + Sync + 'static {
    /// The typed arguments, deserialized once the input passed the schema.
    type Args: ToolArgs;
    /// The value a host passes to every call; `()` for a tool that takes none.
    type Context: Send + 'static;

    /// The name the model calls the tool by.
    fn name(&self) -> &'static str;
    /// What the tool does, for the model.
    fn description(&self) -> &'static str;
    /// The canonical JSON Schema of the arguments (draft 2020-12, closed,
    /// every subschema inlined), built once.
    fn input_schema(&self) -> &'static Value;
    /// The JSON Schema of the result, where the return type has one.
    fn output_schema(&self) -> Option<&'static Value> {
        None
    }
    /// The validator compiled from [`input_schema`](Tool::input_schema), built
    /// once. `#[tool]` compiles it from the same schema plus the aliases
    /// serde reads (`#[serde(alias)]`), which the advertised schema omits.
    fn validator(&self) -> &'static Validator;
    /// Runs the function on arguments that passed validation.
    fn call(
        &self,
        args: Self::Args,
        ctx: Self::Context,
    ) -> impl Future<Output = Result<Value, ToolError>> + Send;
    /// How a host runs the call: a future to poll (the default, for an
    /// `async fn`), or a job for a thread that may block (what `#[tool]`
    /// gives for a plain `fn`). A [`ToolSet`](crate::ToolSet) hands jobs to
    /// its [blocking executor](crate::ToolSet::with_blocking_executor), so a
    /// slow synchronous function never holds up an async worker thread.
    fn invocation(&self, args: Self::Args, ctx: Self::Context) -> Invocation<'_> {
        Invocation::Async(Box::pin(self.call(args, ctx)))
    }
    /// What hosts may read beside the schema: MCP's annotations, icons and
    /// `_meta`, whether the tool runs as a task, its command-line hints,
    /// its timeout ([`ToolHints`]). `#[tool(..)]` fills them in from its
    /// attributes; none by default.
    fn hints(&self) -> &'static ToolHints {
        static NONE: ToolHints = ToolHints::new();
        &NONE
    }
}

/// A synchronous call, packaged to run on a thread that may block.
pub type BlockingJob = Box<dyn FnOnce() -> Result<Value, ToolError> + Send + 'static>;

/// How a call runs, from [`Tool::invocation`].
pub enum Invocation<'a> {
    /// A future, polled by the host's async runtime.
    Async(Pin<Box<dyn Future<Output = Result<Value, ToolError>> + Send + 'a>>),
    /// A synchronous function call, for a thread that may block.
    Blocking(BlockingJob),
}

impl fmt::Debug for Invocation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Invocation::Async(_) => "Invocation::Async(..)",
            Invocation::Blocking(_) => "Invocation::Blocking(..)",
        })
    }
}

/// A tool that can run inside a host whose context is `C`.
///
/// `#[tool]` implements it for every `C` when the function takes no context,
/// and for its context type otherwise, so one `ToolSet<C>` holds both kinds.
/// Tools taking different `#[ctx]` types share a set through one
/// app-state type: each takes it whole, or the part it needs
/// ([`FromContext`](crate::FromContext)).
#[diagnostic::on_unimplemented(
    message = "this tool takes a `#[ctx]` other than `{C}`, the context of the set it joins",
    label = "its `#[ctx]` parameter is not `{C}`",
    note = "every tool of a `ToolSet<C>` receives the same context: put what the tools need in one app-state struct (`struct App {{ db: Arc<Db>, mailer: Arc<Mailer> }}`), take `#[ctx] app: App`, or one part of it (`#[ctx] db: Arc<Db>` with `#[derive(FromContext)]` on `App`), in each tool, and build the set with `ToolSet::<App>::with_context_type()`"
)]
pub trait ToolWith<C>: Tool {
    /// Turns the host's context into the one the tool takes.
    fn context(ctx: C) -> Self::Context;
}

/// The typed argument struct of a tool.
pub trait ToolArgs: DeserializeOwned + Send + 'static {
    #[doc(hidden)]
    /// `true` when an argument's type drops values serde reads silently (a
    /// set drops repeated items): such a call is checked against the
    /// schema before it is read, so the repeats are refused, as the
    /// schema's `uniqueItems` says.
    const __DEDUPS: bool = false;

    /// Checks, on a value serde has already deserialized, the constraints
    /// serde cannot see (patterns, bounds, lengths, item counts). `true` when
    /// all hold; `false` sends the input through the full validator, which
    /// names every problem.
    fn satisfies_schema(&self) -> bool {
        true
    }
}

/// A tool's own failure: the error its function returned, sanitized.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    message: String,
    /// The tool panicked (the message is then the runtime's own).
    panicked: bool,
}

impl ToolError {
    /// Wraps a failure message; it is made one line of plain text (line
    /// breaks become spaces, escape sequences and control characters go, as
    /// [`sanitize_line`](crate::sanitize_line) does) and cut to [`MAX_CHARS`](Self::MAX_CHARS), so
    /// a failing tool can never print a second line that reads like one of
    /// the runtime's own (`Invalid arguments…`).
    pub fn new(message: impl fmt::Display) -> Self {
        ToolError {
            message: crate::echo::shown(&message.to_string(), ToolError::MAX_CHARS),
            panicked: false,
        }
    }

    /// The failure of a tool that panicked: `the tool panicked`.
    pub(crate) fn panicked(message: &str) -> Self {
        ToolError {
            message: message.to_owned(),
            panicked: true,
        }
    }

    /// Whether the tool panicked, rather than returned an error (MCP's
    /// tasks tell the two apart: a panic is a `failed` task).
    pub fn is_panic(&self) -> bool {
        self.panicked
    }

    /// The longest message kept, in characters.
    pub const MAX_CHARS: usize = 2000;

    /// The sanitized message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToolError {}

/// A function's `Result` as a tool's: `Ok` serialized to JSON, `Err` the
/// tool's failure, sanitized as [`ToolError::new`] makes it (and so is a
/// value that does not serialize). What `#[tool]` does with what its
/// function returns, for a [`Tool`] written by hand.
///
/// ```
/// # use toolsmith_runtime::{ToolError, tool_result};
/// use serde_json::json;
///
/// assert_eq!(tool_result(Ok::<_, String>(vec![1, 2])), Ok(json!([1, 2])));
/// let failed = tool_result(Err::<u8, _>("disk full\n\u{1b}[31mInvalid arguments"));
/// assert_eq!(failed, Err(ToolError::new("disk full Invalid arguments")));
/// ```
pub fn tool_result<T: Serialize, E: fmt::Display>(
    returned: Result<T, E>,
) -> Result<Value, ToolError> {
    match returned {
        Ok(value) => serde_json::to_value(&value).map_err(|err| {
            ToolError::new(format_args!("the result could not be serialized: {err}"))
        }),
        Err(err) => Err(ToolError::new(err)),
    }
}

/// An error and its causes on one line, as a tool's failure shows it: its
/// own message, then each [`source`](std::error::Error::source) not
/// already part of the text before it, joined with ": "
/// (`cannot read the config: permission denied`). At most 16 causes.
///
/// ```
/// # use toolsmith_runtime::with_causes;
/// let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
/// let err = std::io::Error::other(Wrapped("cannot read the config", denied));
/// # #[derive(Debug)] struct Wrapped(&'static str, std::io::Error);
/// # impl std::fmt::Display for Wrapped {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(self.0) }
/// # }
/// # impl std::error::Error for Wrapped {
/// #     fn source(&self) -> Option<&(dyn std::error::Error + 'static)> { Some(&self.1) }
/// # }
/// assert_eq!(with_causes(&err), "cannot read the config: permission denied");
/// ```
pub fn with_causes(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    for _ in 0..16 {
        let Some(source) = cause else { break };
        let shown = source.to_string();
        if !shown.is_empty() && !text.contains(&shown) {
            text.push_str(": ");
            text.push_str(&shown);
        }
        cause = source.source();
    }
    text
}

/// Why a call did not produce a result.
#[derive(Debug)]
pub enum CallError {
    /// The arguments failed the schema; the function did not run.
    Input(ToolInputError),
    /// The function ran and failed.
    Failed(ToolError),
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallError::Input(err) => fmt::Display::fmt(err, f),
            CallError::Failed(err) => fmt::Display::fmt(err, f),
        }
    }
}

impl std::error::Error for CallError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CallError::Input(err) => Some(err),
            CallError::Failed(err) => Some(err),
        }
    }
}

impl From<ToolInputError> for CallError {
    fn from(err: ToolInputError) -> Self {
        CallError::Input(err)
    }
}

impl From<ToolError> for CallError {
    fn from(err: ToolError) -> Self {
        CallError::Failed(err)
    }
}
