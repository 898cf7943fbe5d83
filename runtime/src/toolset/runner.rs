//! How a registered tool runs: the [`Runner`] of a `#[tool]` tool
//! ([`Typed`]), of a dynamic one ([`Dynamic`]), and of either bound to its
//! context ([`Bound`]); the blocking job handed to the set's [`Executor`],
//! its panic caught; and what a run yields ([`Ran`]).

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::Value;

use super::guard::{PANICKED, catching};
use crate::call::Call;
use crate::call::current::entered;
use crate::error::ToolInputError;
use crate::invoke::{check_input, validate_input_keeping_repairs};
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

/// A successful call: the tool's result, and what was repaired in its
/// arguments before validation.
pub(super) struct Called {
    /// The tool's result, serialized.
    pub(super) value: Value,
    /// The repairs made to the arguments (empty for a call sent right).
    pub(super) repairs: Vec<Repair>,
}

/// How a call ended, with the repairs made to its arguments whether or
/// not it then succeeded.
pub(super) type Ran = Result<Called, (CallError, Vec<Repair>)>;

/// How a check of the arguments alone ended: the arguments as the tool
/// would read them, or every problem; with the repairs made either way.
pub(super) type Checked = Result<(Value, Vec<Repair>), (ToolInputError, Vec<Repair>)>;

/// What runs a dynamic tool: the arguments and context in, its result out.
pub(super) type Handler<C> =
    dyn Fn(Value, C) -> BoxFuture<'static, Result<Value, ToolError>> + Send + Sync;

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

    /// Repairs and validates `args` as [`run`](Self::run) would, and stops
    /// there: the tool never runs.
    fn check(&self, args: Value, policy: &RepairPolicy) -> Checked;
}

/// How a runner hands over a blocking job: the set's executor, and what a
/// panic inside the job is reported as.
pub(super) struct Job<'a> {
    pub(super) name: &'a Cow<'static, str>,
    pub(super) executor: &'a Executor,
    pub(super) call: Call,
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

    fn check(&self, args: Value, policy: &RepairPolicy) -> Checked {
        check_input(&self.0, args, policy)
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

    fn check(&self, mut args: Value, policy: &RepairPolicy) -> Checked {
        match self.validator.repair_then_check(&mut args, policy) {
            (repairs, Ok(())) => Ok((args, repairs)),
            (repairs, Err(err)) => Err((err, repairs)),
        }
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

    fn check(&self, args: Value, policy: &RepairPolicy) -> Checked {
        self.runner.check(args, policy)
    }
}
