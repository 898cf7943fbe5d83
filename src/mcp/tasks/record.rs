//! What a task store keeps of one task: its [`Owner`], the task as
//! `tasks/get` gives it, the answers and cancel the client sent that its
//! runner has yet to read, and the version each compare-and-set checks.

use std::sync::Arc;

use rmcp::model::{DetailedTask, JsonObject, Task, TaskPayload, TaskStatus};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Who a task belongs to: the caller that made it. Any other caller's
/// `tasks/get`, `tasks/update` and `tasks/cancel` of it are answered as
/// for an id the server never gave.
///
/// An opaque key: two owners are the same caller when their keys are
/// equal. The server derives it from the request (see
/// [the module](crate::mcp::tasks#owners)); a [`TaskStore`](super::TaskStore)
/// only keeps and compares it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Owner(Arc<str>);

impl Owner {
    /// The owner whose key is `key`.
    pub fn from_key(key: impl Into<String>) -> Owner {
        Owner(Arc::from(key.into()))
    }

    /// The owner's key, as stores keep it.
    pub fn key(&self) -> &str {
        &self.0
    }
}

/// One task as a [`TaskStore`](super::TaskStore) keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct TaskRecord {
    /// The caller that made the task.
    pub owner: Owner,
    /// The task as `tasks/get` answers it: its id, status, times, and its
    /// input requests, result or error.
    pub task: DetailedTask,
    /// Answers `tasks/update` gave to the task's input requests, by key,
    /// for its runner to take.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub answers: Map<String, Value>,
    /// `tasks/cancel` came: the runner cancels the call.
    #[serde(default)]
    pub cancel_requested: bool,
    /// Counts the writes: a compare-and-set names the version it read.
    #[serde(default)]
    pub version: u64,
}

impl TaskRecord {
    /// A task of `owner` that starts `working` now, with the id `id`, kept
    /// `ttl_ms` and polled every `poll_interval_ms`.
    pub fn working(id: String, owner: Owner, ttl_ms: u64, poll_interval_ms: u64) -> TaskRecord {
        let now = now();
        let mut task = Task::new(id, TaskStatus::Working, now.clone(), now);
        task.ttl_ms = Some(ttl_ms);
        task.poll_interval_ms = Some(poll_interval_ms);
        TaskRecord {
            owner,
            task: DetailedTask::new(task, TaskPayload::Working),
            answers: Map::new(),
            cancel_requested: false,
            version: 0,
        }
    }

    /// The task's id.
    pub fn id(&self) -> &str {
        &self.task.task.task_id
    }

    /// Whether the task has settled: `completed`, `failed` or `cancelled`.
    /// A settled record takes no more writes.
    pub fn is_settled(&self) -> bool {
        self.task.status().is_terminal()
    }

    /// The record with `payload` as the task's state, updated now; a
    /// settled one keeps no answers.
    pub fn with_payload(mut self, payload: TaskPayload) -> TaskRecord {
        let mut task = self.task.task;
        task.last_updated_at = now();
        self.task = DetailedTask::new(task, payload);
        if self.is_settled() {
            self.answers.clear();
        }
        self
    }

    /// The record settled `failed` because its runner stopped renewing its
    /// lease: the error says
    /// [`the server running this task stopped`](RUNNER_STOPPED).
    pub fn runner_stopped(self) -> TaskRecord {
        self.with_payload(TaskPayload::Failed {
            error: error_object(RUNNER_STOPPED),
        })
    }
}

/// The error of a task whose runner's lease lapsed.
pub const RUNNER_STOPPED: &str = "the server running this task stopped";

/// A JSON-RPC internal error (`-32603`) with `message`, as a task's `error`.
pub(crate) fn error_object(message: &str) -> JsonObject {
    let mut error = JsonObject::new();
    error.insert("code".to_owned(), Value::from(-32603));
    error.insert("message".to_owned(), Value::from(message));
    error
}

/// Now, as a task's times are written (RFC 3339).
fn now() -> String {
    rmcp::task_manager::current_timestamp()
}
