//! MCP: a [`ToolSet`] served as a Model Context Protocol server, on the
//! official [`rmcp`] crate (feature `mcp`).
//!
//! - `tools/list` gives each tool's name, description, `inputSchema` (the
//!   canonical schema, with `x-mcp-header` on a `#[arg(header = "..")]`
//!   parameter), `outputSchema` where known, `annotations` (`title`,
//!   `readOnlyHint`, ..), `icons` and `_meta` where the tool gives any; on
//!   protocol version 2026-07-28 also the cache hints `ttlMs` and
//!   `cacheScope` ([`with_tools_cache`](McpServer::with_tools_cache)).
//! - A result is also `structuredContent` when the tool has an output
//!   schema: any JSON value for a client of 2026-07-28 or later, an object
//!   only before (an older client reads other values in the text block,
//!   and is listed only object output schemas).
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
//! - A `#[tool(task)]` tool, called by a client that declared the tasks
//!   extension (`io.modelcontextprotocol/tasks`), is answered at once with
//!   a task, polled with `tasks/get` and cancelled with `tasks/cancel`
//!   (see [the guide](crate::guide::hosts#mcp-tasks-and-tools-that-change)).
//! - [`McpServer::tools_handle`] adds and removes tools while the server
//!   runs; each change is sent as `notifications/tools/list_changed`.
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
//! replicas behind a load balancer can share the traffic, but a client up
//! to 2025-11-25 then cannot be asked, sampled or asked for its roots
//! mid-call, and cancels a call only by closing its connection (see
//! [the guide](crate::guide::hosts#serving-a-set)).
//! [`HttpServer::serve_with_shutdown`] stops taking connections when its
//! signal comes, answers every request already received, then closes the
//! sessions.
//!
//! ```no_run
//! # async fn serve(tools: toolsmith::ToolSet) -> std::io::Result<()> {
//! use toolsmith::mcp::{McpServer, shutdown_signal};
//!
//! let server = McpServer::new(tools).bind_http("127.0.0.1:8080").await?;
//! eprintln!("serving at {}", server.url()); // http://127.0.0.1:8080/mcp
//! server.serve_with_shutdown(shutdown_signal()).await // Ctrl-C or SIGTERM
//! # }
//! ```

mod call;
#[cfg(feature = "mcp-http")]
mod http;
#[cfg(feature = "redis")]
pub mod redis;
mod server;
pub mod tasks;
mod transport;

#[cfg(feature = "mcp-http")]
pub use http::{HttpOptions, HttpServer, HttpService, auth, shutdown_signal};
pub use server::ToolsHandle;

use std::marker::PhantomData;
use std::sync::Arc;

use rmcp::model::CallToolResult;
use rmcp::{ErrorData, ServerHandler};
use serde_json::Value;
use tokio::io::{AsyncRead, AsyncWrite};
use toolsmith_runtime::ToolSet;

use server::Server;
use server::forward::{answered_requests, delegated_requests};

/// An MCP server handler over a [`ToolSet`]: give it to
/// [`rmcp::ServiceExt::serve`] with any transport, or call
/// [`serve_stdio`](McpServer::serve_stdio) (or, with the feature
/// `mcp-http`, `serve_http`). A clone shares the tools.
///
/// The context is handed over once, when the server is made
/// ([`ToolSet::bind`]): whatever `C` is, the server inside is one type,
/// compiled once in this crate, so a crate serving its tools does not
/// build rmcp's service loop (or hyper) again for its own context type.
pub struct McpServer<C = ()> {
    server: Server,
    #[cfg(feature = "mcp-http")]
    http: HttpOptions,
    /// Gives a tool added at run time the server's context.
    bind: Arc<dyn Fn(ToolSet<C>) -> ToolSet + Send + Sync>,
    context: PhantomData<fn(C)>,
}

impl<C> Clone for McpServer<C> {
    fn clone(&self) -> Self {
        McpServer {
            server: self.server.clone(),
            #[cfg(feature = "mcp-http")]
            http: self.http.clone(),
            bind: Arc::clone(&self.bind),
            context: PhantomData,
        }
    }
}

