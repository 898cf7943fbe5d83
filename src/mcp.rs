//! MCP: a [`ToolSet`] served as a Model Context Protocol server, on the
//! official [`rmcp`] crate (feature `mcp`).
//!
//! - `tools/list` gives each tool's name, description, `inputSchema` (the
//!   canonical schema), `outputSchema` where known and `annotations`
//!   (`title`, `readOnlyHint`, ..) where the tool gives any.
//! - `tools/call` validates first. Bad input is a result with
//!   `isError: true` and one text block per problem; a failing function is
//!   `isError: true` with `<tool> failed: <message>`, a panicking one
//!   `<tool> failed: the tool panicked`; an unknown tool is a JSON-RPC error
//!   (`-32602`) that lists the available names, and so is a `tools/call`
//!   without a string `name`. `arguments` missing or `null` is taken as
//!   `{}`; any other non-object is a line.
//! - Arguments are capped by the set's [`Limits`](toolsmith_runtime::Limits)
//!   (1 MiB and 128 levels by default): a larger call is answered
//!   `Invalid arguments: larger than the limit of 1048576 bytes`.
//! - Plain `fn` tools run on tokio's blocking pool (unless the set has a
//!   [blocking executor](ToolSet::with_blocking_executor) of its own), so a
//!   slow one never holds up `tools/list` or other calls.
//!
//! On stdio every line gets an answer: a line that is not JSON gets
//! `-32700 Parse error` with the reason, JSON that is no JSON-RPC message
//! and a line over [`max_line_bytes`](McpServer::with_max_line_bytes) get
//! `-32600 Invalid Request`, each with the request's `id` when it can be
//! read from the line and `null` otherwise:
//!
//! ```text
//! {"jsonrpc":"2.0","id":7,"error":{"code":-32700,"message":"Parse error: number out of range at line 1 column 63"}}
//! ```
//!
//! ```no_run
//! # async fn serve(tools: toolsmith::ToolSet) -> std::io::Result<()> {
//! toolsmith::mcp::McpServer::new(tools).serve_stdio().await
//! # }
//! ```
//!
//! # Streamable HTTP
//!
//! With the feature `mcp-http`, the same server answers at
//! `http://ADDR/mcp` on rmcp's Streamable HTTP transport, with the same
//! answers: the same argument cap, lines and unknown-tool error. A body is
//! checked as a stdio line is: one that is not JSON is answered `400` with
//! `-32700 Parse error` and the reason, JSON that is no JSON-RPC message
//! `400` with `-32600 Invalid Request`, a body over
//! [`max_line_bytes`](McpServer::with_max_line_bytes) `413` with `-32600`;
//! another path is answered `404`, a `Host` that is not
//! [allowed](HttpOptions::allowed_hosts) `403`. By default each client gets
//! a session (`Mcp-Session-Id`), kept in the server's memory;
//! [`HttpOptions::stateless`] serves each request on its own, so that
//! replicas behind a load balancer can share the traffic.
//! [`HttpServer::serve_with_shutdown`] stops taking connections when its
//! signal comes, answers every request already received, then closes the
//! sessions.
//!
//! ```no_run
//! # async fn serve(tools: toolsmith::ToolSet) -> std::io::Result<()> {
//! use toolsmith::mcp::{HttpOptions, McpServer, shutdown_signal};
//!
//! let server = McpServer::new(tools)
//!     .with_http_options(HttpOptions::new().stateless(true))
//!     .bind_http("127.0.0.1:8080")
//!     .await?;
//! eprintln!("serving at {}", server.url()); // http://127.0.0.1:8080/mcp
//! server.serve_with_shutdown(shutdown_signal()).await // Ctrl-C or SIGTERM
//! # }
//! ```

#[cfg(feature = "mcp-http")]
mod http;
mod recover_id;
mod transport;

#[cfg(feature = "mcp-http")]
pub use http::{HttpOptions, HttpServer, shutdown_signal};

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestMethod, CallToolRequestParams, CallToolResponse, CallToolResult, ConstString,
    ContentBlock, CustomRequest, CustomResult, ErrorCode, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncRead, AsyncWrite};
