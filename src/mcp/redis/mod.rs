//! Tasks kept in Redis (or Valkey), shared by every replica of a server
//! behind a load balancer (feature `redis`): [`RedisTaskStore`].
//!
//! Any replica answers `tasks/get`, `tasks/update` and `tasks/cancel` of a
//! task another runs: the record is in Redis before the task is answered;
//! every change is a Lua compare-and-set; a cancel or an answer is
//! published on the task's channel (`<prefix>:wake:<id>`), which the
//! runner's replica listens to (and, should a message be lost, the runner
//! reads the record every second). A replica that dies stops renewing its
//! runners' leases (`<prefix>:lease:<id>`, expired by Redis): their tasks
//! settle `failed` with `the server running this task stopped` when next
//! read, by any replica, and their running slots are freed.
//!
//! Redis expires what it keeps by itself: a running task's record after
//! the TTL, a settled one the TTL after it settled, and the bookkeeping
//! (running and settled sets, sizes) once no task has used it for a TTL.
//! Settled tasks are capped in count and bytes per owner and in all, as
//! the [`TaskLimits`] say; the oldest are dropped first.
//!
//! A Redis out of reach answers each request that needs it with a
//! JSON-RPC error (`the task store did not answer: ...`) and a line on
//! stderr, within the store's response timeout (two seconds); the store
//! reconnects by itself when Redis is back.
//!
//! ```no_run
//! # async fn serve(tools: toolsmith::ToolSet) -> std::io::Result<()> {
//! use toolsmith::mcp::McpServer;
//! use toolsmith::mcp::redis::RedisTaskStore;
//! use toolsmith::mcp::tasks::TaskLimits;
//!
//! let store = RedisTaskStore::new("redis://127.0.0.1:6379", TaskLimits::default())
//!     .map_err(std::io::Error::other)?;
//! McpServer::new(tools).with_task_store(store).serve_stdio().await
//! # }
//! ```

#[cfg(feature = "mcp-http")]
mod bus;
mod connection;
#[cfg(feature = "mcp-http")]
mod events;
mod scripts;
#[cfg(feature = "mcp-http")]
mod serving;
#[cfg(feature = "mcp-http")]
mod sessions;
mod wakes;

#[cfg(feature = "mcp-http")]
pub(crate) use bus::{Bus, is_answer, replica_id};
#[cfg(feature = "mcp-http")]
pub(crate) use events::RedisEvents;
#[cfg(feature = "mcp-http")]
pub(crate) use serving::{
    Shared, bus_by, events_by, keep_level, read_level, sealed_alike, session_of, shared_by,
};
#[cfg(feature = "mcp-http")]
pub(crate) use sessions::RedisSessions;

#[cfg(feature = "mcp-http")]
use std::sync::Arc;
use std::time::Duration;

use redis::AsyncCommands;

use crate::mcp::tasks::{
    Admission, Owner, RunningCaps, StoreError, StoreFuture, TaskLimits, TaskRecord, TaskStore,
    Wakes,
};
use connection::Connection;
use wakes::Listener;

/// Tasks in Redis or Valkey, for servers that share them. The connection
/// is made on first use, and made again whenever it is lost.
pub struct RedisTaskStore {
    limits: TaskLimits,
    prefix: String,
    url: String,
    /// For the bus between replicas.
    #[cfg(feature = "mcp-http")]
    client: redis::Client,
    connection: Connection,
    listener: Listener,
}

