//! A task's runner, in the process that took its `tools/call`: runs the
//! call, renews the lease while it runs, reads the record when woken (or
//! every second) for `tasks/cancel` and the answers of `tasks/update`, and
//! settles the task by compare-and-set when the call ends.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, ContentBlock, InputRequest, JsonObject, TaskPayload};
use rmcp::task_manager::TaskExit;
use serde_json::Value;
use tokio::sync::{oneshot, watch};

use super::record::error_object;
use super::{Owner, StoreError, TaskRecord, TaskStore};

/// How often a runner reads its record when no wake comes.
const POLL: Duration = Duration::from_secs(1);

/// How many times a change is tried against writes in between.
const TRIES: usize = 32;

/// A new task id: a random UUID (version 4).
pub(crate) fn new_id() -> String {
    let mut bytes = [0u8; 16];
    // With no randomness there is no secret id: stop rather than guess.
    getrandom::fill(&mut bytes).expect("the system gives random bytes");
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// Changes task `id` by `change` (`None`: nothing to write), read and
/// written by compare-and-set until no write comes in between: the record
/// as written, or as read when `change` wrote nothing; `None` when the
/// task is unknown.
pub(crate) async fn change(
    store: &dyn TaskStore,
    id: &str,
    change: impl Fn(&TaskRecord) -> Option<TaskRecord>,
) -> Result<Option<TaskRecord>, StoreError> {
    for _ in 0..TRIES {
        let Some(record) = store.get(id).await? else {
            return Ok(None);
        };
        let Some(next) = change(&record) else {
            return Ok(Some(record));
        };
        if store.compare_and_set(record.version, next.clone()).await? {
            return Ok(Some(next));
        }
    }
    Err(StoreError::new(format!(
        "task {id} was changed {TRIES} times while being written"
    )))
}

/// What a task's call holds of its task: its input requests wait in it,
/// and it hears `tasks/cancel`.
#[derive(Clone)]
pub(crate) struct TaskHandle {
    shared: Arc<Shared>,
}

struct Shared {
    store: Arc<dyn TaskStore>,
    id: String,
    owner: Owner,
    cancel: watch::Sender<bool>,
    /// The input requests waiting for an answer, by key.
    pending: Mutex<HashMap<String, oneshot::Sender<Value>>>,
    /// Every key asked under, which may not be asked again.
    used: Mutex<HashSet<String>>,
}

impl TaskHandle {
    /// Asks `request` under `key` in the task (`input_required`), and waits
    /// for the answer `tasks/update` gives it.
    pub(crate) async fn request_input(
        &self,
        key: String,
        request: InputRequest,
    ) -> Result<Value, TaskExit> {
        let shared = &self.shared;
        if !lock(&shared.used).insert(key.clone()) {
            return Err(TaskExit::Error(ErrorData::internal_error(
                format!("inputRequests key {key:?} was already used for this task"),
                None,
            )));
        }
        let (answer, answered) = oneshot::channel();
        lock(&shared.pending).insert(key.clone(), answer);
        let asked = change(shared.store.as_ref(), &shared.id, |record| {
            if record.is_settled() || record.cancel_requested {
                return None;
            }
            let mut requests = match &record.task.payload {
                TaskPayload::InputRequired { input_requests } => input_requests.clone(),
                _ => Default::default(),
            };
            requests.insert(key.clone(), request.clone());
            Some(record.clone().with_payload(TaskPayload::InputRequired {
                input_requests: requests,
            }))
        })
        .await;
        match asked {
            Ok(Some(record)) if record.cancel_requested || record.is_settled() => {
                lock(&shared.pending).remove(&key);
                return Err(TaskExit::Cancelled);
            }
            Ok(_) => {}
            Err(err) => {
                lock(&shared.pending).remove(&key);
                return Err(TaskExit::Error(store_failed(&err)));
            }
        }
        answered.await.map_err(|_| TaskExit::Cancelled)
    }

    /// Whether `tasks/cancel` came.
    pub(crate) fn is_cancel_requested(&self) -> bool {
        *self.shared.cancel.borrow()
    }

    /// Ready once `tasks/cancel` came.
    pub(crate) async fn cancelled(&self) {
        let mut cancelled = self.shared.cancel.subscribe();
        // The sender lives as long as the handle: the wait ends with the cancel.
        let _ = cancelled.wait_for(|cancelled| *cancelled).await;
    }
}

impl Shared {
    /// Reads the record: a cancel cancels the call and wakes its questions;
    /// answers go to the questions waiting for them.
    async fn read(&self) -> Result<(), StoreError> {
        let Some(record) = self.store.get(&self.id).await? else {
            return Ok(());
        };
        if record.cancel_requested || record.is_settled() {
            self.cancel.send_replace(true);
            lock(&self.pending).clear();
            return Ok(());
        }
        let mut pending = lock(&self.pending);
        for (key, answer) in &record.answers {
            if let Some(waiting) = pending.remove(key) {
                let _ = waiting.send(answer.clone());
            }
        }
        Ok(())
    }
}

/// Starts the runner of `record`'s task, which the store holds: `work`,
/// given the task's handle, is the call; `name` the tool's, for lines.
pub(crate) fn spawn<W, F>(store: Arc<dyn TaskStore>, record: &TaskRecord, name: String, work: W)
where
    W: FnOnce(TaskHandle) -> F,
    F: Future<Output = Result<CallToolResult, TaskExit>> + Send + 'static,
{
    let id = record.id().to_owned();
    let handle = TaskHandle {
        shared: Arc::new(Shared {
            store: Arc::clone(&store),
            id: id.clone(),
            owner: record.owner.clone(),
            cancel: watch::channel(false).0,
            pending: Mutex::default(),
            used: Mutex::default(),
        }),
    };
    let shared = Arc::clone(&handle.shared);
    let work = work(handle);
    let limits = store.limits().clone();
    tokio::spawn(async move {
        let keeper = tokio::spawn(keep(Arc::clone(&shared), limits.lease));
        let ended = tokio::time::timeout(limits.ttl, work).await;
        keeper.abort();
        let payload = match ended {
            Ok(Ok(result)) => completed(&name, &result, limits.max_result_bytes),
            Ok(Err(TaskExit::Cancelled)) => TaskPayload::Cancelled,
            Ok(Err(TaskExit::Error(error))) => failed(&error, limits.max_result_bytes),
            Err(_) => TaskPayload::Failed {
                error: error_object(&format!(
                    "{name} did not finish within the task's TTL ({} ms)",
                    limits.ttl.as_millis()
                )),
            },
        };
        settle(shared.store.as_ref(), &id, payload).await;
    });
}

/// Settles task `id` with `payload`, unless it settled already (a settled
/// task absorbs the write). A store that fails is retried for as long as
/// the lease would have lasted, then given up with a line on stderr (the
/// lease lapses and the task reads as stopped).
pub(crate) async fn settle(store: &dyn TaskStore, id: &str, payload: TaskPayload) {
    let mut wait = Duration::from_millis(100);
    let mut waited = Duration::ZERO;
    loop {
        let settled = change(store, id, |record| {
            (!record.is_settled()).then(|| record.clone().with_payload(payload.clone()))
        })
        .await;
        match settled {
            Ok(_) => return,
            Err(err) if waited >= store.limits().lease => {
                eprintln!("toolsmith: task {id} could not be settled: {err}");
                return;
            }
            Err(_) => {
                tokio::time::sleep(wait).await;
                waited += wait;
                wait = (wait * 2).min(Duration::from_secs(2));
            }
        }
    }
}

/// While the call runs: renews the lease, and reads the record when woken
/// or every second.
async fn keep(shared: Arc<Shared>, lease: Duration) {
    let renew_every = lease / 3;
    let mut wakes = shared.store.wakes(&shared.id).await.ok();
    let mut renewed = tokio::time::Instant::now();
    // Read once: a cancel may have come before the wakes were listened to.
    let _ = shared.read().await;
    loop {
        let step = POLL.min(renew_every);
        match &mut wakes {
            Some(wakes) => match tokio::time::timeout(step, wakes.next()).await {
                Ok(true) | Err(_) => {}
                Ok(false) => tokio::time::sleep(step).await,
            },
            None => tokio::time::sleep(step).await,
        }
        if renewed.elapsed() >= renew_every {
            // A store out of reach: the lease is renewed on the next turn.
            if let Ok(held) = shared.store.renew(&shared.id, &shared.owner, lease).await {
                renewed = tokio::time::Instant::now();
                if !held {
                    shared.cancel.send_replace(true);
                }
            }
        }
        let _ = shared.read().await;
    }
}

/// A result that completes the task, or the line that replaces one larger
/// than a task keeps.
fn completed(name: &str, result: &CallToolResult, max: usize) -> TaskPayload {
    let result = match serde_json::to_value(result) {
        Ok(Value::Object(map)) => map,
        _ => JsonObject::new(),
    };
    let size = serde_json::to_vec(&result).map_or(0, |bytes| bytes.len());
    if size <= max {
        return TaskPayload::Completed { result };
    }
    let line =
        format!("{name}'s result was not kept: {size} bytes, over the {max} bytes a task keeps");
    let replaced = CallToolResult::error(vec![ContentBlock::text(line)]);
    match serde_json::to_value(replaced) {
        Ok(Value::Object(result)) => TaskPayload::Completed { result },
        _ => TaskPayload::Completed {
            result: JsonObject::new(),
        },
    }
}

/// A JSON-RPC error that fails the task, its message cut to `max` bytes.
fn failed(error: &ErrorData, max: usize) -> TaskPayload {
    let mut object = match serde_json::to_value(error) {
        Ok(Value::Object(map)) => map,
        _ => error_object(&error.message),
    };
    if serde_json::to_vec(&object).map_or(0, |bytes| bytes.len()) > max {
        object = error_object(&format!(
            "the task's error was not kept: over the {max} bytes a task keeps"
        ));
    }
    TaskPayload::Failed { error: object }
}

/// The JSON-RPC error of a request the task store did not answer; the
/// reason goes to stderr too.
pub(crate) fn store_failed(err: &StoreError) -> ErrorData {
    eprintln!("toolsmith: the task store did not answer: {err}");
    ErrorData::internal_error(format!("the task store did not answer: {err}"), None)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
