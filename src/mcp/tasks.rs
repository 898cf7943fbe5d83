//! MCP's tasks extension (`io.modelcontextprotocol/tasks`): a tool that
//! [runs as a task](toolsmith_runtime::Tool::runs_as_task), called by a
//! client that declared the extension, is answered at once with the task
//! (`resultType: "task"`), runs on, and is polled with `tasks/get`.
//!
//! How the call ends decides how the task settles: a result, bad input or
//! a failing function is `completed`, with the `tools/call` result a plain
//! call would have got (`isError: true` for the last two); a panic is
//! `failed`, with the JSON-RPC error inlined; `tasks/cancel` cancels the
//! tool's [`Call`] and the task settles `cancelled`.
//!
//! rmcp's [`TaskManager`] keeps the tasks: their ids, states, TTL (five
//! minutes by default) and the cooperative cancel.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::ErrorData;
use rmcp::RoleServer;
use rmcp::model::{
    CallToolResult, CreateTaskResult, ElicitRequest, ElicitRequestParams, ElicitResult,
    ElicitationAction, ErrorCode, InputRequest, ServerCapabilities, TASKS_EXTENSION_ID,
};
use rmcp::service::RequestContext;
use rmcp::task_manager::{TaskContext, TaskExit, TaskManager, TaskOptions};
use serde_json::{Map, Value};
use toolsmith_runtime::{
    Call, CallError, CallHost, HostFuture, LogLevel, Progress, Reply, ToolRef, ToolSet,
};

use super::answer::{answer, cancelled_by, structured_for};
use super::client_call::{Notes, forwarding};
use crate::host::outcome;

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
    tool.runs_as_task()
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

/// Starts the call of tool `name` as a task on `manager`; its answer is
/// the task as it starts, `working`. `client` is the host a plain call
/// would have had.
pub(crate) fn start(
    manager: &TaskManager,
    tools: Arc<ToolSet>,
    name: String,
    arguments: Value,
    (client, notes): (Arc<dyn CallHost>, Notes),
    any_structured: bool,
) -> CreateTaskResult {
    let task = manager.spawn(TaskOptions::new(), move |task| {
        let host = TaskHost {
            client,
            task: task.clone(),
            asked: AtomicU64::new(0),
        };
        let call = Call::new(Arc::new(host));
        Box::pin(run(
            tools,
            name,
            arguments,
            call,
            notes,
            task,
            any_structured,
        ))
    });
    CreateTaskResult::new(task)
}

/// The task's work: the call, cancelled by `tasks/cancel`, its
/// notifications sent as a plain call's are.
async fn run(
    tools: Arc<ToolSet>,
    name: String,
    arguments: Value,
    call: Call,
    notes: Notes,
    task: TaskContext,
    any_structured: bool,
) -> Result<CallToolResult, TaskExit> {
    let tool = tools
        .tool(&name)
        .map_err(|unknown| TaskExit::Error(ErrorData::invalid_params(unknown.to_string(), None)))?;
    let arguments = match arguments {
        Value::Null => Value::Object(Map::new()),
        other => other,
    };
    let handle = call.handle();
    let called = cancelled_by(task.cancelled(), handle, tool.call_in(arguments, (), call));
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
/// goes to the client as a plain call's does.
struct TaskHost {
    client: Arc<dyn CallHost>,
    task: TaskContext,
    /// How many questions the task asked, for their keys.
    asked: AtomicU64,
}

impl CallHost for TaskHost {
    fn progress(&self, progress: &Progress) {
        self.client.progress(progress);
    }

    fn log(&self, level: LogLevel, message: &str) {
        self.client.log(level, message);
    }

    fn sample(&self, prompt: &str, max_tokens: u32) -> HostFuture<Result<String, String>> {
        self.client.sample(prompt, max_tokens)
    }

    fn ask(&self, message: &str, schema: &Value) -> HostFuture<Result<Reply, String>> {
        let key = format!("ask-{}", self.asked.fetch_add(1, Ordering::Relaxed) + 1);
        let task = self.task.clone();
        let message = message.to_owned();
        let schema = schema.clone();
        Box::pin(async move {
            let requested_schema = serde_json::from_value(schema)
                .map_err(|err| format!("the form cannot be asked: {err}"))?;
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message,
                requested_schema,
            };
            let request = InputRequest::Elicitation(ElicitRequest::new(params));
            match task.request_input(key, request).await {
                Ok(answer) => reply(answer),
                Err(TaskExit::Cancelled) => Ok(Reply::Cancelled),
                Err(TaskExit::Error(err)) => {
                    Err(format!("asking the user failed: {}", err.message))
                }
            }
        })
    }
}

/// The client's answer to a question, as `tasks/update` brought it (an
/// `elicitation/create` result).
fn reply(answer: Value) -> Result<Reply, String> {
    let result: ElicitResult = serde_json::from_value(answer)
        .map_err(|err| format!("the client's answer is no elicitation result: {err}"))?;
    Ok(match result.action {
        ElicitationAction::Accept => Reply::Accepted(result.content.unwrap_or(Value::Null)),
        ElicitationAction::Decline => Reply::Declined,
        _ => Reply::Cancelled,
    })
}
