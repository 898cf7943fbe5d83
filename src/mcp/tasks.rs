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

use rmcp::ErrorData;
use rmcp::RoleServer;
use rmcp::model::{
    CallToolResult, CreateTaskResult, ErrorCode, ServerCapabilities, TASKS_EXTENSION_ID,
};
use rmcp::service::RequestContext;
use rmcp::task_manager::{TaskContext, TaskExit, TaskManager, TaskOptions};
use serde_json::{Map, Value};
use toolsmith_runtime::{Call, CallError, ToolRef, ToolSet};

use super::client_call::{Notes, forwarding};
use super::server::{answer, cancelled_by};
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

/// Starts the call of tool `name` as a task on `manager`; its answer is
/// the task as it starts, `working`.
pub(crate) fn start(
    manager: &TaskManager,
    tools: Arc<ToolSet>,
    name: String,
    arguments: Value,
    (call, notes): (Call, Notes),
) -> CreateTaskResult {
    let task = manager.spawn(TaskOptions::new(), move |task| {
        Box::pin(run(tools, name, arguments, call, notes, task))
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
        result => Ok(answer(&tool, outcome(tool, result))),
    }
}