impl McpServer<()> {
    /// A server for tools that take no context; a set whose tools take one
    /// goes to [`with_context`](McpServer::with_context).
    pub fn new(tools: impl crate::IntoPlainSet) -> Self {
        let tools = tools.into_plain_set();
        McpServer::from_server(Server::new(tools), Arc::new(|tools: ToolSet| tools))
    }
}

impl<C: Clone + Send + Sync + 'static> McpServer<C> {
    /// A server that hands a clone of `ctx` to every call. Plain `fn`
    /// tools run on tokio's blocking pool unless the set has a blocking
    /// executor of its own.
    pub fn with_context(tools: ToolSet<C>, ctx: C) -> Self {
        let server = Server::new(tools.bind(ctx.clone()));
        let bind = move |tools: ToolSet<C>| tools.bind(ctx.clone());
        McpServer::from_server(server, Arc::new(bind))
    }
}

impl<C> McpServer<C> {
    fn from_server(server: Server, bind: Arc<dyn Fn(ToolSet<C>) -> ToolSet + Send + Sync>) -> Self {
        McpServer {
            server,
            #[cfg(feature = "mcp-http")]
            http: HttpOptions::default(),
            bind,
            context: PhantomData,
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
        self.server.max_line = max;
        self
    }

    /// How many calls may run as tasks at once, over every session (64 by
    /// default): a task runs on after its `tools/call` is answered, beyond
    /// the HTTP server's caps on requests in flight. A call past the cap is
    /// answered `isError: true` with
    /// `<tool> was not started: the server runs as many tasks as it may (64); call again once one has settled`,
    /// and its tool does not run.
    pub fn with_max_tasks(mut self, max: usize) -> Self {
        self.server.max_tasks = max;
        self
    }

    /// How long the `requestState` of an `input_required` round holds (10
    /// minutes by default): a client that answers later is refused
    /// `-32602` and calls again without it. See "The call" in the guide
    /// for what else binds a round.
    pub fn with_round_ttl(mut self, ttl: std::time::Duration) -> Self {
        self.server.set_round_ttl(ttl);
        self
    }

    /// How many calls one client may run as tasks at once (a quarter of
    /// [`with_max_tasks`](McpServer::with_max_tasks) by default, at least
    /// one), so that one client never takes every slot: a call past it is
    /// answered `isError: true` with
    /// `<tool> was not started: this client runs as many tasks as it may (16); call again once one of them has settled`.
    /// Who a client is: see [the owners of tasks](tasks#owners).
    pub fn with_max_tasks_per_client(mut self, max: usize) -> Self {
        self.server.max_tasks_per_client = Some(max);
        self
    }

    /// Where the server keeps its tasks ([`MemoryTaskStore`](tasks::MemoryTaskStore)
    /// by default): a store shared by several servers lets any of them
    /// answer `tasks/get`, `tasks/update` and `tasks/cancel` of a task
    /// another runs.
    pub fn with_task_store(mut self, store: impl tasks::TaskStore) -> Self {
        self.server.tasks = Arc::new(store);
        self.server.tasks_chosen = true;
        self
    }

    /// The name and version the server gives in `initialize`
    /// (`toolsmith` and its version by default).
    pub fn with_server_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        self.server.set_server_info(name.into(), version.into());
        self
    }

    /// Everything the server says about itself in `initialize`: name,
    /// version, `title`, `description`, `websiteUrl` and `icons`.
    ///
    /// ```
    /// use rmcp::model::{Icon, Implementation};
    /// # let tools = toolsmith::ToolSet::new();
    /// let server = toolsmith::mcp::McpServer::new(tools).with_implementation(
    ///     Implementation::new("docs-search", "1.2.0")
    ///         .with_title("Docs search")
    ///         .with_description("Searches the handbook")
    ///         .with_website_url("https://example.com/docs-search")
    ///         .with_icons(vec![Icon::new("https://example.com/icon.png")]),
    /// );
    /// ```
    pub fn with_implementation(mut self, implementation: rmcp::model::Implementation) -> Self {
        self.server.set_implementation(implementation);
        self
    }

