//! One registered tool and the erased call behind it: validate against the
//! canonical schema, then run, a typed tool and a dynamic one alike.

use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::Poll;

use serde_json::Value;

use super::ToolSet;
use super::guard::{CatchUnwind, Deadline, PANICKED, catching, timed_out};
use super::report::{CallOutcome, CallReport};
use crate::call::Call;
use crate::call::current::{InCall, entered};
use crate::invoke::validate_input_keeping_repairs;
use crate::repair::{Repair, RepairPolicy};
use crate::schema::Validator;
use crate::tool::{
    BlockingJob, CallError, Invocation, TaskSupport, ToolAnnotations, ToolError, ToolHints,
    ToolWith,
};

pub(super) type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Runs a blocking job somewhere it may block, and resolves to its result.
pub(super) type Spawner =
    dyn Fn(BlockingJob) -> BoxFuture<'static, Result<Value, ToolError>> + Send + Sync;

/// Told of every panic caught in a tool: the tool, the message.
pub(super) type PanicLog = dyn Fn(&str, &str) + Send + Sync;

/// What a running call needs from its set besides the tool.
pub(super) struct Hooks {
    pub(super) blocking: Option<Arc<Spawner>>,
    pub(super) on_panic: Arc<PanicLog>,
}

/// A successful call: the tool's result, and what was repaired in its
/// arguments before validation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Called {
    /// The tool's result, serialized.
    pub value: Value,
    /// The repairs made to the arguments (empty for a call sent right).
    pub repairs: Vec<Repair>,
}

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

impl<C> Entry<C> {
    /// Checks a result against the output schema, where the tool has one
    /// (a schema outside the validator's subset is not checked, and
    /// neither is a [`Content`](crate::Content) result): a result that
    /// does not match is the tool's failure, with a line per problem.
    fn check_output(&self, called: Called) -> Ran {
        let Some(schema) = &self.output_schema else {
            return Ok(called);
        };
        if crate::content::Content::blocks_of(&called.value).is_some() {
            return Ok(called);
        }
        let validator = self
            .output_validator
            .get_or_init(|| Validator::new(schema).ok());
        match validator.as_ref().map(|v| v.validate(&called.value)) {
            Some(Err(err)) => Err((
                CallError::Failed(ToolError::new(format_args!(
                    "the result does not match the tool's output schema: {}",
                    err.lines_for("Invalid result").join("; ")
                ))),
                called.repairs,
            )),
            _ => Ok(called),
        }
    }
}

/// How a call ended, with the repairs made to its arguments whether or
/// not it then succeeded.
pub(super) type Ran = Result<Called, (CallError, Vec<Repair>)>;

/// Validates and runs one tool, whatever kind it is.
pub(super) trait Runner<C>: Send + Sync {
    /// Starts the call. Everything that needs `ctx` happens here, before
    /// the future, so that the future is `Send` whatever `C` is.
    fn run<'a>(
        &'a self,
        args: Value,
        ctx: C,
        policy: RepairPolicy,
        call: Job<'a>,
    ) -> BoxFuture<'a, Ran>;
}

/// How a runner hands over a blocking job: the set's executor, and what a
/// panic inside the job is reported as.
pub(super) struct Job<'a> {
    name: &'a Cow<'static, str>,
    hooks: &'a Hooks,
    call: Call,
}

impl Job<'_> {
    /// Runs `job` on the set's blocking executor (or right here when it has
    /// none), a panic inside it caught and reported.
    async fn run(self, job: BlockingJob) -> Result<Value, ToolError> {
        let name = self.name.clone();
        let on_panic = Arc::clone(&self.hooks.on_panic);
        let call = self.call;
        let guarded: BlockingJob = Box::new(move || match entered(&call, || catching(job)) {
            Ok(result) => result,
            Err(panic) => {
                on_panic(&name, &panic.message);
                Err(ToolError::panicked(PANICKED))
            }
        });
        match &self.hooks.blocking {
            Some(spawn) => spawn(guarded).await,
            None => guarded(),
        }
    }
}

