//! MCP's tasks extension (`io.modelcontextprotocol/tasks`): a tool that
//! [runs as a task](toolsmith_runtime::TaskSupport), called by a
//! client that declared the extension, is answered at once with the task
//! (`resultType: "task"`), runs on, and is polled with `tasks/get`.
//!
//! How the call ends decides how the task settles: a result, bad input or
//! a failing function is `completed`, with the `tools/call` result a plain
//! call would have got (`isError: true` for the last two); a panic is
//! `failed`, with the JSON-RPC error inlined; `tasks/cancel` cancels the
//! tool's [`Call`] and the task settles `cancelled`.
//!
//! A tool that [asks first](toolsmith_runtime::ToolHints) is a
//! plain call in `input_required` rounds while it asks, for a client asked
//! in rounds; the round in which it calls [`Call::become_task`], or
//! answers, is answered with the task (never with a `requestState`), in
//! which the call runs again with the rounds' answers.
//!
//! The server's [`TaskStore`] keeps the tasks (in memory by default):
//! each is written, with its [`Owner`], before the call is answered, and
//! `tasks/get`, `tasks/update` and `tasks/cancel` from another owner are
//! answered as for an unknown id. The call runs here, under a
//! [runner](crate::mcp::tasks::runner) that holds its lease.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use rmcp::ErrorData;
use rmcp::RoleServer;
use rmcp::model::{
    CallToolResult, CreateTaskResult, DetailedTask, ErrorCode, InputRequest, ServerCapabilities,
    TASKS_EXTENSION_ID, TaskPayload,
};
use rmcp::service::RequestContext;
use rmcp::task_manager::{DEFAULT_POLL_INTERVAL_MS, TaskExit};
use serde_json::{Map, Value};
use toolsmith_runtime::{
    Call, CallError, CallHost, HostFuture, LogLevel, Progress, Reply, Root, ToolRef, ToolSet,
};

use super::answer::{answer, cancelled_by, structured_for};
use super::client_call::{Notes, form_request, forwarding, listed_roots, reply, sampled};
use super::input_required::Answers;
use crate::host::outcome;
use crate::mcp::tasks::runner::{self, TaskHandle, store_failed};
use crate::mcp::tasks::{Admission, Owner, RunningCaps, TaskRecord, TaskStore};

/// Says in `initialize` that the server has the extension.
pub(crate) fn advertise(capabilities: &mut ServerCapabilities) {
    capabilities
        .extensions
        .get_or_insert_default()
        .insert(TASKS_EXTENSION_ID.to_owned(), Map::new());
}

/// Whether a `tools/call` of `tool` runs as a task: the tool may, and the
/// client declared the extension (at `initialize`, or in the request's
/// `_meta`).
pub(crate) fn wanted(tool: &ToolRef<'_>, context: &RequestContext<RoleServer>) -> bool {
    tool.hints().task.allowed()
        && context
            .client_capabilities()
            .is_some_and(|capabilities| capabilities.supports_tasks())
}

/// The answer to a call of `tool`, which runs only as a task, from a
/// client without the extension: `-32021`, naming the extension as the
/// protocol asks.
pub(crate) fn refusal(tool: &ToolRef<'_>) -> ErrorData {
    ErrorData::new(
        ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY,
        format!(
            "{} runs only as a task: declare the {TASKS_EXTENSION_ID} extension",
            tool.name()
        ),
        Some(serde_json::json!({
            "requiredCapabilities": { "extensions": { TASKS_EXTENSION_ID: {} } }
        })),
    )
}

/// Whether a task was made, or which cap refused it.
pub(crate) enum Started {
    Task(Box<CreateTaskResult>),
    Refused(Admission),
}

/// A new record of `owner`, as the store's limits say.
fn new_record(store: &dyn TaskStore, owner: Owner) -> TaskRecord {
    let ttl = u64::try_from(store.limits().ttl.as_millis()).unwrap_or(u64::MAX);
    TaskRecord::working(runner::new_id(), owner, ttl, DEFAULT_POLL_INTERVAL_MS)
}

