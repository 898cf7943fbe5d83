//! The call pipeline: what stands between a host's call and the tool's
//! answer, in order. Arguments left out (`null`) read as `{}`; the set's
//! [`Limits`](super::Limits); the runner (repairs, validation against the
//! canonical schema, then the tool, a plain `fn` on the set's executor);
//! panic capture; the timeout and cancellation; the output schema; then
//! the repair log and the call report.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::Poll;

use serde_json::{Map, Value};

use super::entry::{Entry, Handler, ToolRef};
use super::guard::{CatchUnwind, Deadline, PANICKED, catching, timed_out};
use super::report::{CallOutcome, CallReport};
use crate::call::Call;
use crate::call::current::{InCall, entered};
use crate::invoke::validate_input_keeping_repairs;
use crate::repair::{Repair, RepairPolicy};
use crate::schema::Validator;
use crate::tool::{BlockingJob, CallError, Invocation, ToolError, ToolWith};

pub(super) type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Where a set runs what may block, and who hears of a tool's panic: what
/// a running call needs from its set besides the tool.
#[derive(Clone)]
pub(super) struct Executor {
    /// Runs a plain `fn` tool's job; `None`, right where the call is polled.
    pub(super) blocking: Option<Arc<Spawner>>,
    pub(super) on_panic: Arc<PanicLog>,
}

/// Runs a blocking job somewhere it may block, and resolves to its result.
pub(super) type Spawner =
    dyn Fn(BlockingJob) -> BoxFuture<'static, Result<Value, ToolError>> + Send + Sync;

/// Told of every panic caught in a tool: the tool, the message.
pub(super) type PanicLog = dyn Fn(&str, &str) + Send + Sync;

impl<'a, C> ToolRef<'a, C> {
    /// Runs the tool for a host, as part of `call`: the one way every host
    /// (MCP, function calling, the command line, rig) and
    /// [`ToolSet::call`](super::ToolSet::call) run a tool.
    ///
    /// `args` left out (`null`) are `{}`. They are checked against the
    /// set's [`Limits`](crate::Limits), repaired as its [`RepairPolicy`]
    /// allows, validated against the schema and, when they pass, the tool
    /// runs. The function never sees input that failed the schema. Repairs
    /// go to the set's [`on_repair`](super::ToolSet::on_repair) log, the
    /// call to its [`on_call`](super::ToolSet::on_call) report, named by
    /// the call's [host](Call::host_name).
    ///
    /// Whatever the tool does, the call ends with an answer: a panic is
    /// [`CallError::Failed`] with the message `the tool panicked` (and goes
    /// to the set's [`on_panic`](super::ToolSet::on_panic) log), a call
    /// past the set's [timeout](super::ToolSet::with_timeout) is
    /// `CallError::Failed` with `timed out after 30s`, and so is a result
    /// that does not match the tool's output schema, with a line per
    /// problem.
    ///
    /// The tool's progress, logs and questions go to the host that made
    /// `call` ([`Call::new`]); a host with no channel of its own passes a
    /// [detached](Call::detached_as) call, whose progress goes to the set's
    /// [`on_progress`](super::ToolSet::on_progress) log. The call's
    /// [handle](Call::handle) cancels it (an async tool is dropped, and the
    /// call is answered `cancelled`; a plain `fn` sees
    /// [`Call::is_cancelled`]). Once the call is answered, nothing the tool
    /// still does reaches the host. The set's timeout cancels the call too.
    pub fn call_in(
        &self,
        args: Value,
        ctx: C,
        call: Call,
    ) -> impl Future<Output = Result<Value, CallError>> + Send + 'a {
        let set = self.set;
        let name = self.name();
        let args = match args {
            Value::Null => Value::Object(Map::new()),
            other => other,
        };
        if let Some(log) = &set.on_progress {
            call.report_progress_to(log);
        }
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
        let run = self.guarded(args, ctx, call);
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

    /// The call with the set's limits, panic catching, cancellation and
    /// timeout around it, `call` current while the tool runs; and how it
    /// ended where its answer does not say (timed out, cancelled).
    fn guarded(
        &self,
        args: Value,
        ctx: C,
        call: Call,
    ) -> impl Future<Output = (Ran, Option<CallOutcome>)> + Send + 'a {
        let (set, entry) = (self.set, self.entry);
        let panicked = move |message: &str| {
            (set.executor.on_panic)(&entry.name, message);
            CallError::Failed(ToolError::panicked(PANICKED))
        };
        let started = match set.limits.check(&args) {
            Err(err) => Err((CallError::Input(err), Vec::new())),
            Ok(()) => entered(&call, || {
                catching(|| {
                    let job = Job {
                        name: &entry.name,
                        executor: &set.executor,
                        call: call.clone(),
                    };
                    entry.runner.run(args, ctx, set.repairs, job)
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

/// A successful call: the tool's result, and what was repaired in its
/// arguments before validation.
pub(super) struct Called {
    /// The tool's result, serialized.
    value: Value,
    /// The repairs made to the arguments (empty for a call sent right).
    repairs: Vec<Repair>,
}

/// How a call ended, with the repairs made to its arguments whether or
/// not it then succeeded.
pub(super) type Ran = Result<Called, (CallError, Vec<Repair>)>;

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

/// Validates and runs one tool, whatever kind it is.
pub(super) trait Runner<C>: Send + Sync {
    /// Starts the call. Everything that needs `ctx` happens here, before
    /// the future, so that the future is `Send` whatever `C` is.
    fn run<'a>(
        &'a self,
        args: Value,
        ctx: C,
        policy: RepairPolicy,
        job: Job<'a>,
    ) -> BoxFuture<'a, Ran>;
}

/// How a runner hands over a blocking job: the set's executor, and what a
/// panic inside the job is reported as.
pub(super) struct Job<'a> {
    name: &'a Cow<'static, str>,
    executor: &'a Executor,
    call: Call,
}

impl Job<'_> {
    /// Runs `job` on the set's blocking executor (or right here when it has
    /// none), a panic inside it caught and reported.
    async fn run(self, job: BlockingJob) -> Result<Value, ToolError> {
        let name = self.name.clone();
        let on_panic = Arc::clone(&self.executor.on_panic);
        let call = self.call;
        let guarded: BlockingJob = Box::new(move || match entered(&call, || catching(job)) {
            Ok(result) => result,
            Err(panic) => {
                on_panic(&name, &panic.message);
                Err(ToolError::panicked(PANICKED))
            }
        });
        match &self.executor.blocking {
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

/// A runner with its context captured: called with `()`, it runs the tool
/// with a clone of `ctx`.
pub(super) struct Bound<C> {
    pub(super) runner: Arc<dyn Runner<C>>,
    pub(super) ctx: C,
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

/// The failure message of a call that was cancelled.
const CANCELLED: &str = "cancelled";

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
