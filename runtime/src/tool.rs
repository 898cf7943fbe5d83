//! The `Tool` trait: what `#[tool]` implements and every host calls.

use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::pin::Pin;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::cli_hints::CliHints;
use crate::error::ToolInputError;
use crate::schema::Validator;

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
    /// Hints for hosts about what the tool does (MCP tool annotations);
    /// none by default.
    fn annotations(&self) -> ToolAnnotations {
        ToolAnnotations::new()
    }
    /// Whether the tool may run as a task where the host has them (MCP's
    /// tasks extension): the host answers the call at once with a task,
    /// and the client polls it for the result. `#[tool(task)]` says so;
    /// `false` by default.
    fn runs_as_task(&self) -> bool {
        false
    }
    /// Whether the tool runs only as a task: a host with tasks refuses a
    /// call from a client that cannot take one (MCP: `-32021`, naming the
    /// extension). `#[tool(task = "required")]` says so; `false` by
    /// default, and read only where [`runs_as_task`](Tool::runs_as_task)
    /// is `true`.
    fn requires_task(&self) -> bool {
        false
    }
    /// Whether the tool asks its questions before it becomes a task: for
    /// a client that is asked in rounds (MCP's `input_required` results),
    /// the call runs as a plain call while it asks, and the round in which
    /// it calls [`Call::become_task`](crate::Call::become_task), or answers,
    /// is answered with the task. `#[tool(task, input_first)]` says so;
    /// `false` by default (the call is a task at once, its questions
    /// waiting in it), and read only where
    /// [`runs_as_task`](Tool::runs_as_task) is `true`.
    fn input_first(&self) -> bool {
        false
    }

    /// How the tool reads on a command line (its command's name,
    /// positional parameters, short flags, standard input); none by
    /// default. Only the command-line host reads it: it never changes the
    /// schema.
    fn cli(&self) -> Option<&'static CliHints> {
        None
    }

    /// How long a call of this tool may take in a [`ToolSet`](crate::ToolSet)
    /// (`#[tool(timeout = "30s")]`); none by default. The set's own
    /// [timeout](crate::ToolSet::with_timeout), where it has one, still
    /// holds: the smaller of the two wins.
    fn timeout(&self) -> Option<std::time::Duration> {
        None
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

/// What a tool says about itself beyond its schema, for hosts that ask:
/// MCP's tool annotations (`title`, `readOnlyHint`, `destructiveHint`,
/// `idempotentHint`, `openWorldHint`), and the tool's `icons` and `_meta`.
/// Unset hints are left out, so a host applies its own defaults. They are
/// hints: a client may use `read_only` to approve a call without asking,
/// so set only what holds.
///
/// ```
/// # use toolsmith_runtime::{ToolAnnotations, ToolIcon};
/// use serde_json::json;
///
/// let hints = ToolAnnotations::new()
///     .title("Search the docs")
///     .read_only(true)
///     .icon(ToolIcon::new("https://example.com/search.png").mime_type("image/png").sizes(["48x48"]))
///     .meta("com.example/team", json!("docs"));
/// assert_eq!(hints.read_only, Some(true));
/// assert_eq!(hints.destructive, None);
/// assert_eq!(hints.icons[0].src, "https://example.com/search.png");
/// assert_eq!(hints.meta, [("com.example/team".into(), json!("docs"))]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToolAnnotations {
    /// A human-readable title for the tool.
    pub title: Option<Cow<'static, str>>,
    /// The tool does not change its environment.
    pub read_only: Option<bool>,
    /// The tool may destroy or overwrite data (meaningful when not read-only).
    pub destructive: Option<bool>,
    /// Calling it twice with the same arguments does nothing more than once.
    pub idempotent: Option<bool>,
    /// The tool reaches an open world (the web, other people's systems).
    pub open_world: Option<bool>,
    /// Icons a client may show beside the tool (MCP `icons`).
    pub icons: Vec<ToolIcon>,
    /// Entries of the tool's MCP `_meta`, in order, each key once.
    pub meta: Vec<(Cow<'static, str>, Value)>,
}

impl ToolAnnotations {
    /// No hints.
    pub const fn new() -> Self {
        ToolAnnotations {
            title: None,
            read_only: None,
            destructive: None,
            idempotent: None,
            open_world: None,
            icons: Vec::new(),
            meta: Vec::new(),
        }
    }

    /// Sets the title.
    pub fn title(mut self, title: impl Into<Cow<'static, str>>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Says whether the tool changes nothing.
    pub const fn read_only(mut self, value: bool) -> Self {
        self.read_only = Some(value);
        self
    }

    /// Says whether the tool may destroy or overwrite data.
    pub const fn destructive(mut self, value: bool) -> Self {
        self.destructive = Some(value);
        self
    }

    /// Says whether repeating a call has no further effect.
    pub const fn idempotent(mut self, value: bool) -> Self {
        self.idempotent = Some(value);
        self
    }

    /// Says whether the tool reaches an open world.
    pub const fn open_world(mut self, value: bool) -> Self {
        self.open_world = Some(value);
        self
    }

    /// Adds an icon, after those already given.
    pub fn icon(mut self, icon: ToolIcon) -> Self {
        self.icons.push(icon);
        self
    }

    /// Sets `key` of the tool's `_meta` to `value`, replacing what the key
    /// held.
    pub fn meta(mut self, key: impl Into<Cow<'static, str>>, value: impl Into<Value>) -> Self {
        let key = key.into();
        let value = value.into();
        match self.meta.iter_mut().find(|(held, _)| *held == key) {
            Some((_, held)) => *held = value,
            None => self.meta.push((key, value)),
        }
        self
    }

    /// Whether no hint, icon or `_meta` entry is set.
    pub fn is_empty(&self) -> bool {
        *self == ToolAnnotations::new()
    }
}

/// An icon of a tool: where it is (`src`, an `https:` or `data:` URI), its
/// MIME type and the sizes it comes in (`48x48`, or `any` for SVG), as
/// MCP's `Icon` names them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToolIcon {
    /// The URI of the image.
    pub src: Cow<'static, str>,
    /// Its MIME type, when the server's is missing or too generic.
    pub mime_type: Option<Cow<'static, str>>,
    /// The sizes it comes in, `WxH` or `any`.
    pub sizes: Vec<Cow<'static, str>>,
}

impl ToolIcon {
    /// An icon at `src`.
    pub fn new(src: impl Into<Cow<'static, str>>) -> Self {
        ToolIcon {
            src: src.into(),
            mime_type: None,
            sizes: Vec::new(),
        }
    }

    /// Sets the MIME type (`image/png`).
    pub fn mime_type(mut self, mime_type: impl Into<Cow<'static, str>>) -> Self {
        self.mime_type = Some(mime_type.into());
        self
    }

    /// Sets the sizes (`["48x48", "96x96"]`).
    pub fn sizes<S: Into<Cow<'static, str>>>(mut self, sizes: impl IntoIterator<Item = S>) -> Self {
        self.sizes = sizes.into_iter().map(Into::into).collect();
        self
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