/// Starts the call of tool `name` as a task of `owner` in `store`, unless
/// `caps` refuses it; its answer is the task as it starts, `working`,
/// written before it is given. `client` is the host a plain call would
/// have had; `answered` holds what the rounds before the task answered,
/// by the keys of their requests.
pub(crate) async fn start(
    store: &Arc<dyn TaskStore>,
    (owner, caps): (Owner, RunningCaps),
    tools: Arc<ToolSet>,
    (name, arguments): (String, Value),
    (client, notes): (Arc<dyn CallHost>, Notes),
    answered: Answers,
    any_structured: bool,
) -> Result<Started, ErrorData> {
    let record = new_record(store.as_ref(), owner);
    let admission = store
        .create(record.clone(), caps)
        .await
        .map_err(|err| store_failed(&err))?;
    if admission != Admission::Created {
        return Ok(Started::Refused(admission));
    }
    let tool = name.clone();
    runner::spawn(Arc::clone(store), &record, tool, move |task| {
        let host = TaskHost {
            client,
            task: task.clone(),
            made: Mutex::default(),
            answered,
        };
        let call = Call::new(Arc::new(host));
        run(tools, name, arguments, call, notes, task, any_structured)
    });
    Ok(Started::Task(Box::new(CreateTaskResult::new(
        record.task.task,
    ))))
}

/// A task of `owner` that has already `completed` with `result`: the
/// answer of a call that answered in the rounds before it became a task.
pub(crate) async fn settled(
    store: &Arc<dyn TaskStore>,
    owner: Owner,
    result: CallToolResult,
) -> Result<CreateTaskResult, ErrorData> {
    let record = new_record(store.as_ref(), owner);
    let id = record.id().to_owned();
    let unlimited = RunningCaps::new(usize::MAX, usize::MAX);
    store
        .create(record, unlimited)
        .await
        .map_err(|err| store_failed(&err))?;
    let result = match serde_json::to_value(result) {
        Ok(Value::Object(result)) => result,
        _ => Map::new(),
    };
    let written = runner::change(store.as_ref(), &id, |record| {
        let payload = TaskPayload::Completed {
            result: result.clone(),
        };
        (!record.is_settled()).then(|| record.clone().with_payload(payload))
    })
    .await
    .map_err(|err| store_failed(&err))?
    .ok_or_else(|| unknown_task(&id))?;
    Ok(CreateTaskResult::new(written.task.task))
}

/// `tasks/get`: the task as it stands, its result or error inlined once
/// it settled; another owner's task is unknown.
pub(crate) async fn get(
    store: &dyn TaskStore,
    owner: &Owner,
    id: &str,
) -> Result<DetailedTask, ErrorData> {
    match store.get(id).await.map_err(|err| store_failed(&err))? {
        Some(record) if record.owner == *owner => Ok(record.task),
        _ => Err(unknown_task(id)),
    }
}

/// `tasks/update`: the answers to the task's input requests that wait,
/// kept for its runner, which is woken; others are ignored.
pub(crate) async fn update(
    store: &dyn TaskStore,
    owner: &Owner,
    id: &str,
    responses: Map<String, Value>,
) -> Result<(), ErrorData> {
    get(store, owner, id).await?;
    let written = runner::change(store, id, |record| {
        let TaskPayload::InputRequired { input_requests } = &record.task.payload else {
            return None;
        };
        let mut waiting = input_requests.clone();
        let mut next = record.clone();
        for (key, answer) in &responses {
            if waiting.remove(key).is_some() {
                next.answers.insert(key.clone(), answer.clone());
            }
        }
        if waiting.len() == input_requests.len() {
            return None;
        }
        Some(next.with_payload(match waiting.is_empty() {
            true => TaskPayload::Working,
            false => TaskPayload::InputRequired {
                input_requests: waiting,
            },
        }))
    })
    .await
    .map_err(|err| store_failed(&err))?;
    if written.is_some() {
        store.wake(id).await.map_err(|err| store_failed(&err))?;
    }
    Ok(())
}

/// `tasks/cancel`: marks the task cancelled for its runner, which is woken
/// and cancels the call; its questions are dropped, and it settles
/// `cancelled`.
pub(crate) async fn cancel(
    store: &dyn TaskStore,
    owner: &Owner,
    id: &str,
) -> Result<(), ErrorData> {
    get(store, owner, id).await?;
    runner::change(store, id, |record| {
        if record.is_settled() || record.cancel_requested {
            return None;
        }
        let mut next = record.clone();
        next.cancel_requested = true;
        Some(next.with_payload(TaskPayload::Working))
    })
    .await
    .map_err(|err| store_failed(&err))?;
    store.wake(id).await.map_err(|err| store_failed(&err))
}

/// `-32602` for a task the caller may not know of.
fn unknown_task(id: &str) -> ErrorData {
    ErrorData::invalid_params(format!("unknown task: {id}"), None)
}