    /// How long a client of protocol version 2026-07-28 (or later) may
    /// treat `tools/list` as fresh, and whether a cached list may be shared
    /// between users ([`CacheScope::Public`](rmcp::model::CacheScope)) or
    /// belongs to one ([`CacheScope::Private`](rmcp::model::CacheScope)):
    /// its `ttlMs` and `cacheScope`. Without it, the list says `ttlMs: 0`,
    /// `cacheScope: "private"` (stale at once, one user's), which is always
    /// true; older clients get neither field. The tools of a server do not
    /// change while it runs, so a public hint holds when every user sees
    /// the same tools.
    ///
    /// ```
    /// use rmcp::model::CacheScope;
    /// use std::time::Duration;
    /// # let tools = toolsmith::ToolSet::new();
    /// let server = toolsmith::mcp::McpServer::new(tools)
    ///     .with_tools_cache(Duration::from_secs(300), CacheScope::Public);
    /// ```
    pub fn with_tools_cache(
        mut self,
        ttl: std::time::Duration,
        scope: rmcp::model::CacheScope,
    ) -> Self {
        let ttl_ms = u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX);
        self.server.set_tools_cache(ttl_ms, scope);
        self
    }

    /// Serves `handler`'s resources, prompts and completions beside the
    /// tools: every request but `initialize`, `ping`, tools and logging goes
    /// to it, and `initialize` advertises its `resources`, `prompts` and
    /// `completions` capabilities (and its instructions, unless
    /// [`with_instructions`](Self::with_instructions) gave some). Its own
    /// tools, if any, are not served: the [`ToolSet`] is.
    ///
    /// ```
    /// use rmcp::ServerHandler;
    /// use rmcp::model::{ServerCapabilities, ServerConfig};
    ///
    /// /// Resources and prompts, written with rmcp.
    /// struct Docs;
    ///
    /// impl ServerHandler for Docs {
    ///     fn get_info(&self) -> ServerConfig {
    ///         ServerConfig::new(ServerCapabilities::builder().enable_resources().build())
    ///     }
    ///     // list_resources, read_resource, ..
    /// }
    ///
    /// # let tools = toolsmith::ToolSet::new();
    /// let server = toolsmith::mcp::McpServer::new(tools).with_handler(Docs);
    /// ```
    pub fn with_handler(mut self, handler: impl ServerHandler) -> Self {
        self.server.set_delegate(std::sync::Arc::new(handler));
        self
    }

    /// How to use the server's tools, given to the client (and its model)
    /// in `initialize` as `instructions`.
    pub fn with_instructions(mut self, instructions: impl Into<String>) -> Self {
        self.server.set_instructions(instructions.into());
        self
    }

    /// The tools as `tools/list` gives them now.
    pub fn list(&self) -> Arc<[rmcp::model::Tool]> {
        self.server.list()
    }

    /// A handle that adds and removes tools while the server runs: each
    /// change reaches the connected clients as
    /// `notifications/tools/list_changed`, and `initialize` says
    /// `"tools": {"listChanged": true}` once a handle was taken.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")] async fn main() -> Result<(), toolsmith::RegisterError> {
    /// use serde_json::json;
    /// use toolsmith::{DynamicTool, ToolSet};
    ///
    /// let server = toolsmith::mcp::McpServer::new(ToolSet::new());
    /// let tools = server.tools_handle();
    /// let schema = json!({"type": "object", "properties": {}, "additionalProperties": false});
    /// tools.register_dynamic(DynamicTool::new("ping", "Answers pong", schema, |_, ()| async {
    ///     Ok(json!("pong"))
    /// }))?;
    /// assert_eq!(server.list()[0].name, "ping");
    /// assert!(tools.remove("ping"));
    /// assert!(server.list().is_empty());
    /// # Ok(()) }
    /// ```
    pub fn tools_handle(&self) -> ToolsHandle<C>
    where
        C: 'static,
    {
        ToolsHandle::new(Arc::clone(&self.server.tools), Arc::clone(&self.bind))
    }

    /// Answers a `tools/call`: validate, then run.
    ///
    /// An unknown tool is `Err`, a JSON-RPC error listing the names; bad
    /// input and a failing function are `Ok` results with `isError: true`.
    /// `arguments` `null` is taken as `{}`.
    pub async fn call(&self, name: &str, arguments: Value) -> Result<CallToolResult, ErrorData> {
        self.server.call(name, arguments).await
    }

    /// Serves the tools on standard input and output until the client
    /// closes the connection.
    pub async fn serve_stdio(self) -> std::io::Result<()> {
        self.server
            .serve_lines(Box::new(tokio::io::stdin()), Box::new(tokio::io::stdout()))
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
        self.server
            .serve_lines(Box::new(read), Box::new(write))
            .await
    }
}