/// A `#[tool]` tool (or a hand-written `impl Tool`).
pub(super) struct Typed<T>(pub(super) T);

impl<C, T: ToolWith<C>> Runner<C> for Typed<T> {
    fn run<'a>(
        &'a self,
        args: Value,
        ctx: C,
        policy: RepairPolicy,
        job: Job<'a>,
    ) -> BoxFuture<'a, Ran> {
        let tool = &self.0;
        let ctx = T::context(ctx);
        Box::pin(async move {
            let valid = validate_input_keeping_repairs(tool, &args, &policy)
                .map_err(|(err, repairs)| (CallError::Input(err), repairs))?;
            drop(args);
            let returned = match tool.invocation(valid.args, ctx) {
                Invocation::Async(call) => call.await,
                Invocation::Blocking(call) => job.run(call).await,
            };
            match returned {
                Ok(value) => Ok(Called {
                    value,
                    repairs: valid.repairs,
                }),
                Err(err) => Err((CallError::Failed(err), valid.repairs)),
            }
        })
    }
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

/// A runner with its context captured: called with `()`, it runs the tool
/// with a clone of `ctx`.
struct Bound<C> {
    runner: Arc<dyn Runner<C>>,
    ctx: C,
}

impl<C: Clone + Send + Sync> Runner<()> for Bound<C> {
    fn run<'a>(
        &'a self,
        args: Value,
        (): (),
        policy: RepairPolicy,
        job: Job<'a>,
    ) -> BoxFuture<'a, Ran> {
        self.runner.run(args, self.ctx.clone(), policy, job)
    }
}

pub(super) type Handler<C> =
    dyn Fn(Value, C) -> BoxFuture<'static, Result<Value, ToolError>> + Send + Sync;

/// A tool known only at run time: checked by a [`Validator`] compiled from
/// its schema, then handed the arguments as a `serde_json::Value`.
pub(super) struct Dynamic<C> {
    pub(super) validator: Validator,
    pub(super) handler: Box<Handler<C>>,
}

