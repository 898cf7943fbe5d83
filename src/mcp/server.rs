//! The MCP server itself, one type for every context: the tools of a set
//! whose context is already bound, answering `initialize`, `tools/list`
//! and `tools/call` as rmcp's [`ServerHandler`], and served on
//! newline-delimited streams (the HTTP endpoint serves it too). An
//! [`McpServer`](crate::mcp::McpServer) of any context hands its work
//! here, so rmcp's service loop is compiled once, in this crate.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::model::{
    CacheScope, CallToolRequestMethod, CallToolRequestParams, CallToolResponse, CallToolResult,
    ConstString, ContentBlock, CustomRequest, CustomResult, ErrorCode, Implementation,
    ListToolsResult, PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::model::{CancelTaskParams, GetTaskParams, GetTaskResult, UpdateTaskParams};
use rmcp::model::{
    CompleteRequestParams, CompleteResult, GetPromptRequestParams, GetPromptResponse,
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ReadResourceRequestParams,
    ReadResourceResponse, SubscribeRequestParams, SubscriptionFilter, UnsubscribeRequestParams,
};
// Logging is deprecated for protocol versions to come; clients still use it.
#[allow(deprecated)]
use rmcp::model::SetLevelRequestParams;
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Value, json};
use toolsmith_runtime::{Call, ToolSet};

use super::answer::{answer, cancelled_by, structured_for};
use super::client_call::{self, forwarding};
use super::delegate::{Delegate, NoHandler};
use super::dynamic::LiveTools;
use super::input_required::{Answers, Ended, Rounds, until_wanting};
use super::tasks;
use super::transport::{Input, LineTransport, Output};
use crate::host;

/// A server at work, until its input ends (or, over HTTP, until it is
/// stopped). Boxed, so that a caller generic over a context holds it
/// without compiling any of it again.
pub(crate) type Serving = Pin<Box<dyn Future<Output = std::io::Result<()>> + Send>>;

/// The tools, as `tools/list` lists them and `tools/call` runs them, and
/// how the server is served. A clone shares the tools.
#[derive(Clone)]
pub(crate) struct Server {
    /// The tools as they stand, changed by a `ToolsHandle`.
    pub(crate) tools: Arc<LiveTools>,
    implementation: Implementation,
    /// How to use the server, for the client's model (`instructions`).
    instructions: Option<Arc<str>>,
    /// Where every request but tools and logging goes.
    delegate: Arc<dyn Delegate>,
    /// The least severe log message sent, as `logging/setLevel` last said.
    log_level: Arc<client_call::LogFloor>,
    /// The seal of `input_required` rounds.
    rounds: Arc<Rounds>,
    /// The longest line read on stdio, and body over HTTP.
    pub(crate) max_line: usize,
    /// The calls running as tasks, and those settled, for `tasks/get`.
    tasks: rmcp::task_manager::TaskManager,
    /// How many calls may run as tasks at once.
    pub(crate) max_tasks: usize,
    /// How long, and for whom, a client may cache `tools/list` (2026-07-28).
    tools_cache: Option<(u64, CacheScope)>,
}

impl Server {
    /// A server for `tools`, whose plain `fn` tools run on tokio's blocking
    /// pool unless the set has a blocking executor of its own.
    pub(crate) fn new(tools: ToolSet) -> Self {
        let tools = host::on_tokio_pool(tools);
        let max_line = default_max_line(tools.limits().max_bytes);
        Server {
            tools: Arc::new(LiveTools::new(tools)),
            implementation: Implementation::new("toolsmith", env!("CARGO_PKG_VERSION")),
            instructions: None,
            delegate: Arc::new(NoHandler),
            log_level: Arc::default(),
            rounds: Arc::new(Rounds::new()),
            max_line,
            tasks: rmcp::task_manager::TaskManager::new(),
            max_tasks: DEFAULT_MAX_TASKS,
            tools_cache: None,
        }
    }

    /// The server for one more session: the same tools, rounds and tasks,
    /// and a log level of its own, `debug` until `logging/setLevel` says
    /// otherwise.
    pub(crate) fn for_session(&self) -> Server {
        Server {
            log_level: Arc::default(),
            ..self.clone()
        }
    }

    pub(crate) fn set_tools_cache(&mut self, ttl_ms: u64, scope: CacheScope) {
        self.tools_cache = Some((ttl_ms, scope));
    }