#[cfg(feature = "mcp-http")]
impl<C> McpServer<C> {
    /// Sets how [`serve_http`](Self::serve_http) and
    /// [`bind_http`](Self::bind_http) serve: path, sessions, `Host` names,
    /// shutdown grace.
    pub fn with_http_options(mut self, options: HttpOptions) -> Self {
        self.http = options;
        self
    }

    /// Binds `addr` for MCP over Streamable HTTP; the server answers once
    /// [`serve`](HttpServer::serve) or
    /// [`serve_with_shutdown`](HttpServer::serve_with_shutdown) runs.
    ///
    /// ```no_run
    /// # async fn run(tools: toolsmith::ToolSet) -> std::io::Result<()> {
    /// use toolsmith::mcp::{McpServer, shutdown_signal};
    ///
    /// let server = McpServer::new(tools).bind_http("127.0.0.1:0").await?;
    /// println!("serving at {}", server.url());
    /// server.serve_with_shutdown(shutdown_signal()).await
    /// # }
    /// ```
    pub async fn bind_http(
        self,
        addr: impl tokio::net::ToSocketAddrs,
    ) -> std::io::Result<HttpServer<C>> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        #[cfg(feature = "redis")]
        let server = redis::sealed_alike(self.server, self.http.redis.as_ref()).await?;
        #[cfg(not(feature = "redis"))]
        let server = self.server;
        let listening = http::Listening::new(listener, server, self.http)?;
        Ok(HttpServer::new(listening))
    }

    /// Serves the tools over Streamable HTTP at `http://ADDR/mcp` until the
    /// process ends.
    ///
    /// ```no_run
    /// # async fn run(tools: toolsmith::ToolSet) -> std::io::Result<()> {
    /// use toolsmith::mcp::McpServer;
    ///
    /// McpServer::new(tools).serve_http("127.0.0.1:8080").await
    /// # }
    /// ```
    pub async fn serve_http(self, addr: impl tokio::net::ToSocketAddrs) -> std::io::Result<()> {
        self.bind_http(addr).await?.serve().await
    }

    /// Serves the tools over Streamable HTTP until `signal` resolves, then
    /// shuts down gracefully (see
    /// [`HttpServer::serve_with_shutdown`]).
    pub async fn serve_http_with_shutdown(
        self,
        addr: impl tokio::net::ToSocketAddrs,
        signal: impl Future<Output = ()>,
    ) -> std::io::Result<()> {
        self.bind_http(addr)
            .await?
            .serve_with_shutdown(signal)
            .await
    }
}

/// The server's answers, as its inner server gives them: serving an
/// `McpServer` with rmcp directly answers as [`serve_stdio`] does.
///
/// [`serve_stdio`]: McpServer::serve_stdio
impl<C: 'static> ServerHandler for McpServer<C> {
    answered_requests!(forward server);
    delegated_requests!(forward server);
}

/// Serves `tools` (no context) on standard input and output until the
/// client closes the connection.
pub async fn serve_stdio(tools: ToolSet) -> std::io::Result<()> {
    McpServer::new(tools).serve_stdio().await
}
