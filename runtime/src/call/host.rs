//! What a host gives a call: where progress and log messages go, and how
//! the user is asked and the client's model sampled, where it can.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};

use serde_json::Value;

/// A boxed future a host answers with.
pub type HostFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// A host's side of a [`Call`](super::Call): MCP sends notifications and
/// requests to its client; a host without the feature leaves the default,
/// which drops progress and log messages and answers `ask` and `sample`
/// with a line saying the host cannot.
///
/// The call has already filtered and sanitized what reaches here:
/// progress only rises, messages are one line of plain text, and nothing
/// comes after the call has settled.
pub trait CallHost: Send + Sync + 'static {
    /// The host's name, as the set's call reports give it (`mcp`, `cli`,
    /// ..); `direct` by default.
    fn name(&self) -> &'static str {
        "direct"
    }

    /// Who made the call: the principal the host authenticated, the
    /// session, or (the default) the local user.
    fn caller(&self) -> super::Caller {
        super::Caller::local()
    }

    /// The tool reports progress.
    fn progress(&self, progress: &Progress) {
        let _ = progress;
    }

    /// The tool logs a message for the client.
    fn log(&self, level: LogLevel, message: &str) {
        let _ = (level, message);
    }

    /// Asks the user to fill in `schema` (a flat object schema, as
    /// elicitation allows), showing `message`. `Err` is the line the tool
    /// is answered (the host cannot ask, the request failed).
    fn ask(&self, message: &str, schema: &Value) -> HostFuture<Result<Reply, String>> {
        let _ = (message, schema);
        Box::pin(std::future::ready(Err(NO_ASK.to_owned())))
    }

    /// Asks the client's model to answer `prompt`, in at most
    /// `max_tokens`; resolves to the text of its answer.
    fn sample(&self, prompt: &str, max_tokens: u32) -> HostFuture<Result<String, String>> {
        let _ = (prompt, max_tokens);
        Box::pin(std::future::ready(Err(NO_SAMPLE.to_owned())))
    }

    /// [`ask`](Self::ask) under the key the tool named the question by
    /// ([`Call::ask_as`](super::Call::ask_as)), `None` for an unnamed one.
    /// A host that asks in rounds (MCP's `input_required` results) names
    /// the request by it; the default ignores it.
    fn ask_as(
        &self,
        key: Option<&str>,
        message: &str,
        schema: &Value,
    ) -> HostFuture<Result<Reply, String>> {
        let _ = key;
        self.ask(message, schema)
    }

    /// [`sample`](Self::sample) under the key the tool named the request
    /// by, as [`ask_as`](Self::ask_as).
    fn sample_as(
        &self,
        key: Option<&str>,
        prompt: &str,
        max_tokens: u32,
    ) -> HostFuture<Result<String, String>> {
        let _ = key;
        self.sample(prompt, max_tokens)
    }

    /// The client's roots (MCP `roots/list`): the directories and files
    /// it lets the server see. `key` names the request, as
    /// [`ask_as`](Self::ask_as).
    fn roots(&self, key: Option<&str>) -> HostFuture<Result<Vec<Root>, String>> {
        let _ = key;
        Box::pin(std::future::ready(Err(NO_ROOTS.to_owned())))
    }

    /// The tool says it has what it needs from the user and becomes a task
    /// from here on ([`Call::become_task`](super::Call::become_task)). A
    /// host that asks in rounds before a task starts ends the round with
    /// the task, and the future never resolves (the call is cancelled); the
    /// default resolves at once.
    fn become_task(&self) -> HostFuture<()> {
        Box::pin(std::future::ready(()))
    }
}

/// One of the client's roots, as [`Call::roots`](super::Call::roots)
/// answers.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Root {
    /// Where it is: a `file://` URI.
    pub uri: String,
    /// What the client calls it, when it says.
    pub name: Option<String>,
}

impl Root {
    /// A root at `uri`, named `name`.
    pub fn new(uri: impl Into<String>, name: Option<String>) -> Root {
        Root {
            uri: uri.into(),
            name,
        }
    }
}

/// What `ask` answers on a host that cannot ask the user.
pub(crate) const NO_ASK: &str = "this host cannot ask the user";
/// What `sample` answers on a host that cannot sample a model.
pub(crate) const NO_SAMPLE: &str = "this host cannot ask the client's model";
/// What `roots` answers on a host without a client's roots.
pub(crate) const NO_ROOTS: &str = "this host has no client roots to list";

/// Told of the progress of a detached call: the log of the set that runs
/// it ([`ToolSet::on_progress`](crate::ToolSet::on_progress)).
pub(crate) type ProgressLog = dyn Fn(&Progress) + Send + Sync;

/// The host of a detached call: its name in the set's call reports, and
/// no channel of its own, so progress goes to the log of the set that runs
/// the call, if it has one, and the rest nowhere.
pub(super) struct Detached {
    pub(super) name: &'static str,
    pub(super) progress: OnceLock<Arc<ProgressLog>>,
}

impl CallHost for Detached {
    fn name(&self) -> &'static str {
        self.name
    }

    fn progress(&self, progress: &Progress) {
        if let Some(log) = self.progress.get() {
            log(progress);
        }
    }
}

/// How far a call has got, as [`Call::progress`](super::Call::progress)
/// reports it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Progress {
    /// Done so far; never lower than the last report.
    pub done: f64,
    /// The total, when known.
    pub total: Option<f64>,
    /// What the tool is doing, one sanitized line; `None` when it said
    /// nothing.
    pub message: Option<String>,
}

/// The user's reply to [`CallHost::ask`], before it is validated.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// The user answered: their answer, to be checked against the schema.
    Accepted(Value),
    /// The user said no.
    Declined,
    /// The user dismissed the question without answering.
    Cancelled,
}

/// The severity of a log message, as MCP's `notifications/message` (and
/// syslog) names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum LogLevel {
    /// Detailed debugging information.
    Debug,
    /// Normal operation.
    Info,
    /// Normal but significant.
    Notice,
    /// A warning.
    Warning,
    /// An error.
    Error,
    /// A critical condition.
    Critical,
    /// Action must be taken immediately.
    Alert,
    /// The system is unusable.
    Emergency,
}

impl LogLevel {
    /// The level's name on the wire: `debug`, `info`, .., `emergency`.
    pub const fn as_str(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Notice => "notice",
            LogLevel::Warning => "warning",
            LogLevel::Error => "error",
            LogLevel::Critical => "critical",
            LogLevel::Alert => "alert",
            LogLevel::Emergency => "emergency",
        }
    }
}
