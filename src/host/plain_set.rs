//! What a host's `new` takes: a set whose tools take no context. A set
//! with a context given to `new` is a compile error that names the
//! constructor to call instead, `with_context(tools, ctx)`.

use toolsmith_runtime::ToolSet;

/// A [`ToolSet`] whose tools take no context (`ToolSet<()>`), as
/// [`McpServer::new`](crate::mcp::McpServer::new) and
/// [`Cli::new`](crate::cli::Cli::new) take it. A set whose tools take a
/// context goes to `with_context(tools, ctx)` instead, which hands every
/// call a clone of `ctx`:
///
/// ```
/// use toolsmith::{ToolSet, tool, toolset};
///
/// /// Says hello.
/// #[tool]
/// fn hello() -> String {
///     "hello".to_owned()
/// }
///
/// #[derive(Clone)]
/// struct App;
///
/// // Without a context, whichever way the set is made:
/// let cli = toolsmith::cli::Cli::new(toolset![Hello]?);
/// let mut tools = ToolSet::new();
/// tools.register(Hello)?;
/// let server = toolsmith::mcp::McpServer::new(tools);
///
/// // With one:
/// let tools = ToolSet::<App>::with_context_type();
/// let cli = toolsmith::cli::Cli::with_context(tools, App);
/// # Ok::<(), toolsmith::RegisterError>(())
/// ```
///
/// Implemented for `ToolSet<()>` only, and sealed.
#[diagnostic::on_unimplemented(
    message = "`{Self}` holds tools that take a context, so `new` cannot serve it",
    label = "a set whose tools take a context",
    note = "hand the context over with `with_context(tools, ctx)`: `McpServer::with_context`, `Cli::with_context`, `rig::tools_with_context`"
)]
pub trait IntoPlainSet: sealed::Sealed {
    /// The set.
    #[doc(hidden)]
    fn into_plain_set(self) -> ToolSet;
}

impl IntoPlainSet for ToolSet {
    fn into_plain_set(self) -> ToolSet {
        self
    }
}

mod sealed {
    /// Keeps [`IntoPlainSet`](super::IntoPlainSet) to `ToolSet<()>`.
    pub trait Sealed {}

    impl Sealed for toolsmith_runtime::ToolSet {}
}
