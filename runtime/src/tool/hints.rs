//! What a tool tells hosts beside its schema, as one value: [`ToolHints`]
//! (MCP's annotations, icons and `_meta`, tasks, command-line hints, a
//! timeout, the scopes a caller must hold), read through [`Tool::hints`](crate::Tool::hints).

use std::borrow::Cow;
use std::time::Duration;

use serde_json::Value;

use crate::cli_hints::CliHints;

/// Everything a tool tells hosts beside its name, description and
/// schemas: each host reads the fields it knows and ignores the rest, and
/// none of them changes the schema a model is shown.
///
/// `#[tool(..)]` builds it, as a `static`, from its attributes
/// (`read_only`, `task`, `input_first`, `timeout`, `cli_name`, ...); a
/// hand-written [`Tool`](crate::Tool) returns its own from
/// [`Tool::hints`](crate::Tool::hints), and a
/// [`DynamicTool`](crate::DynamicTool) sets them with its builders. The
/// builders are `const`, so the hints of a tool known at compile time
/// cost nothing at run time:
///
/// ```
/// use std::time::Duration;
/// use toolsmith_runtime::{TaskSupport, ToolAnnotations, ToolHints};
///
/// static HINTS: ToolHints = ToolHints::annotated(ToolAnnotations::titled("Render").read_only(true))
///     .task(TaskSupport::Optional)
///     .timeout(Duration::from_secs(30));
/// assert_eq!(HINTS.annotations.read_only, Some(true));
/// assert!(HINTS.task.allowed() && !HINTS.task.required());
/// assert_eq!(HINTS.cli, None);
/// ```
///
/// A new hint is a field here (with its `const` builder) and the code of
/// the host that reads it; no trait method, no copy in the set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToolHints {
    /// MCP's tool annotations, icons and `_meta`.
    pub annotations: ToolAnnotations,
    /// Whether the tool runs as a task where the host has them (MCP's tasks
    /// extension): the host answers the call at once with a task, and the
    /// client polls it for the result. `#[tool(task)]` makes it
    /// [`Optional`](TaskSupport::Optional), `#[tool(task = "required")]`
    /// [`Required`](TaskSupport::Required).
    pub task: TaskSupport,
    /// Whether the tool asks its questions before it becomes a task: for a
    /// client that is asked in rounds (MCP's `input_required` results), the
    /// call runs as a plain call while it asks, and the round in which it
    /// calls [`Call::become_task`](crate::Call::become_task), or answers,
    /// is answered with the task. `#[tool(task, input_first)]` says so;
    /// read only where `task` lets the tool run as one.
    pub input_first: bool,
    /// How the tool reads on a command line (its command's name, positional
    /// parameters, short flags, standard input). Only the command-line host
    /// reads it.
    pub cli: Option<CliHints>,
    /// How long a call may take in a [`ToolSet`](crate::ToolSet)
    /// (`#[tool(timeout = "30s")]`). The set's own
    /// [timeout](crate::ToolSet::with_timeout), where it has one, still
    /// holds: the smaller of the two wins.
    pub timeout: Option<Duration>,
    /// The OAuth scopes a caller must hold to call the tool
    /// (`#[tool(scopes = ["notes:write"])]`), each an RFC 6749 scope
    /// token. A host that authenticates its callers refuses a call whose
    /// token lacks one (MCP over HTTP: `403` with an `insufficient_scope`
    /// challenge naming them) and lists every tool's scopes as the ones it
    /// supports; a host that does not, ignores them.
    pub scopes: &'static [&'static str],
}

impl ToolHints {
    /// No hints: what a host assumes of a tool that says nothing.
    pub const fn new() -> Self {
        ToolHints::annotated(ToolAnnotations::new())
    }

    /// These annotations, and no other hint.
    pub const fn annotated(annotations: ToolAnnotations) -> Self {
        ToolHints {
            annotations,
            task: TaskSupport::Forbidden,
            input_first: false,
            cli: None,
            timeout: None,
            scopes: &[],
        }
    }

    /// Whether the tool asks its questions before it becomes a task: it
    /// runs as one, and says `input_first`.
    pub const fn asks_first(&self) -> bool {
        self.task.allowed() && self.input_first
    }

    /// Sets whether the tool runs as a task.
    pub const fn task(mut self, task: TaskSupport) -> Self {
        self.task = task;
        self
    }

    /// Says whether the tool asks its questions before it becomes a task.
    pub const fn input_first(mut self, value: bool) -> Self {
        self.input_first = value;
        self
    }

    /// Sets the command-line hints.
    pub const fn cli(mut self, cli: CliHints) -> Self {
        self.cli = Some(cli);
        self
    }

    /// Sets the scopes a caller must hold (a dynamic tool's list, known
    /// only at run time, is leaked once: `Vec::leak`).
    pub const fn scopes(mut self, scopes: &'static [&'static str]) -> Self {
        self.scopes = scopes;
        self
    }

    /// Sets the tool's own timeout.
    pub const fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }
}

/// Whether a tool runs as a task where the host has them, as MCP's
/// `execution.taskSupport` says it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum TaskSupport {
    /// Never: every call is answered with its result (the default).
    #[default]
    Forbidden,
    /// A client that takes tasks gets one; any other the result.
    Optional,
    /// Only as a task: a host with tasks refuses a call from a client that
    /// cannot take one (MCP: `-32021`, naming the extension).
    Required,
}

impl TaskSupport {
    /// Whether the tool may run as a task.
    pub const fn allowed(self) -> bool {
        !matches!(self, TaskSupport::Forbidden)
    }

    /// Whether the tool runs only as a task.
    pub const fn required(self) -> bool {
        matches!(self, TaskSupport::Required)
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

    /// No hint but a title, in a `const` (a `static` of
    /// [`ToolHints`]).
    pub const fn titled(title: &'static str) -> Self {
        ToolAnnotations {
            title: Some(Cow::Borrowed(title)),
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
