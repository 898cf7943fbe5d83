//! The call itself, as a tool sees it: [`Call`] reports progress, sees
//! cancellation, asks the user and, where the host can, samples the
//! client's model and logs to it.

mod ask;
mod caller;
mod cancel;
pub(crate) mod current;
mod host;

use std::fmt;
use std::future::{Future, poll_fn};
use std::pin::pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::Poll;

use serde::de::DeserializeOwned;

use crate::arg::ToolArg;
use crate::sanitize::{sanitize_line, sanitize_text};
use crate::schema::Validator;
use crate::tool::ToolError;

pub use ask::{Answer, AskError};
pub use caller::{Caller, CallerKind};
pub use cancel::Cancelled;
pub(crate) use host::ProgressLog;
pub use host::{CallHost, HostFuture, LogLevel, Progress, Reply, Root};

/// One call of a tool, as the tool sees it: take it as a parameter marked
/// `#[call]` (beside the arguments and `#[ctx]`), in an `async fn` or a
/// plain `fn` alike. A clone is the same call.
///
/// - [`progress`](Call::progress) reports how far the call has got (on MCP
///   a `notifications/progress`, sent only when the client asked for
///   progress);
/// - [`is_cancelled`](Call::is_cancelled) and [`cancelled`](Call::cancelled)
///   say the call was cancelled: by the client (MCP
///   `notifications/cancelled`), by the set's timeout, or by the host
///   through a [`CallHandle`]. An async tool is dropped when that happens;
///   a plain `fn` cannot be stopped and should poll `is_cancelled`;
/// - [`ask`](Call::ask) asks the user to fill in a typed form (MCP
///   elicitation), the answer validated like arguments;
/// - [`sample`](Call::sample) and [`log`](Call::log) reach the client's
///   model and log where the host has them.
///
/// Outside a host's call (a test calling the function itself, a host
/// without the feature) the call is *detached*: progress and logs go
/// nowhere (or to [`ToolSet::on_progress`](crate::ToolSet::on_progress)),
/// `ask` and `sample` answer with a line saying the host cannot.
#[derive(Clone)]
pub struct Call {
    shared: Arc<Shared>,
}

struct Shared {
    host: Arc<dyn CallHost>,
    /// The host again, where the call is detached: the set that runs the
    /// call hands it its progress log.
    detached: Option<Arc<host::Detached>>,
    cancel: cancel::Cancel,
    /// The last progress reported, so that a lower one is dropped.
    last_done: Mutex<Option<f64>>,
    /// The call has been answered: nothing more reaches the host.
    settled: AtomicBool,
}

/// The host's hold on a [`Call`]: it cancels the call (a command line on
/// Ctrl-C, a server when its client says so).
#[derive(Clone)]
pub struct CallHandle {
    shared: Arc<Shared>,
}

impl CallHandle {
    /// Cancels the call: the tool sees [`Call::is_cancelled`], an async
    /// tool is dropped and the call is answered `cancelled`. Cancelling
    /// twice, or after the call was answered, does nothing.
    pub fn cancel(&self) {
        self.shared.cancel.fire();
    }

    /// Whether the call was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancel.is_fired()
    }
}

impl fmt::Debug for CallHandle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CallHandle")
            .field("cancelled", &self.is_cancelled())
            .finish()
    }
}

impl Call {
    /// A call made by `host`, which takes its progress, logs and
    /// questions. Hand it to [`ToolRef::call_in`](crate::ToolRef::call_in).
    pub fn new(host: Arc<dyn CallHost>) -> Call {
        Call::with_host(host, None)
    }

    fn with_host(host: Arc<dyn CallHost>, detached: Option<Arc<host::Detached>>) -> Call {
        Call {
            shared: Arc::new(Shared {
                host,
                detached,
                cancel: cancel::Cancel::default(),
                last_done: Mutex::new(None),
                settled: AtomicBool::new(false),
            }),
        }
    }

    /// A call no host made (code calling a tool, a test), `direct` in the
    /// set's call reports: progress goes to the
    /// [`on_progress`](crate::ToolSet::on_progress) log of the set that
    /// runs it, if it has one, logs go nowhere, `ask` and `sample` answer
    /// that the host cannot; it is cancelled only by its
    /// [`handle`](Call::handle).
    pub fn detached() -> Call {
        Call::detached_as("direct")
    }

    /// A [detached](Call::detached) call made by `host`, a host with no
    /// channel to the model's side of its own (function calling, an agent
    /// framework), named `host` in the set's call reports: `openai`,
    /// `rig`, ...
    pub fn detached_as(host: &'static str) -> Call {
        let detached = Arc::new(host::Detached {
            name: host,
            progress: std::sync::OnceLock::new(),
        });
        Call::with_host(detached.clone(), Some(detached))
    }

