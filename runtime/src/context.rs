//! The part of a set's context a tool takes: [`FromContext`].

/// A value a tool takes as `#[ctx]` out of the context `C` of the set it
/// joins: a tool taking `#[ctx] db: Arc<Db>` joins a `ToolSet<App>` when
/// `Arc<Db>: FromContext<App>`.
///
/// Every type is its own context (a tool taking `#[ctx] app: App` joins a
/// `ToolSet<App>`). A part of an app-state struct is one impl, or
/// `#[derive(FromContext)]` on the struct, which gives each field's type
/// one (the field types must then differ):
///
/// ```
/// # extern crate toolsmith_runtime as toolsmith;
/// use std::sync::Arc;
/// use toolsmith::FromContext;
///
/// pub struct Db;
///
/// #[derive(Clone)]
/// pub struct App {
///     db: Arc<Db>,
/// }
///
/// impl FromContext<App> for Arc<Db> {
///     fn from_context(app: App) -> Self {
///         app.db
///     }
/// }
///
/// let app = App { db: Arc::new(Db) };
/// let db: Arc<Db> = FromContext::from_context(app.clone());
/// let whole: App = FromContext::from_context(app);
/// assert!(Arc::ptr_eq(&db, &whole.db));
/// ```
///
/// A tool taking `#[ctx] db: Arc<Db>` then joins a `ToolSet<App>`; the
/// guide's "The context" shows a set of two such tools.
#[diagnostic::on_unimplemented(
    message = "this tool takes `#[ctx]` of type `{Self}`, which the set's context `{C}` does not provide",
    label = "takes `{Self}`, not a part of `{C}`",
    note = "every tool of a `ToolSet<C>` is handed the same context `C`: take it whole (`#[ctx] app: {C}`), or say how a `{Self}` comes out of it, with `#[derive(FromContext)]` on `{C}` (one impl per field type) or `impl FromContext<{C}> for {Self} {{ fn from_context(ctx: {C}) -> Self {{ .. }} }}`"
)]
pub trait FromContext<C>: Sized {
    /// The part of `ctx` the tool takes.
    fn from_context(ctx: C) -> Self;
}

impl<C> FromContext<C> for C {
    fn from_context(ctx: C) -> C {
        ctx
    }
}
