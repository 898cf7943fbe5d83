//! The server's own answers as rmcp's [`ServerHandler`]: `initialize`'s
//! info, `tools/list`, logging, tasks, and a `tools/call` rmcp's typed
//! request refuses; `tools/call` itself is answered in
//! [`call_tool`](super::call_tool), and the rest goes to the user's
//! handler through the [delegated requests](super::forward).

use rmcp::model::{
    CallToolRequestMethod, CancelTaskParams, ConstString, CustomRequest, CustomResult, ErrorCode,
    GetTaskParams, GetTaskResult, InitializeRequestParams, InitializeResult, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, UpdateTaskParams,
};
// Logging is deprecated for protocol versions to come; clients still use it.
#[allow(deprecated)]
use rmcp::model::SetLevelRequestParams;
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;

use super::forward::{answered_requests, delegated_requests};
use super::{Server, speaks_2026_07_28};
use crate::host;
use crate::mcp::call::tasks;
use crate::mcp::transport::{self, json_type};

/// rmcp's handler, every method from the two lists: those the server
/// answers itself, below, and those the user's handler answers.
impl ServerHandler for Server {
    answered_requests!(inherent);
    delegated_requests!(forward delegate);
}

/// The answers of [`answered_requests!`], each under its `ServerHandler`
/// name; `tools/call`'s is in [`call_tool`](super::call_tool).
impl Server {
    fn get_info(&self) -> ServerConfig {
        #[allow(deprecated)]
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_logging()
            .build();
        // The handler's resources, prompts and completions beside our tools.
        let theirs = self.delegate.info();
        let mut capabilities = capabilities;
        capabilities.resources = theirs.capabilities.resources;
        capabilities.prompts = theirs.capabilities.prompts;
        capabilities.completions = theirs.capabilities.completions;
        if self.tools.may_change()
            && let Some(tools) = &mut capabilities.tools
        {
            tools.list_changed = Some(true);
        }
        if self
            .tools
            .current()
            .tools()
            .any(|tool| tool.hints().task.allowed())
        {
            tasks::advertise(&mut capabilities);
        }
        let config = ServerConfig::new(capabilities).with_server_info(self.implementation.clone());
        match self
            .instructions
            .as_deref()
            .or(theirs.instructions.as_deref())
        {
            Some(instructions) => config.with_instructions(instructions),
            None => config,
        }
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut listed = ListToolsResult::with_all_items(self.tools.listed().to_vec());
        // Older clients have no such fields; rmcp fills in `0` and
        // `private` for newer ones when no hint is given.
        if let Some((ttl_ms, scope)) = self.tools_cache
            && speaks_2026_07_28(context.protocol_version().as_ref())
        {
            listed.ttl_ms = Some(ttl_ms);
            listed.cache_scope = Some(scope);
        }
        Ok(listed)
    }

    fn get_tool(&self, name: &str) -> Option<rmcp::model::Tool> {
        self.tools
            .listed()
            .iter()
            .find(|tool| tool.name == name)
            .cloned()
    }

    /// `initialize`, as rmcp answers it. A replica serves a session from
    /// here on, opened here or on another replica (which replays its
    /// `initialize`), whichever replica its client's `initialized`
    /// reaches: the bus hands it the session's messages, and it tells the
    /// client when the tools change.
    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        #[cfg(all(feature = "redis", feature = "mcp-http"))]
        if let Some((bus, session)) = self.replicated(&context.extensions) {
            bus.joined(session, context.peer.clone());
            self.tools.joined(context.peer.clone());
        }
        context.peer.set_peer_info(request.clone());
        ServerHandler::negotiate_initialize(self, &request)
    }

    /// The client is ready: it hears when the tools change (a replica's
    /// session heard from its `initialize` on).
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        #[cfg(all(feature = "redis", feature = "mcp-http"))]
        if self.replicated(&context.extensions).is_some() {
            return;
        }
        self.tools.joined(context.peer);
    }

    /// The bus and the session of a message in a session that replicas
    /// share.
    #[cfg(all(feature = "redis", feature = "mcp-http"))]
    fn replicated<'a>(
        &'a self,
        extensions: &'a rmcp::model::Extensions,
    ) -> Option<(&'a crate::mcp::redis::Bus, &'a str)> {
        let bus = self.bus.as_deref()?;
        Some((bus, crate::mcp::redis::session_of(extensions)?))
    }

    /// `logging/setLevel`: log messages less severe than `level` are no
    /// longer sent.
    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.log_level.set(request.level);
        #[cfg(all(feature = "redis", feature = "mcp-http"))]
        crate::mcp::redis::keep_level(self.levels.as_deref(), &context, request.level).await?;
        let _ = context;
        Ok(())
    }

    /// `tasks/get`: the task as it stands, its result or error inlined
    /// once it settled; another caller's task is unknown.
    async fn get_task(
        &self,
        request: GetTaskParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let owner = self.owner(&mut context);
        tasks::get(self.tasks.as_ref(), &owner, &request.task_id)
            .await
            .map(GetTaskResult::new)
    }

    /// `tasks/update`: answers to a task's input requests, for its
    /// runner; another caller's task is unknown.
    async fn update_task(
        &self,
        request: UpdateTaskParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let owner = self.owner(&mut context);
        let responses = request.input_responses.into_iter().collect();
        tasks::update(self.tasks.as_ref(), &owner, &request.task_id, responses).await
    }

    /// `tasks/cancel`: cancels the task's call; the task settles
    /// `cancelled`.
    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let owner = self.owner(&mut context);
        tasks::cancel(self.tasks.as_ref(), &owner, &request.task_id).await
    }

    /// A `tools/call` whose `arguments` is not an object reaches here, as
    /// rmcp's typed request refuses it: answer it as a call, so the model
    /// reads `Invalid arguments: must be an object, got string "x"`.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        if request.method != CallToolRequestMethod::VALUE {
            return Err(ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                format!("Method not found: {}", host::quoted_name(&request.method)),
                None,
            ));
        }
        let params = request.params.as_ref();
        let name = match params.map(|p| p.get("name")) {
            None => return Err(call_refused("tools/call needs params with a tool \"name\"")),
            Some(None) => return Err(call_refused("tools/call params need a tool \"name\"")),
            Some(Some(Value::String(name))) => name.as_str(),
            Some(Some(other)) => {
                return Err(call_refused(format!(
                    "the tool \"name\" must be a string, got {}",
                    json_type(other)
                )));
            }
        };
        // The fields of a round and of a task, mistyped: named, never
        // read as absent.
        if let Some(line) = params.and_then(transport::mistyped) {
            return Err(call_refused(line));
        }
        let arguments = params.and_then(|p| p.get("arguments")).cloned();
        let mut result = self.call(name, arguments.unwrap_or(Value::Null)).await?;
        // Sent as a plain JSON value: keep the shape every protocol version reads.
        result.result_type = None;
        let value = serde_json::to_value(result)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(CustomResult::new(value))
    }
}

/// `-32602 Invalid params` for a `tools/call` that names no tool.
fn call_refused(message: impl Into<String>) -> ErrorData {
    ErrorData::invalid_params(message.into(), None)
}