impl std::fmt::Debug for RedisTaskStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisTaskStore")
            .field("url", &self.url)
            .field("prefix", &self.prefix)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl RedisTaskStore {
    /// A store on the Redis at `url` (`redis://HOST:PORT`), its keys under
    /// `toolsmith:`, keeping what `limits` says. An error for a URL that
    /// is none; a Redis out of reach is only an error when a request needs
    /// it. It may be made before any tokio runtime runs: its connection
    /// is made on first use, in the runtime of that use.
    pub fn new(url: &str, limits: TaskLimits) -> Result<RedisTaskStore, StoreError> {
        RedisTaskStore::with_prefix(url, limits, "toolsmith")
    }

    /// A store whose keys start with `prefix:`, so that several servers
    /// share one Redis without sharing tasks.
    pub fn with_prefix(
        url: &str,
        limits: TaskLimits,
        prefix: &str,
    ) -> Result<RedisTaskStore, StoreError> {
        let failed = |err: redis::RedisError| StoreError::new(format!("redis at {url}: {err}"));
        let client = redis::Client::open(url).map_err(failed)?;
        let connection = Connection::new(client.clone());
        let listener = Listener::new(client.clone(), format!("{prefix}:wake:"));
        Ok(RedisTaskStore {
            limits,
            prefix: prefix.to_owned(),
            url: url.to_owned(),
            #[cfg(feature = "mcp-http")]
            client,
            connection,
            listener,
        })
    }

    /// The sessions of this store's Redis, under the same prefix.
    #[cfg(feature = "mcp-http")]
    pub(crate) fn sessions(&self) -> RedisSessions {
        RedisSessions::new(self.connection.clone(), &self.prefix)
    }

    /// The events of every session's streams, on this store's Redis
    /// under the same prefix.
    #[cfg(feature = "mcp-http")]
    pub(crate) fn events(&self) -> RedisEvents {
        RedisEvents::new(self.connection.clone(), &self.prefix)
    }

    /// This replica's end of the bus between the replicas on this
    /// store's Redis, under the same prefix.
    #[cfg(feature = "mcp-http")]
    pub(crate) fn bus(&self, streams: Arc<crate::mcp::http::streams::Streams>) -> Bus {
        Bus::new(
            self.client.clone(),
            self.connection.clone(),
            &self.prefix,
            streams,
        )
    }

    /// The 64 random bytes every replica on this Redis shares under
    /// `<prefix>:secret:<name>`: made by the first to ask.
    #[cfg(feature = "mcp-http")]
    pub(crate) async fn shared_secret(&self, name: &str) -> Result<Vec<u8>, StoreError> {
        let mut made = [0u8; 64];
        getrandom::fill(&mut made).map_err(|e| StoreError::new(e.to_string()))?;
        let key = self.key("secret", name);
        let mut connection = self.connection.get().map_err(|e| self.failed(&e))?;
        let (secret,): (Vec<u8>,) = redis::pipe()
            .set_nx(&key, made.as_slice())
            .ignore()
            .get(&key)
            .query_async(&mut connection)
            .await
            .map_err(|e| self.failed(&e))?;
        Ok(secret)
    }

    fn key(&self, kind: &str, name: &str) -> String {
        format!("{}:{kind}:{name}", self.prefix)
    }

    fn failed(&self, err: &redis::RedisError) -> StoreError {
        StoreError::new(format!("redis at {}: {err}", self.url))
    }

    /// Runs `script`, once more when the connection had dropped (Redis
    /// restarted: the manager reconnects for the second try).
    async fn invoke<T: redis::FromRedisValue>(
        &self,
        script: &redis::ScriptInvocation<'_>,
    ) -> Result<T, StoreError> {
        let mut connection = self.connection.get().map_err(|e| self.failed(&e))?;
        match script.invoke_async(&mut connection).await {
            Err(err) if dropped(&err) => script.invoke_async(&mut connection).await,
            answer => answer,
        }
        .map_err(|e| self.failed(&e))
    }

    /// Runs `pipe`, once more when the connection had dropped.
    async fn query<T: redis::FromRedisValue>(
        &self,
        pipe: &redis::Pipeline,
    ) -> Result<T, StoreError> {
        self.connection
            .query(pipe)
            .await
            .map_err(|e| self.failed(&e))
    }

    /// Milliseconds, as the scripts take them.
    fn millis(duration: Duration) -> u64 {
        u64::try_from(duration.as_millis())
            .unwrap_or(u64::MAX)
            .max(1)
    }
}

/// Whether `err` says the connection was lost (and a second try, on a
/// new one, may pass).
fn dropped(err: &redis::RedisError) -> bool {
    err.is_connection_dropped() || err.is_io_error()
}

/// A cap as a Lua number reads it.
fn cap(cap: usize) -> u64 {
    u64::try_from(cap).unwrap_or(u64::MAX).min(1 << 52)
}

