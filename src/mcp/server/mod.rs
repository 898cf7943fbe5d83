//! The MCP server itself, one type for every context: the tools of a set
//! whose context is already bound, answering `initialize`, `tools/list`
//! and `tools/call` as rmcp's [`ServerHandler`](rmcp::ServerHandler), and
//! served on newline-delimited streams (the HTTP endpoint serves it too).
//! An [`McpServer`](crate::mcp::McpServer) of any context hands its work
//! here, so rmcp's service loop is compiled once, in this crate.
//!
//! This file holds the server's state and how it is made and served;
//! `server/` holds its answers (`handler.rs`, `tools/call` in
//! `call_tool.rs`), the requests passed through unchanged (`forward.rs`,
//! to the user's handler in `delegate.rs`), and its tools (`live_tools.rs`,
//! listed as `listed.rs` describes them).

mod call_tool;
pub(crate) mod caller;
mod delegate;
pub(crate) mod forward;
mod handler;
mod listed;
pub(crate) mod live_tools;

pub(crate) use delegate::Delegate;
pub use live_tools::ToolsHandle;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use rmcp::model::{CacheScope, CallToolResult, Implementation, ProtocolVersion};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServiceExt};
use serde_json::{Value, json};
use toolsmith_runtime::{Call, ToolRef, ToolSet, UnknownTool};

use super::call::answer::answer;
use super::call::client_call::LogFloor;
use super::call::input_required::Rounds;
use super::call::owner::{Connection, owner_of};
use super::tasks::{MemoryTaskStore, Owner, RunningCaps, TaskStore};
use super::transport::{Input, LineTransport, Output};
use crate::host;
use delegate::NoHandler;
use live_tools::LiveTools;

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
    log_level: Arc<LogFloor>,
    /// Where every replica keeps each session's log level, when replicas
    /// share a Redis.
    #[cfg(all(feature = "redis", feature = "mcp-http"))]
    pub(crate) levels: Option<Arc<crate::mcp::redis::RedisSessions>>,
    /// The bus between the replicas, for the log messages of calls whose
    /// session's event stream another replica holds.
    #[cfg(all(feature = "redis", feature = "mcp-http"))]
    pub(crate) bus: Option<Arc<crate::mcp::redis::Bus>>,
    /// The seal of `input_required` rounds.
    rounds: Arc<Rounds>,
    /// The longest line read on stdio, and body over HTTP.
    pub(crate) max_line: usize,
    /// The calls running as tasks, and those settled, for `tasks/get`.
    pub(crate) tasks: Arc<dyn TaskStore>,
    /// The store was given (`with_task_store`), not the default.
    pub(crate) tasks_chosen: bool,
    /// How many calls may run as tasks at once.
    pub(crate) max_tasks: usize,
    /// How many of them one client may run (`None`: a quarter of
    /// `max_tasks`, at least one).
    pub(crate) max_tasks_per_client: Option<usize>,
    /// The connection served, for the owner of a request no HTTP request
    /// says more of.
    connection: Connection,
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
            #[cfg(all(feature = "redis", feature = "mcp-http"))]
            levels: None,
            #[cfg(all(feature = "redis", feature = "mcp-http"))]
            bus: None,
            rounds: Arc::new(Rounds::new()),
            max_line,
            tasks: Arc::new(MemoryTaskStore::default()),
            tasks_chosen: false,
            max_tasks: DEFAULT_MAX_TASKS,
            max_tasks_per_client: None,
            connection: Connection::new(),
            tools_cache: None,
        }
    }

    /// The server for one more session: the same tools, rounds and tasks,
    /// and a log level of its own, `debug` until `logging/setLevel` says
    /// otherwise.
    #[cfg(feature = "mcp-http")]
    pub(crate) fn for_session(&self) -> Server {
        Server {
            log_level: Arc::default(),
            connection: Connection::new(),
            ..self.clone()
        }
    }

    /// Seals rounds with states good for `ttl`.
    pub(crate) fn set_round_ttl(&mut self, ttl: std::time::Duration) {
        self.rounds = Arc::new(Rounds::new().with_ttl(ttl));
    }

    /// The owner of what `context`'s request makes, as
    /// [`owner_of`] says; the connection it came on is added to its
    /// extensions first.
    pub(crate) fn owner(&self, context: &mut RequestContext<RoleServer>) -> Owner {
        context.extensions.insert(self.connection.clone());
        owner_of(context)
    }

    /// The caps a new task of any owner is held to.
    pub(crate) fn running_caps(&self) -> RunningCaps {
        let share = self
            .max_tasks_per_client
            .unwrap_or((self.max_tasks / 4).max(1));
        RunningCaps::new(self.max_tasks, share)
    }

    /// Seals `input_required` rounds with `rounds` (the key replicas
    /// share), their states good for as long as before.
    #[cfg(all(feature = "redis", feature = "mcp-http"))]
    pub(crate) fn set_rounds(&mut self, rounds: Rounds) {
        self.rounds = Arc::new(rounds.with_ttl(self.rounds.ttl()));
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
        let tools = self.tools.current();
        let tool = tools.tool(name).map_err(unknown_tool)?;
        Ok(run_tool(tool, arguments, Call::detached()).await)
    }

    /// Serves on a pair of byte streams, one JSON-RPC message per line,
    /// until `read` ends; every line gets an answer.
    pub(crate) fn serve_lines(mut self, read: Input, write: Output) -> Serving {
        self.connection = Connection::new();
        Box::pin(async move {
            let transport = LineTransport::new(read, write, self.max_line);
            let running = self.serve(transport).await.map_err(std::io::Error::other)?;
            running.waiting().await.map_err(std::io::Error::other)?;
            Ok(())
        })
    }
}

/// `-32602` for a tool the set does not have, listing those it has.
fn unknown_tool(unknown: UnknownTool) -> ErrorData {
    let available = json!({ "available": unknown.available() });
    ErrorData::invalid_params(unknown.to_string(), Some(available))
}

/// Runs `tool` with `arguments` as part of `call`: its `tools/call`
/// result.
async fn run_tool(tool: ToolRef<'_>, arguments: Value, call: Call) -> CallToolResult {
    answer(
        &tool,
        host::outcome(tool, tool.call_in(arguments, (), call).await),
    )
}

/// Whether a client on `version` speaks 2026-07-28 or later: it reads
/// `structuredContent` of any JSON type and cache hints, as rmcp decides it
/// for the answer it sends.
pub(super) fn speaks_2026_07_28(version: Option<&ProtocolVersion>) -> bool {
    version.is_some_and(|version| version.as_str() >= ProtocolVersion::V_2026_07_28.as_str())
}

/// How many calls may run as tasks at once, by default.
const DEFAULT_MAX_TASKS: usize = 64;

/// Four times the argument cap and 64 KiB.
fn default_max_line(max_bytes: usize) -> usize {
    max_bytes.saturating_mul(4).saturating_add(64 * 1024)
}