use toolsmith_runtime::{BlockingJob, CallError, ToolAnnotations, ToolError, ToolSet};

use crate::function_calling::{failed_line, result_text};

/// An MCP server handler over a [`ToolSet`]: give it to
/// [`rmcp::ServiceExt::serve`] with any transport, or call
/// [`serve_stdio`](McpServer::serve_stdio) (or, with the feature
/// `mcp-http`, `serve_http`). A clone shares the tools.
#[derive(Clone)]
pub struct McpServer<C = ()> {
    tools: Arc<ToolSet<C>>,
    listed: Arc<[rmcp::model::Tool]>,
    ctx: C,
    implementation: Implementation,
    max_line: usize,
    #[cfg(feature = "mcp-http")]
    http: HttpOptions,
}

impl McpServer<()> {
    /// A server for tools that take no context.
    pub fn new(tools: ToolSet) -> Self {
        McpServer::with_context(tools, ())
    }
}

impl<C: Clone + Send + Sync + 'static> McpServer<C> {
    /// A server that hands a clone of `ctx` to every call. Plain `fn`
    /// tools run on tokio's blocking pool unless the set has a blocking
    /// executor of its own.
    pub fn with_context(tools: ToolSet<C>, ctx: C) -> Self {
        let tools = if tools.has_blocking_executor() {
            tools
        } else {
            tools.with_blocking_executor(spawn_blocking)
        };
        let listed = tools.tools().map(|tool| describe(&tool)).collect();
        let max_line = default_max_line(tools.limits().max_bytes);
        McpServer {
            tools: Arc::new(tools),
            listed,
            ctx,
            implementation: Implementation::new("toolsmith", env!("CARGO_PKG_VERSION")),
            max_line,
            #[cfg(feature = "mcp-http")]
            http: HttpOptions::default(),
        }
    }

    /// The longest line read on stdio (and, with `mcp-http`, the largest
    /// request body over HTTP); a longer one is answered
    /// `-32600 Invalid Request` without being held in memory. By default
    /// four times the set's [`Limits::max_bytes`](toolsmith_runtime::Limits)
    /// and 64 KiB (room for the envelope and escaped text), 4,259,840 bytes
    /// with the default limits, so that a call a little over the argument
    /// cap is answered with the line that names the cap.
    pub fn with_max_line_bytes(mut self, max: usize) -> Self {
        self.max_line = max;
        self
    }

    /// The name and version the server gives in `initialize`
    /// (`toolsmith` and its version by default).
    pub fn with_server_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.implementation = Implementation::new(name, version);
        self
    }

    /// The tools as `tools/list` gives them.
    pub fn list(&self) -> &[rmcp::model::Tool] {
        &self.listed
    }

    /// Answers a `tools/call`: validate, then run.
    ///
    /// An unknown tool is `Err`, a JSON-RPC error listing the names; bad
    /// input and a failing function are `Ok` results with `isError: true`.
    /// `arguments` `null` is taken as `{}`.
    pub async fn call(&self, name: &str, arguments: Value) -> Result<CallToolResult, ErrorData> {
        let tool = self.tools.tool(name).map_err(|unknown| {
            ErrorData::invalid_params(
                unknown.to_string(),
                Some(json!({ "available": unknown.available() })),
            )
        })?;
        let args = match arguments {
            Value::Null => Value::Object(Map::new()),
            other => other,
        };
        Ok(match tool.call(args, self.ctx.clone()).await {
            Ok(value) => {
                let text = ContentBlock::text(result_text(&value));
                let mut result = CallToolResult::success(vec![text]);
                if object_output(&tool).is_some() {
                    result.structured_content = Some(value);
                }
                result
            }
            Err(CallError::Input(err)) => {
                CallToolResult::error(err.lines().into_iter().map(ContentBlock::text).collect())
            }
            Err(CallError::Failed(err)) => CallToolResult::error(vec![ContentBlock::text(
                failed_line(tool.name(), err.message()),
            )]),
        })
    }

    /// Serves the tools on standard input and output until the client
    /// closes the connection.
    pub async fn serve_stdio(self) -> std::io::Result<()> {
        self.serve_lines(tokio::io::stdin(), tokio::io::stdout())
            .await
    }

    /// Serves the tools on any pair of byte streams, one JSON-RPC message
    /// per line as on stdio, until `read` ends. Every line gets an answer,
    /// those that do not parse included.
    pub async fn serve_lines<R, W>(self, read: R, write: W) -> std::io::Result<()>
    where
        R: AsyncRead + Send + Unpin + 'static,
        W: AsyncWrite + Send + Unpin + 'static,
    {
        let transport = transport::LineTransport::new(read, write, self.max_line);
        let running = self.serve(transport).await.map_err(std::io::Error::other)?;
        running.waiting().await.map_err(std::io::Error::other)?;
        Ok(())
    }
}