impl TaskStore for RedisTaskStore {
    fn limits(&self) -> &TaskLimits {
        &self.limits
    }

    fn create(&self, record: TaskRecord, caps: RunningCaps) -> StoreFuture<'_, Admission> {
        Box::pin(async move {
            let id = record.id().to_owned();
            let json =
                serde_json::to_string(&record).map_err(|e| StoreError::new(e.to_string()))?;
            let answer: i64 = self
                .invoke(
                    scripts::CREATE
                        .key(self.key("task", &id))
                        .key(self.key("lease", &id))
                        .key(format!("{}:running", self.prefix))
                        .key(self.key("running", record.owner.key()))
                        .arg(json)
                        .arg(Self::millis(self.limits.ttl))
                        .arg(Self::millis(self.limits.lease))
                        .arg(cap(caps.total))
                        .arg(cap(caps.per_owner))
                        .arg(&id),
                )
                .await?;
            Ok(match answer {
                0 => Admission::Created,
                1 => Admission::ServerFull,
                _ => Admission::OwnerFull,
            })
        })
    }

    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<TaskRecord>> {
        Box::pin(async move {
            let (json, leased): (Option<String>, bool) = self
                .query(
                    redis::pipe()
                        .get(self.key("task", id))
                        .exists(self.key("lease", id)),
                )
                .await?;
            let Some(json) = json else {
                return Ok(None);
            };
            let record: TaskRecord = serde_json::from_str(&json)
                .map_err(|e| StoreError::new(format!("task {id} reads as no record: {e}")))?;
            if record.is_settled() || leased {
                return Ok(Some(record));
            }
            let version = record.version;
            let stopped = record.runner_stopped();
            self.compare_and_set(version, stopped).await?;
            let (json,): (Option<String>,) =
                self.query(redis::pipe().get(self.key("task", id))).await?;
            json.map(|json| serde_json::from_str(&json))
                .transpose()
                .map_err(|e| StoreError::new(format!("task {id} reads as no record: {e}")))
        })
    }

    fn compare_and_set(&self, version: u64, mut next: TaskRecord) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            next.version = version + 1;
            let id = next.id().to_owned();
            let owner = next.owner.key().to_owned();
            let json = serde_json::to_string(&next).map_err(|e| StoreError::new(e.to_string()))?;
            let limits = &self.limits;
            let written: i64 = self
                .invoke(
                    scripts::COMPARE_AND_SET
                        .key(self.key("task", &id))
                        .key(self.key("lease", &id))
                        .key(format!("{}:running", self.prefix))
                        .key(self.key("running", &owner))
                        .key(format!("{}:settled", self.prefix))
                        .key(self.key("settled", &owner))
                        .key(format!("{}:settled-sizes", self.prefix))
                        .key(format!("{}:settled-bytes", self.prefix))
                        .arg(version)
                        .arg(&json)
                        .arg(u8::from(next.is_settled()))
                        .arg(Self::millis(limits.ttl))
                        .arg(&id)
                        .arg(json.len())
                        .arg(&owner)
                        .arg(&self.prefix)
                        .arg(cap(limits.max_settled))
                        .arg(cap(limits.max_settled_per_owner))
                        .arg(cap(limits.max_settled_bytes))
                        .arg(cap(limits.max_settled_bytes_per_owner)),
                )
                .await?;
            Ok(written == 1)
        })
    }

    fn renew<'a>(
        &'a self,
        id: &'a str,
        owner: &'a Owner,
        lease: Duration,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let renewed: i64 = self
                .invoke(
                    scripts::RENEW
                        .key(self.key("lease", id))
                        .key(format!("{}:running", self.prefix))
                        .key(self.key("running", owner.key()))
                        .arg(Self::millis(lease))
                        .arg(id),
                )
                .await?;
            Ok(renewed == 1)
        })
    }

    fn wake<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let mut connection = self.connection.get().map_err(|e| self.failed(&e))?;
            let _: i64 = connection
                .publish(self.key("wake", id), "")
                .await
                .map_err(|e| self.failed(&e))?;
            Ok(())
        })
    }

    fn wakes<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Wakes> {
        Box::pin(async move { Ok(self.listener.wakes(id)) })
    }
}