impl<C> Runner<C> for Dynamic<C> {
    fn run<'a>(
        &'a self,
        mut args: Value,
        ctx: C,
        policy: RepairPolicy,
        _: Job<'a>,
    ) -> BoxFuture<'a, Ran> {
        let repairs = match self.validator.repair_then_check(&mut args, &policy) {
            (repairs, Ok(())) => repairs,
            (repairs, Err(err)) => {
                return Box::pin(std::future::ready(Err((CallError::Input(err), repairs))));
            }
        };
        let call = (self.handler)(args, ctx);
        Box::pin(async move {
            match call.await {
                Ok(value) => Ok(Called { value, repairs }),
                Err(err) => Err((CallError::Failed(err), repairs)),
            }
        })
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
    /// `#[tool(task, input_first)]` does (see
    /// [`ToolHints::input_first`](crate::ToolHints)); read only for a
    /// tool that runs as a task.
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

    /// The hints the tool gives hosts (MCP tool annotations).
    #[deprecated(note = "read `hints().annotations`")]
    pub fn annotations(&self) -> &'a ToolAnnotations {
        &self.entry.hints.annotations
    }

    /// Whether the tool may run as a task (MCP's tasks extension).
    #[deprecated(note = "read `hints().task.allowed()`")]
    pub fn runs_as_task(&self) -> bool {
        self.entry.hints.task.allowed()
    }

    /// Whether the tool runs only as a task.
    #[deprecated(note = "read `hints().task.required()`")]
    pub fn requires_task(&self) -> bool {
        self.entry.hints.task.required()
    }

    /// Whether the tool asks its questions before it becomes a task.
    #[deprecated(note = "read `hints().asks_first()`")]
    pub fn input_first(&self) -> bool {
        self.entry.hints.asks_first()
    }

    /// How the tool reads on a command line, where it says.
    #[deprecated(note = "read `hints().cli`")]
    pub fn cli(&self) -> Option<&'a crate::CliHints> {
        self.entry.hints.cli.as_ref()
    }

    /// Checks `args` against the set's [`Limits`](crate::Limits), repairs
    /// them as its [`RepairPolicy`] allows, validates them against the
    /// schema and, when they pass, runs the tool. The function never sees
    /// input that failed the schema. Repairs go to the set's
    /// [`on_repair`](ToolSet::on_repair) log.
    ///
    /// Whatever the tool does, the call ends with an answer: a panic is
    /// [`CallError::Failed`] with the message `the tool panicked` (and goes
    /// to the set's [`on_panic`](ToolSet::on_panic) log), a call past the
    /// set's [timeout](ToolSet::with_timeout) is `CallError::Failed` with
    /// `timed out after 30s`, and so is a result that does not match the
    /// tool's output schema, with a line per problem.
    pub fn call(
        &self,
        args: Value,
        ctx: C,
    ) -> impl Future<Output = Result<Value, CallError>> + Send + 'a {
        self.call_as(args, ctx, "direct")
    }

    /// [`call`](Self::call) for a host that makes no [`Call`] of its own
    /// (function calling, an agent framework), named `host` in the set's
    /// [call reports](ToolSet::on_call).
    pub fn call_as(
        &self,
        args: Value,
        ctx: C,
        host: &'static str,
    ) -> impl Future<Output = Result<Value, CallError>> + Send + 'a {
        self.call_in(args, ctx, self.set.detached_call(host))
    }

    /// [`call`](Self::call) as part of `call`, a [`Call`] the host made:
    /// the tool's progress, logs and questions go to the host, and the
    /// call's [handle](Call::handle) cancels it (an async tool is dropped,
    /// and the call is answered `cancelled`; a plain `fn` sees
    /// [`Call::is_cancelled`]). Once the call is answered, nothing the tool
    /// still does reaches the host. The set's timeout cancels the call
    /// too.
    pub fn call_in(
        &self,
        args: Value,
        ctx: C,
        call: Call,
    ) -> impl Future<Output = Result<Value, CallError>> + Send + 'a {
        let set = self.set;
        let name = self.name();
        let host = call.host_name();
        #[cfg(feature = "tracing")]
        let span = super::report::span(name, host);
        #[cfg(feature = "tracing")]
        let traced = !span.is_disabled();
        #[cfg(not(feature = "tracing"))]
        let traced = false;
        // Nothing is measured or written out for no one.
        let reporting = traced || set.reports.on_call.is_some();
        let arguments = (reporting && set.reports.arguments)
            .then(|| crate::echo::shown(&args.to_string(), super::REPORTED_ARGUMENTS - 1));
        #[cfg(feature = "tracing")]
        if let Some(arguments) = &arguments {
            span.record("arguments", arguments.as_str());
        }
        let started = reporting.then(std::time::Instant::now);
        let run = self.guarded(args, ctx, set.repairs, call);
        let answered = async move {
            let (ran, ended) = run.await;
            let repairs = match &ran {
                Ok(called) => &called.repairs,
                Err((_, repairs)) => repairs,
            };
            // Told of the repairs of a call that then failed too: they
            // show what models send, whatever became of the call.
            if let (Some(log), false) = (&set.on_repair, repairs.is_empty()) {
                log(name, repairs);
            }
            if let Some(started) = started {
                let report = CallReport {
                    tool: name,
                    host,
                    outcome: ended.unwrap_or_else(|| outcome_of(&ran)),
                    repairs,
                    duration: started.elapsed(),
                    arguments: arguments.as_deref(),
                };
                #[cfg(feature = "tracing")]
                super::report::record(&tracing::Span::current(), &report);
                if let Some(log) = &set.reports.on_call {
                    log(&report);
                }
            }
            ran.map(|called| called.value).map_err(|(err, _)| err)
        };
        #[cfg(feature = "tracing")]
        let answered = tracing::Instrument::instrument(answered, span);
        answered
    }

    /// [`call`](Self::call) with a repair policy for this call only,
    /// returning the repairs beside the result (the log is not told).
    pub fn call_with(
        &self,
        args: Value,
        ctx: C,
        policy: &RepairPolicy,
    ) -> impl Future<Output = Result<Called, CallError>> + Send + 'a {
        let run = self.guarded(args, ctx, *policy, self.set.detached_call("direct"));
        async move { run.await.0.map_err(|(err, _)| err) }
    }

    /// The call with the set's limits, panic catching, cancellation and
    /// timeout around it, `call` current while the tool runs; and how it
    /// ended where its answer does not say (timed out, cancelled).
    fn guarded(
        &self,
        args: Value,
        ctx: C,
        policy: RepairPolicy,
        call: Call,
    ) -> impl Future<Output = (Ran, Option<CallOutcome>)> + Send + 'a {
        let (set, entry) = (self.set, self.entry);
        let panicked = move |message: &str| {
            (set.hooks.on_panic)(&entry.name, message);
            CallError::Failed(ToolError::panicked(PANICKED))
        };
        let started = match set.limits.check(&args) {
            Err(err) => Err((CallError::Input(err), Vec::new())),
            Ok(()) => entered(&call, || {
                catching(|| {
                    let job = Job {
                        name: &entry.name,
                        hooks: &set.hooks,
                        call: call.clone(),
                    };
                    entry.runner.run(args, ctx, policy, job)
                })
            })
            .map_err(|panic| (panicked(&panic.message), Vec::new())),
        };
        async move {
            // However the call ends (answered, or dropped by the host),
            // nothing the tool still does reaches the host.
            let _settle = Settle(call.clone());
            let run = match started {
                Ok(run) => run,
                Err(refused) => return (Err(refused), None),
            };
            // The tool's own timeout and the set's: the smaller wins.
            let limit = match (set.timeout, entry.hints.timeout) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let run = InCall::new(call.clone(), Deadline::new(CatchUnwind(run), limit));
            match until_cancelled(&call, run).await {
                Some(Some(Ok(result))) => {
                    (result.and_then(|called| entry.check_output(called)), None)
                }
                Some(Some(Err(panic))) => (Err((panicked(&panic.message), Vec::new())), None),
                Some(None) => {
                    call.handle().cancel();
                    let limit = limit.unwrap_or_default();
                    let err = CallError::Failed(ToolError::new(timed_out(limit)));
                    (Err((err, Vec::new())), Some(CallOutcome::TimedOut))
                }
                None => {
                    let err = CallError::Failed(ToolError::new(CANCELLED));
                    (Err((err, Vec::new())), Some(CallOutcome::Cancelled))
                }
            }
        }
    }
}