/// The task's work: the call, cancelled by `tasks/cancel`, its
/// notifications sent as a plain call's are.
async fn run(
    tools: Arc<ToolSet>,
    name: String,
    arguments: Value,
    call: Call,
    notes: Notes,
    task: TaskHandle,
    any_structured: bool,
) -> Result<CallToolResult, TaskExit> {
    let tool = tools
        .tool(&name)
        .map_err(|unknown| TaskExit::Error(ErrorData::invalid_params(unknown.to_string(), None)))?;
    let handle = call.handle();
    let cancelled = {
        let task = task.clone();
        async move { task.cancelled().await }
    };
    let called = cancelled_by(cancelled, handle, tool.call_in(arguments, (), call));
    let result = forwarding(called, notes).await;
    match result {
        Err(CallError::Failed(_)) if task.is_cancel_requested() => Err(TaskExit::Cancelled),
        Err(CallError::Failed(err)) if err.is_panic() => Err(TaskExit::Error(ErrorData::new(
            ErrorCode::INTERNAL_ERROR,
            format!("{} failed: {}", tool.name(), err.message()),
            None,
        ))),
        result => Ok(structured_for(
            answer(&tool, outcome(tool, result)),
            any_structured,
        )),
    }
}

/// A task's call: questions wait in the task as input requests, the rest
/// goes to the client as a plain call's does; a request the rounds before
/// the task answered is answered at once.
struct TaskHost {
    client: Arc<dyn CallHost>,
    task: TaskHandle,
    /// How many requests of each kind the call has made, for their keys.
    made: Mutex<BTreeMap<&'static str, usize>>,
    /// What the rounds before the task answered.
    answered: Answers,
}

impl TaskHost {
    /// The answer the rounds gave the request named `key` (or the next of
    /// `kind`), when `read` takes it; and the request's key.
    fn answered<T>(
        &self,
        kind: &'static str,
        key: Option<&str>,
        read: impl Fn(Value) -> Result<T, String>,
    ) -> (String, Option<T>) {
        let mut made = self
            .made
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = made.entry(kind).or_default();
        *count += 1;
        let key = key.map_or_else(|| format!("{kind}-{count}"), str::to_owned);
        let answer = self
            .answered
            .get(&key)
            .and_then(|answer| read(answer.clone()).ok());
        (key, answer)
    }
}

impl CallHost for TaskHost {
    fn name(&self) -> &'static str {
        "mcp"
    }

    fn caller(&self) -> toolsmith_runtime::Caller {
        self.client.caller()
    }

    fn progress(&self, progress: &Progress) {
        self.client.progress(progress);
    }

    fn log(&self, level: LogLevel, message: &str) {
        self.client.log(level, message);
    }

    fn ask(&self, message: &str, schema: &Value) -> HostFuture<Result<Reply, String>> {
        self.ask_as(None, message, schema)
    }

    fn ask_as(
        &self,
        key: Option<&str>,
        message: &str,
        schema: &Value,
    ) -> HostFuture<Result<Reply, String>> {
        let (key, answered) = self.answered("ask", key, reply);
        if let Some(reply) = answered {
            return Box::pin(std::future::ready(Ok(reply)));
        }
        let task = self.task.clone();
        let message = message.to_owned();
        let schema = schema.clone();
        Box::pin(async move {
            let request = InputRequest::Elicitation(form_request(message, schema)?);
            match task.request_input(key, request).await {
                Ok(answer) => reply(answer),
                Err(TaskExit::Cancelled) => Ok(Reply::Cancelled),
                Err(TaskExit::Error(err)) => {
                    Err(format!("asking the user failed: {}", err.message))
                }
            }
        })
    }

    fn sample(&self, prompt: &str, max_tokens: u32) -> HostFuture<Result<String, String>> {
        self.sample_as(None, prompt, max_tokens)
    }

    fn sample_as(
        &self,
        key: Option<&str>,
        prompt: &str,
        max_tokens: u32,
    ) -> HostFuture<Result<String, String>> {
        match self.answered("sample", key, sampled) {
            (_, Some(text)) => Box::pin(std::future::ready(Ok(text))),
            (key, None) => self.client.sample_as(Some(&key), prompt, max_tokens),
        }
    }

    fn roots(&self, key: Option<&str>) -> HostFuture<Result<Vec<Root>, String>> {
        match self.answered("roots", key, listed_roots) {
            (_, Some(roots)) => Box::pin(std::future::ready(Ok(roots))),
            (key, None) => self.client.roots(Some(&key)),
        }
    }
}
