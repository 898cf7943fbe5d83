//! One registered tool: what hosts advertise of it (name, description,
//! schemas, hints) beside the runner its calls go to; [`DynamicTool`], a
//! tool defined at run time; and [`ToolRef`], a tool as the set lends it.
//! Calling one is the pipeline's part (`pipeline.rs`).

use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::sync::{Arc, OnceLock};

use serde_json::Value;

use super::ToolSet;
use super::runner::{Bound, Handler, Runner};
use crate::schema::Validator;
use crate::tool::{TaskSupport, ToolAnnotations, ToolError, ToolHints};

/// A registered tool: what hosts are shown of it, and its runner.
pub(super) struct Entry<C> {
    pub(super) name: Cow<'static, str>,
    pub(super) description: Cow<'static, str>,
    pub(super) input_schema: Cow<'static, Value>,
    pub(super) output_schema: Option<Cow<'static, Value>>,
    /// The validator of the output schema, built on the first result.
    pub(super) output_validator: OnceLock<Option<Validator>>,
    /// The tool's `static` hints, or a dynamic tool's own.
    pub(super) hints: Cow<'static, ToolHints>,
    pub(super) runner: Arc<dyn Runner<C>>,
}

impl<C: Clone + Send + Sync + 'static> Entry<C> {
    /// The entry with `ctx` given once: each call hands the tool a clone.
    pub(super) fn bind(&self, ctx: C) -> Entry<()> {
        Entry {
            name: self.name.clone(),
            description: self.description.clone(),
            input_schema: self.input_schema.clone(),
            output_schema: self.output_schema.clone(),
            output_validator: OnceLock::new(),
            hints: self.hints.clone(),
            runner: Arc::new(Bound {
                runner: Arc::clone(&self.runner),
                ctx,
            }),
        }
    }
}

/// A tool defined at run time, for [`ToolSet::register_dynamic`]: a schema
/// that did not come from the macro (a proxied MCP tool, a config file).
///
/// The schema is compiled by [`Validator::new`] when the tool is registered;
/// every call is checked against it before the handler runs.
pub struct DynamicTool<C = ()> {
    pub(super) name: Cow<'static, str>,
    pub(super) description: Cow<'static, str>,
    pub(super) input_schema: Value,
    pub(super) output_schema: Option<Value>,
    pub(super) hints: ToolHints,
    pub(super) handler: Box<Handler<C>>,
}

impl<C> DynamicTool<C> {
    /// A tool named `name` taking arguments that match `input_schema` (an
    /// object schema), run by `handler` with the host's context.
    pub fn new<F, Fut>(
        name: impl Into<Cow<'static, str>>,
        description: impl Into<Cow<'static, str>>,
        input_schema: Value,
        handler: F,
    ) -> Self
    where
        F: Fn(Value, C) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, ToolError>> + Send + 'static,
    {
        DynamicTool {
            name: name.into(),
            description: description.into(),
            input_schema,
            output_schema: None,
            hints: ToolHints::new(),
            handler: Box::new(move |args, ctx| Box::pin(handler(args, ctx))),
        }
    }

    /// Advertises the JSON Schema of the result (MCP `outputSchema`).
    pub fn with_output_schema(mut self, schema: Value) -> Self {
        self.output_schema = Some(schema);
        self
    }

    /// Gives hosts hints about the tool (MCP tool annotations).
    pub fn with_annotations(mut self, annotations: ToolAnnotations) -> Self {
        self.hints.annotations = annotations;
        self
    }

    /// Lets the tool run as a task where the host has them (MCP's tasks
    /// extension), as `#[tool(task)]` does.
    pub fn as_task(mut self) -> Self {
        self.hints.task = TaskSupport::Optional;
        self
    }

    /// Runs the tool only as a task, as `#[tool(task = "required")]`
    /// does: a client without the tasks extension is refused.
    pub fn as_required_task(mut self) -> Self {
        self.hints.task = TaskSupport::Required;
        self
    }

    /// Asks the call's questions before it becomes a task, as
    /// `#[tool(task, input_first)]` does (see [`ToolHints`](crate::ToolHints));
    /// read only for a tool that runs as a task.
    pub fn input_first(mut self) -> Self {
        self.hints.input_first = true;
        self
    }

    /// Sets every hint at once, replacing those set before: the
    /// command-line hints and timeout as well.
    pub fn with_hints(mut self, hints: ToolHints) -> Self {
        self.hints = hints;
        self
    }
}

impl<C> fmt::Debug for DynamicTool<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynamicTool")
            .field("name", &self.name)
            .field("description", &self.description)
            .field("input_schema", &self.input_schema)
            .field("output_schema", &self.output_schema)
            .field("hints", &self.hints)
            .finish_non_exhaustive()
    }
}

/// One registered tool: what a host advertises and a way to call it.
pub struct ToolRef<'a, C = ()> {
    pub(super) entry: &'a Entry<C>,
    pub(super) set: &'a ToolSet<C>,
}

impl<C> Clone for ToolRef<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for ToolRef<'_, C> {}

impl<'a, C> ToolRef<'a, C> {
    /// The name the model calls the tool by.
    pub fn name(&self) -> &'a str {
        &self.entry.name
    }

    /// What the tool does, for the model.
    pub fn description(&self) -> &'a str {
        &self.entry.description
    }

    /// The canonical JSON Schema of the arguments; every call is validated
    /// against it, whatever a host advertises.
    pub fn input_schema(&self) -> &'a Value {
        &self.entry.input_schema
    }

    /// The JSON Schema of the result, where known.
    pub fn output_schema(&self) -> Option<&'a Value> {
        self.entry.output_schema.as_deref()
    }

    /// What the tool tells hosts beside its schemas: annotations, tasks,
    /// command-line hints, timeout ([`ToolHints`]).
    pub fn hints(&self) -> &'a ToolHints {
        &self.entry.hints
    }
}

impl<C> fmt::Debug for ToolRef<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolRef")
            .field("name", &self.name())
            .field("description", &self.description())
            .finish_non_exhaustive()
    }
}