    pub(crate) fn set_server_info(&mut self, name: String, version: String) {
        self.implementation.name = name;
        self.implementation.version = version;
    }

    pub(crate) fn set_implementation(&mut self, implementation: Implementation) {
        self.implementation = implementation;
    }

    pub(crate) fn set_delegate(&mut self, delegate: Arc<dyn Delegate>) {
        self.delegate = delegate;
    }

    pub(crate) fn set_instructions(&mut self, instructions: String) {
        self.instructions = Some(instructions.into());
    }

    /// The tools as `tools/list` gives them.
    pub(crate) fn list(&self) -> Arc<[rmcp::model::Tool]> {
        self.tools.listed()
    }

    /// Answers a `tools/call`: an unknown tool is a JSON-RPC error listing
    /// the names; bad input and a failing function are results with
    /// `isError: true`.
    pub(crate) async fn call(
        &self,
        name: &str,
        arguments: Value,
    ) -> Result<CallToolResult, ErrorData> {
        self.call_in(name, arguments, Call::detached()).await
    }

    /// The call `(name, arguments)` started as a task, its host the one a
    /// plain call of this request has, `answered` what the rounds before
    /// it answered.
    fn start_task(
        &self,
        context: &RequestContext<RoleServer>,
        tools: &Arc<ToolSet>,
        call: (String, Value),
        answered: Answers,
        any_structured: bool,
    ) -> CallToolResponse {
        let client = client_call::host_for_request(context, &self.log_level, None);
        let tools = Arc::clone(tools);
        let task = tasks::start(&self.tasks, tools, call, client, answered, any_structured);
        CallToolResponse::Task(task)
    }

    /// [`call`](Self::call) as part of `call`.
    pub(crate) async fn call_in(
        &self,
        name: &str,
        arguments: Value,
        call: Call,
    ) -> Result<CallToolResult, ErrorData> {
        let tools = self.tools.current();
        let tool = tools.tool(name).map_err(|unknown| {
            ErrorData::invalid_params(
                unknown.to_string(),
                Some(json!({ "available": unknown.available() })),
            )
        })?;
        Ok(answer(
            &tool,
            host::call_in(tool, arguments, (), call).await,
        ))
    }

    /// Serves on a pair of byte streams, one JSON-RPC message per line,
    /// until `read` ends; every line gets an answer.
    pub(crate) fn serve_lines(self, read: Input, write: Output) -> Serving {
        Box::pin(async move {
            let transport = LineTransport::new(read, write, self.max_line);
            let running = self.serve(transport).await.map_err(std::io::Error::other)?;
            running.waiting().await.map_err(std::io::Error::other)?;
            Ok(())
        })
    }
}

/// Whether a client on `version` speaks 2026-07-28 or later: it reads
/// `structuredContent` of any JSON type and cache hints, as rmcp decides it
/// for the answer it sends.
fn speaks_2026_07_28(version: Option<&ProtocolVersion>) -> bool {
    version.is_some_and(|version| version.as_str() >= ProtocolVersion::V_2026_07_28.as_str())
}

/// How many calls may run as tasks at once, by default.
const DEFAULT_MAX_TASKS: usize = 64;

/// Four times the argument cap and 64 KiB.
fn default_max_line(max_bytes: usize) -> usize {
    max_bytes.saturating_mul(4).saturating_add(64 * 1024)
}

impl ServerHandler for Server {
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