    /// The call the current tool runs in, when a [`ToolSet`](crate::ToolSet)
    /// is running one on this thread (its future being polled, its
    /// blocking job running), else a [detached](Call::detached) call. A
    /// `#[call]` parameter is this; a hand-written [`Tool`](crate::Tool)
    /// or a dynamic tool's handler can call it.
    pub fn current() -> Call {
        current::current().unwrap_or_else(Call::detached)
    }

    /// The name of the host that made the call (`mcp`, `cli`, `openai`,
    /// .., `direct` for a call made in code), as its
    /// [`CallHost::name`] says.
    pub fn host_name(&self) -> &'static str {
        self.shared.host.name()
    }

    /// Who made the call, as the host knows it: the principal of a
    /// verified bearer token, a session, or the local user (what a
    /// detached call has). A `#[ctx] caller: Caller` parameter is this.
    pub fn caller(&self) -> Caller {
        self.shared.host.caller()
    }

    /// The host's handle, to cancel the call.
    pub fn handle(&self) -> CallHandle {
        CallHandle {
            shared: Arc::clone(&self.shared),
        }
    }

    /// Reports that `done` of `total` (when known) is done, with a line
    /// saying what the tool is doing (`""` for none; sanitized as
    /// [`sanitize_line`] does). A `done` not above the last one reported,
    /// or not finite, is dropped, as is anything after the call was
    /// answered or cancelled.
    pub fn progress(&self, done: f64, total: Option<f64>, message: &str) {
        if !done.is_finite() || self.is_quiet() {
            return;
        }
        {
            let mut last = self
                .shared
                .last_done
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            if last.is_some_and(|last| done <= last) {
                return;
            }
            *last = Some(done);
        }
        let message = sanitize_line(message);
        self.shared.host.progress(&Progress {
            done,
            total: total.filter(|total| total.is_finite()),
            message: (!message.is_empty()).then_some(message),
        });
    }

    /// Logs `message` (one line, sanitized) to the client at `level`,
    /// where the host has a log; dropped after the call was answered.
    pub fn log(&self, level: LogLevel, message: &str) {
        if self.is_settled() {
            return;
        }
        self.shared.host.log(level, &sanitize_line(message));
    }

    /// Whether the call was cancelled (by the client, the set's timeout or
    /// the host). A plain `fn` tool polls this to stop early.
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancel.is_fired()
    }

    /// Resolves when the call is cancelled; never, if it is not.
    pub fn cancelled(&self) -> Cancelled<'_> {
        Cancelled {
            cancel: &self.shared.cancel,
        }
    }

    /// Asks the user to fill in a `T` (a `#[derive(ToolArg)]` struct of
    /// strings, numbers, booleans and unit enums, since that is what a
    /// client can show as a form), showing `message`. `T`'s schema is the
    /// form; the answer is checked against it with the same validator as
    /// arguments, so the tool gets an [`Answer::Accepted`] that holds
    /// every constraint, or an [`AskError::Invalid`] naming each problem
    /// (`Invalid answer at /age: must be at most 150, got 200`).
    ///
    /// A `T` elicitation cannot show (a nested struct, a list of text)
    /// fails the build where `ask` is used (a const assertion, which
    /// `cargo build` evaluates and `cargo check` does not). On a host
    /// that cannot ask, the error is [`AskError::Unavailable`] with a line
    /// saying so, which converts into a [`ToolError`] with `?`.
    pub async fn ask<T: ToolArg + DeserializeOwned>(
        &self,
        message: &str,
    ) -> Result<Answer<T>, AskError> {
        self.ask_keyed(None, message).await
    }

    /// [`ask`](Call::ask), the question named `key`. A host that asks in
    /// rounds names its request by it: on MCP at protocol 2026-07-28 the
    /// call ends with an `input_required` result whose `inputRequests`
    /// hold `key`, and runs again, from the start, once the client answers
    /// (an unnamed question is `ask-1`, `ask-2`, .. in the order asked).
    /// Elsewhere it is [`ask`](Call::ask).
    pub async fn ask_as<T: ToolArg + DeserializeOwned>(
        &self,
        key: &str,
        message: &str,
    ) -> Result<Answer<T>, AskError> {
        self.ask_keyed(Some(key), message).await
    }

    async fn ask_keyed<T: ToolArg + DeserializeOwned>(
        &self,
        key: Option<&str>,
        message: &str,
    ) -> Result<Answer<T>, AskError> {
        const {
            assert!(
                T::__FORM,
                "call.ask::<T>() takes a struct of strings, numbers, booleans, enums and lists of enums: elicitation shows a flat form"
            )
        };
        if self.is_quiet() {
            return Err(AskError::Ended);
        }
        let declared = T::schema();
        let requested = ask::requested_schema(declared.clone()).map_err(AskError::Schema)?;
        let validator = Validator::new(&declared).map_err(|e| AskError::Schema(e.to_string()))?;
        let reply = self
            .until_cancelled(
                self.shared
                    .host
                    .ask_as(key, &sanitize_text(message), &requested),
            )
            .await
            .ok_or(AskError::Ended)?
            .map_err(|line| AskError::Unavailable(sanitize_line(&line)))?;
        match reply {
            Reply::Declined => Ok(Answer::Declined),
            Reply::Cancelled => Ok(Answer::Cancelled),
            Reply::Accepted(value) => {
                validator.validate(&value).map_err(AskError::Invalid)?;
                let answer = crate::read::read::<T>(&value).map_err(AskError::Invalid)?;
                Ok(Answer::Accepted(answer))
            }
        }
    }

    /// Asks the client's model to answer `prompt` in at most `max_tokens`
    /// tokens (MCP sampling), and resolves to the text it answered. On a
    /// host that cannot, or when the client refuses, the error says so.
    pub async fn sample(&self, prompt: &str, max_tokens: u32) -> Result<String, ToolError> {
        self.sample_keyed(None, prompt, max_tokens).await
    }

    /// [`sample`](Call::sample), the request named `key`, as
    /// [`ask_as`](Call::ask_as) names a question (unnamed: `sample-1`, ..).
    pub async fn sample_as(
        &self,
        key: &str,
        prompt: &str,
        max_tokens: u32,
    ) -> Result<String, ToolError> {
        self.sample_keyed(Some(key), prompt, max_tokens).await
    }

    async fn sample_keyed(
        &self,
        key: Option<&str>,
        prompt: &str,
        max_tokens: u32,
    ) -> Result<String, ToolError> {
        if self.is_quiet() {
            return Err(ToolError::new("the call has ended"));
        }
        self.until_cancelled(self.shared.host.sample_as(key, prompt, max_tokens))
            .await
            .ok_or_else(|| ToolError::new("the call has ended"))?
            .map_err(ToolError::new)
    }

    /// The client's roots (MCP `roots/list`), the request named `key` as
    /// [`ask_as`](Call::ask_as) names a question (unnamed: `roots-1`, ..);
    /// on a host without them, the error says so.
    pub async fn roots(&self, key: Option<&str>) -> Result<Vec<Root>, ToolError> {
        if self.is_quiet() {
            return Err(ToolError::new("the call has ended"));
        }
        self.until_cancelled(self.shared.host.roots(key))
            .await
            .ok_or_else(|| ToolError::new("the call has ended"))?
            .map_err(ToolError::new)
    }

    /// Makes the call a task from here on, once its questions are
    /// answered, for a tool marked `#[tool(task, input_first)]`: on MCP,
    /// for a client asked in rounds, the round ends and its answer is the
    /// task, in which the call runs again from the start, each question
    /// the rounds answered answered at once (so what comes before this
    /// runs once more). Anywhere else (a call that is a task already, a
    /// host without tasks) it does nothing. `toolsmith::guide::hosts`
    /// shows a tool that does it.
    pub async fn become_task(&self) {
        if self.is_quiet() {
            return;
        }
        let _ = self.until_cancelled(self.shared.host.become_task()).await;
    }

    /// `future`'s output, or `None` when the call is cancelled first.
    async fn until_cancelled<T>(&self, future: impl Future<Output = T>) -> Option<T> {
        let mut future = pin!(future);
        poll_fn(|cx| {
            if let Poll::Ready(output) = future.as_mut().poll(cx) {
                return Poll::Ready(Some(output));
            }
            self.shared.cancel.poll_fired(cx).map(|()| None)
        })
        .await
    }

    /// Sends the progress of a detached call to `log` (the first log
    /// given wins); a call a host made keeps its host's.
    pub(crate) fn report_progress_to(&self, log: &Arc<ProgressLog>) {
        if let Some(detached) = &self.shared.detached {
            let _ = detached.progress.set(Arc::clone(log));
        }
    }

    /// Marks the call answered: nothing more reaches the host.
    pub(crate) fn settle(&self) {
        self.shared.settled.store(true, Ordering::Release);
    }

    fn is_settled(&self) -> bool {
        self.shared.settled.load(Ordering::Acquire)
    }

    fn is_quiet(&self) -> bool {
        self.is_settled() || self.is_cancelled()
    }
}

impl fmt::Debug for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Call")
            .field("cancelled", &self.is_cancelled())
            .field("settled", &self.is_settled())
            .finish_non_exhaustive()
    }
}
