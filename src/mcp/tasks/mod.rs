//! Where the tasks of MCP's tasks extension live: a [`TaskStore`], in the
//! server's memory by default ([`MemoryTaskStore`]).
//!
//! A task's record is written before its `tools/call` is answered, and
//! every change to it is a compare-and-set on the version read, so a task
//! that settled (`completed`, `failed`, `cancelled`) takes no later write.
//! The process that runs the tool (its runner) holds a lease on the task
//! and renews it while the tool runs; a task whose lease lapsed settles
//! `failed` with `the server running this task stopped` when next read,
//! never `working` forever. `tasks/cancel` and `tasks/update` write to the
//! record and [wake](TaskStore::wake) the runner wherever it runs; the
//! runner also reads the record every second, should a wake be lost.
//!
//! # Owners
//!
//! Every task records its [`Owner`] at creation, and `tasks/get`,
//! `tasks/update` and `tasks/cancel` from any other caller are answered
//! exactly as for an id the server never gave (`-32602`,
//! `unknown task: <id>`). The owner is, in this order:
//!
//! - over HTTP with `Authorization: Bearer`, the token's SHA-256 digest
//!   (the token itself is never kept), so another token never reaches the
//!   task, whatever session it uses;
//! - over HTTP, the session (`Mcp-Session-Id`), which the server made and
//!   gave to that client only;
//! - on stdio (or any transport without HTTP), the connection;
//! - a sessionless (stateless) HTTP request with no token carries nothing
//!   a server can tell one client from another by: its tasks share one
//!   owner, and the task id (122 random bits, sent only in the answer to
//!   the call that made the task) is what keeps them apart. Configure a
//!   bearer check to bind them to a caller.
//!
//! # Caps
//!
//! A server runs at most [`with_max_tasks`](crate::mcp::McpServer::with_max_tasks)
//! tasks at once, and one owner at most its share of them
//! ([`with_max_tasks_per_client`](crate::mcp::McpServer::with_max_tasks_per_client));
//! the store keeps settled tasks up to the caps of its [`TaskLimits`],
//! dropping the oldest first.
//!
//! ```
//! use std::time::Duration;
//! use toolsmith::mcp::McpServer;
//! use toolsmith::mcp::tasks::{MemoryTaskStore, TaskLimits};
//!
//! # let tools = toolsmith::ToolSet::new();
//! let limits = TaskLimits::new()
//!     .max_settled(1_000, 50)
//!     .max_result_bytes(256 * 1024)
//!     .ttl(Duration::from_secs(600));
//! let server = McpServer::new(tools)
//!     .with_task_store(MemoryTaskStore::new(limits))
//!     .with_max_tasks(32)
//!     .with_max_tasks_per_client(4);
//! # drop(server);
//! ```

mod limits;
mod memory;
mod record;
pub(crate) mod runner;

pub use limits::TaskLimits;
pub use memory::MemoryTaskStore;
pub use record::{Owner, RUNNER_STOPPED, TaskRecord};

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// What a [`TaskStore`] method returns: a boxed future, so that the trait
/// is object-safe.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// A store that did not answer: its backend is unreachable or failed.
/// The request that needed it is answered with a JSON-RPC error naming
/// the reason, and the reason goes to stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(String);

impl StoreError {
    /// An error saying `reason`.
    pub fn new(reason: impl Into<String>) -> StoreError {
        StoreError(reason.into())
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// How many tasks may run at once: in all, and for one owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RunningCaps {
    /// Tasks running at once, over every owner.
    pub total: usize,
    /// Tasks one owner runs at once.
    pub per_owner: usize,
}

impl RunningCaps {
    /// At most `total` in all and `per_owner` for one owner.
    pub const fn new(total: usize, per_owner: usize) -> RunningCaps {
        RunningCaps { total, per_owner }
    }
}

/// Whether [`TaskStore::create`] wrote the task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Admission {
    /// Written: the task is readable.
    Created,
    /// Not written: the server runs as many tasks as it may.
    ServerFull,
    /// Not written: the owner runs as many tasks as it may.
    OwnerFull,
}

/// Wakes a task's runner: each message says its record changed
/// (`tasks/cancel` or `tasks/update` came). Dropping it stops the wakes.
#[derive(Debug)]
pub struct Wakes(tokio::sync::mpsc::Receiver<()>);

impl Wakes {
    /// Wakes that come through `receiver`.
    pub fn new(receiver: tokio::sync::mpsc::Receiver<()>) -> Wakes {
        Wakes(receiver)
    }

    /// The next wake; `false` once no more can come.
    pub async fn next(&mut self) -> bool {
        self.0.recv().await.is_some()
    }
}

/// Where a server keeps its tasks: the records `tasks/get` reads, changed
/// by compare-and-set, with the runner's lease and its wakes.
///
/// The server checks a task's [`Owner`] itself; a store keeps records
/// whole and enforces the caps it is given and those of its
/// [`limits`](TaskStore::limits).
pub trait TaskStore: Send + Sync + 'static {
    /// What the store keeps, and the runner's lease.
    fn limits(&self) -> &TaskLimits;

    /// Writes `record`, a task just made, with its runner's lease of
    /// [`lease`](TaskLimits::lease) taken, unless `caps` says its owner, or
    /// the server, runs as many tasks as it may.
    fn create(&self, record: TaskRecord, caps: RunningCaps) -> StoreFuture<'_, Admission>;

    /// The task `id` as it stands; `None` for an id unknown or dropped. A
    /// task not settled whose lease lapsed is first settled
    /// [`runner_stopped`](TaskRecord::runner_stopped).
    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<TaskRecord>>;

    /// Writes `next` (as version `version + 1`) over the task whose stored
    /// version is `version` and which has not settled; `false`, and no
    /// write, otherwise. A `next` that settled frees its owner's running
    /// slot and counts toward the settled caps.
    fn compare_and_set(&self, version: u64, next: TaskRecord) -> StoreFuture<'_, bool>;

    /// Renews the lease on task `id` of `owner` for `lease`; `false` once
    /// the lease lapsed, or the task settled or is gone.
    fn renew<'a>(&'a self, id: &'a str, owner: &'a Owner, lease: Duration)
    -> StoreFuture<'a, bool>;

    /// Wakes the runner of task `id`, wherever it runs.
    fn wake<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()>;

    /// The wakes of task `id`, for its runner.
    fn wakes<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Wakes>;
}