/// How a call ended, as its answer says.
fn outcome_of(ran: &Ran) -> CallOutcome {
    match ran {
        Ok(_) => CallOutcome::Ok,
        Err((CallError::Input(err), _)) => CallOutcome::Invalid {
            lines: err.lines().len(),
        },
        Err((CallError::Failed(err), _)) if err.is_panic() => CallOutcome::Panicked,
        Err((CallError::Failed(_), _)) => CallOutcome::Failed,
    }
}

/// The failure message of a call that was cancelled.
pub(crate) const CANCELLED: &str = "cancelled";

/// Settles its call when dropped.
struct Settle(Call);

impl Drop for Settle {
    fn drop(&mut self) {
        self.0.settle();
    }
}

/// `future`'s output, or `None` once `call` is cancelled (the future is
/// then dropped).
async fn until_cancelled<F: Future>(call: &Call, future: F) -> Option<F::Output> {
    let mut future = std::pin::pin!(future);
    std::future::poll_fn(|cx| {
        if call.is_cancelled() {
            return Poll::Ready(None);
        }
        if let Poll::Ready(output) = future.as_mut().poll(cx) {
            return Poll::Ready(Some(output));
        }
        Pin::new(&mut call.cancelled()).poll(cx).map(|()| None)
    })
    .await
}

impl<C> fmt::Debug for ToolRef<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolRef")
            .field("name", &self.name())
            .field("description", &self.description())
            .finish_non_exhaustive()
    }
}