/// Four times the argument cap and 64 KiB.
fn default_max_line(max_bytes: usize) -> usize {
    max_bytes.saturating_mul(4).saturating_add(64 * 1024)
}

/// Runs a blocking job on tokio's blocking pool.
async fn spawn_blocking(job: BlockingJob) -> Result<Value, ToolError> {
    tokio::task::spawn_blocking(job)
        .await
        .unwrap_or_else(|_| Err(ToolError::new("the tool did not finish")))
}

/// A tool as `tools/list` describes it.
fn describe<C>(tool: &toolsmith_runtime::ToolRef<'_, C>) -> rmcp::model::Tool {
    let mut listed = rmcp::model::Tool::new(
        tool.name().to_owned(),
        tool.description().to_owned(),
        Arc::new(as_object(tool.input_schema())),
    );
    if let Some(output) = object_output(tool) {
        listed = listed.with_raw_output_schema(Arc::new(as_object(output)));
    }
    let hints = tool.annotations();
    if !hints.is_empty() {
        listed = listed.with_annotations(annotations(hints));
    }
    listed
}

/// The hints as MCP tool annotations.
fn annotations(hints: &ToolAnnotations) -> rmcp::model::ToolAnnotations {
    let mut out = rmcp::model::ToolAnnotations::new();
    out.title = hints.title.as_ref().map(|title| title.to_string());
    out.read_only_hint = hints.read_only;
    out.destructive_hint = hints.destructive;
    out.idempotent_hint = hints.idempotent;
    out.open_world_hint = hints.open_world;
    out
}

/// The output schema where MCP can carry it: `structuredContent` is an
/// object (through protocol version 2025-11-25), so only object schemas are
/// advertised; other results travel as text alone.
fn object_output<'a, C>(tool: &toolsmith_runtime::ToolRef<'a, C>) -> Option<&'a Value> {
    tool.output_schema()
        .filter(|schema| schema.get("type") == Some(&json!("object")))
}

/// A schema as a JSON object; `true` is `{}`, `false` is `{"not": {}}`.
fn as_object(schema: &Value) -> Map<String, Value> {
    match schema {
        Value::Object(map) => map.clone(),
        Value::Bool(false) => Map::from_iter([("not".to_owned(), json!({}))]),
        _ => Map::new(),
    }
}

impl<C: Clone + Send + Sync + 'static> ServerHandler for McpServer<C> {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(self.implementation.clone())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.listed.to_vec()))
    }

    fn get_tool(&self, name: &str) -> Option<rmcp::model::Tool> {
        self.listed.iter().find(|tool| tool.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = request.arguments.map_or(Value::Null, Value::Object);
        self.call(&request.name, arguments)
            .await
            .map(CallToolResponse::from)
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
                format!("Method not found: {}", quoted(&request.method)),
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

/// A name the client sent, sanitized, cut short and quoted.
fn quoted(text: &str) -> String {
    let clean = toolsmith_runtime::sanitize_line(text);
    let cut: String = clean.chars().take(64).collect();
    let ellipsis = if cut.len() < clean.len() { "…" } else { "" };
    format!("\"{cut}{ellipsis}\"")
}

/// Serves `tools` (no context) on standard input and output until the
/// client closes the connection.
pub async fn serve_stdio(tools: ToolSet) -> std::io::Result<()> {
    McpServer::new(tools).serve_stdio().await
}
