//! The call pipeline: what stands between a host's call and the tool's
//! answer, in order. Arguments left out (`null`) read as `{}`; the set's
//! [`Limits`](super::Limits); the runner (repairs, validation against the
//! canonical schema, then the tool, a plain `fn` on the set's executor);
//! panic capture; the timeout and cancellation; the output schema; then
//! the repair log and the call report.

use std::future::Future;
use std::pin::Pin;
use std::task::Poll;

use serde_json::{Map, Value};

use super::entry::{Entry, ToolRef};
use super::guard::{CatchUnwind, Deadline, PANICKED, catching, timed_out};
use super::report::{CallOutcome, CallReport};
use super::runner::{Called, Job, Ran};
use crate::call::Call;
use crate::call::current::{InCall, entered};
use crate::schema::Validator;
use crate::tool::{CallError, ToolError};

impl<'a, C> ToolRef<'a, C> {
    /// Runs the tool for a host, as part of `call`: the one way every host
    /// (MCP, function calling, the command line, rig) and
    /// [`ToolSet::call`](super::ToolSet::call) run a tool.
    ///
    /// `args` left out (`null`) are `{}`. They are checked against the
    /// set's [`Limits`](crate::Limits), repaired as its
    /// [`RepairPolicy`](crate::RepairPolicy) allows, validated against the
    /// schema and, when they pass, the tool runs. The function never sees
    /// input that failed the schema. Repairs go to the set's
    /// [`on_repair`](super::ToolSet::on_repair) log, the
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
