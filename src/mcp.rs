//! MCP: a [`ToolSet`] served as a Model Context Protocol server, on the
//! official [`rmcp`] crate (feature `mcp`).
//!
//! - `tools/list` gives each tool's name, description, `inputSchema` (the
//!   canonical schema) and `outputSchema` where known.
//! - `tools/call` validates first. Bad input is a result with
//!   `isError: true` and one text block per problem; a failing function is
//!   `isError: true` with `<tool> failed: <message>`; an unknown tool is a
//!   JSON-RPC error (`-32602`) that lists the available names. `arguments`
//!   missing or `null` is taken as `{}`; any other non-object is a line.
//!
//! ```no_run
//! # async fn serve(tools: toolsmith::ToolSet) -> std::io::Result<()> {
//! toolsmith::mcp::McpServer::new(tools).serve_stdio().await
//! # }
//! ```

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestMethod, CallToolRequestParams, CallToolResponse, CallToolResult, ConstString,
    ContentBlock, CustomRequest, CustomResult, ErrorCode, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};
use toolsmith_runtime::{CallError, ToolSet};

use crate::function_calling::{failed_line, result_text};

/// An MCP server handler over a [`ToolSet`]: give it to
/// [`rmcp::ServiceExt::serve`] with any transport, or call
/// [`serve_stdio`](McpServer::serve_stdio).
pub struct McpServer<C = ()> {
    tools: Arc<ToolSet<C>>,
    listed: Arc<[rmcp::model::Tool]>,
    ctx: C,
    implementation: Implementation,
}

impl McpServer<()> {
    /// A server for tools that take no context.
    pub fn new(tools: ToolSet) -> Self {
        McpServer::with_context(tools, ())
    }
}

impl<C: Clone + Send + Sync + 'static> McpServer<C> {
    /// A server that hands a clone of `ctx` to every call.
    pub fn with_context(tools: ToolSet<C>, ctx: C) -> Self {
        let listed = tools.tools().map(|tool| describe(&tool)).collect();
        McpServer {
            tools: Arc::new(tools),
            listed,
            ctx,
            implementation: Implementation::new("toolsmith", env!("CARGO_PKG_VERSION")),
        }
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
        let running = self
            .serve(rmcp::transport::io::stdio())
            .await
            .map_err(std::io::Error::other)?;
        running.waiting().await.map_err(std::io::Error::other)?;
        Ok(())
    }
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
    listed
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
        let params = request.params.as_ref();
        let name = params.and_then(|p| p.get("name")).and_then(Value::as_str);
        let (CallToolRequestMethod::VALUE, Some(name)) = (request.method.as_str(), name) else {
            return Err(ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                request.method,
                None,
            ));
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

/// Serves `tools` (no context) on standard input and output until the
/// client closes the connection.
pub async fn serve_stdio(tools: ToolSet) -> std::io::Result<()> {
    McpServer::new(tools).serve_stdio().await
}