    /// The client is ready: it hears when the tools change.
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.tools.joined(context.peer);
    }

    /// `logging/setLevel`: log messages less severe than `level` are no
    /// longer sent.
    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.log_level.set(request.level);
        Ok(())
    }

    /// Runs the call as part of a [`Call`] for this request: progress and
    /// logs go to the client, `notifications/cancelled` cancels it (rmcp
    /// then sends no answer, as the protocol says). For a client asked in
    /// rounds, a request the tool makes that the client has not answered
    /// ends the call with an `input_required` result, and a call that
    /// fails after a request the client declared no capability for is
    /// `-32021`, naming the capability.
    ///
    /// A tool that runs as a task, called by a client that takes tasks, is
    /// one at once; one that asks first is a plain call in rounds until it
    /// becomes a task or answers, and that round is answered with the task.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = request.arguments.map_or(Value::Null, Value::Object);
        let any_structured = speaks_2026_07_28(context.protocol_version().as_ref());
        let tools = self.tools.current();
        let tool = tools.tool(&request.name).ok();
        let as_task = tool
            .as_ref()
            .is_some_and(|tool| tasks::wanted(tool, &context));
        if let Some(tool) = &tool
            && tool.hints().task.required()
            && !as_task
        {
            return Err(tasks::refusal(tool));
        }
        if as_task && self.tasks.running_task_count() >= self.max_tasks {
            let line = format!(
                "{} was not started: the server runs as many tasks as it may ({}); call again once one has settled",
                request.name, self.max_tasks
            );
            return Ok(CallToolResponse::from(CallToolResult::error(vec![
                ContentBlock::text(line),
            ])));
        }
        let input_first = as_task && tool.as_ref().is_some_and(|tool| tool.hints().asks_first());
        // The state of a round holds for this tool with these arguments only.
        let bound = json!(["tools/call", request.name, arguments]).to_string();
        let round = if !as_task || input_first {
            self.rounds.open(
                &context,
                &bound,
                request.input_responses,
                request.request_state.as_deref(),
            )?
        } else {
            None
        };
        let name = request.name.into_owned();
        let round = match round {
            // A task at once: its questions wait in it.
            None if as_task => {
                let call = (name, arguments);
                return Ok(self.start_task(&context, &tools, call, Answers::new(), any_structured));
            }
            None => None,
            Some(round) if as_task => Some(Arc::new(round.before_task())),
            Some(round) => Some(Arc::new(round)),
        };
        // What the task that the rounds end in runs again.
        let again = as_task.then(|| arguments.clone());
        let (call, notes) = client_call::for_request(&context, &self.log_level, round.clone());
        let handle = call.handle();
        let answer = self.call_in(&name, arguments, call);
        let answer = cancelled_by(context.ct.clone().cancelled_owned(), handle.clone(), answer);
        let Some(round) = round else {
            return forwarding(answer, notes)
                .await
                .map(|result| CallToolResponse::from(structured_for(result, any_structured)));
        };
        match forwarding(until_wanting(answer, &round, handle), notes).await {
            Ended::Answered(Ok(result)) if result.is_error == Some(true) => match round.refusal() {
                Some(refusal) => Err(refusal),
                None if as_task => Ok(CallToolResponse::Task(tasks::settled(&self.tasks, result))),
                None => Ok(CallToolResponse::from(result)),
            },
            Ended::Answered(Ok(result)) if as_task => {
                let result = structured_for(result, any_structured);
                Ok(CallToolResponse::Task(tasks::settled(&self.tasks, result)))
            }
            Ended::Answered(answer) => {
                answer.map(|result| CallToolResponse::from(structured_for(result, any_structured)))
            }
            Ended::Wanting => Ok(CallToolResponse::InputRequired(self.rounds.result(&round))),
            // The task runs the call again, with what the rounds answered.
            Ended::BecomingTask => {
                let call = (name, again.unwrap_or_default());
                let answered = round.answers_used();
                Ok(self.start_task(&context, &tools, call, answered, any_structured))
            }
        }
    }

    /// `tasks/get`: the task as it stands, its result or error inlined
    /// once it settled.
    async fn get_task(
        &self,
        request: GetTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        self.tasks
            .get_task(&request.task_id)
            .map(GetTaskResult::new)
    }

    /// `tasks/update`: answers to a task's input requests (ours ask the
    /// client directly, so there are none to match).
    async fn update_task(
        &self,
        request: UpdateTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks
            .update_task(&request.task_id, request.input_responses)
    }

    /// `tasks/cancel`: cancels the task's call; the task settles
    /// `cancelled`.
    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks.cancel_task(&request.task_id)
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        self.delegate.complete(request, context).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        self.delegate.get_prompt(request, context).await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        self.delegate.list_prompts(request, context).await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        self.delegate.list_resources(request, context).await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        self.delegate
            .list_resource_templates(request, context)
            .await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        self.delegate.read_resource(request, context).await
    }

    #[allow(deprecated)]
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.delegate.subscribe(request, context).await
    }

    #[allow(deprecated)]
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.delegate.unsubscribe(request, context).await
    }

    /// `subscriptions/listen` (2026-07-28): the handler's to accept, for
    /// what it advertises (the tools of a set do not change).
    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.delegate.accepted_subscription_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.delegate.listen(context).await
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

/// `string`, `number`, ..: a JSON value's type, for messages.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}
