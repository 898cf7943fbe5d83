//! The Redis an HTTP server is given ([`HttpOptions::redis`](crate::mcp::HttpOptions::redis)):
//! its sessions, its tasks unless the server was given a store of its
//! own, the key that seals `input_required` rounds, the same for every
//! replica, and the bus between the replicas.

#![allow(deprecated)] // logging, deprecated for protocol versions to come

use std::sync::{Arc, OnceLock};

use rmcp::RoleServer;
use rmcp::model::{ErrorData, LoggingLevel};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::{EventStore, SessionStore};

use tokio_util::sync::CancellationToken;

use super::{Bus, RedisSessions, RedisTaskStore};
use crate::mcp::call::client_call::LogFloor;
use crate::mcp::call::input_required::Rounds;
use crate::mcp::http::served::ServedSession;
use crate::mcp::http::sessions::CappedSessions;
use crate::mcp::http::streams::Streams;
use crate::mcp::server::Server;
use crate::mcp::server::live_tools::LiveTools;
use crate::mcp::tasks::{StoreError, TaskLimits};

/// The store on the Redis an `HttpOptions` names, made when the server
/// binds; a clone shares it.
#[derive(Clone, Debug)]
pub(crate) struct Shared {
    url: String,
    store: Arc<OnceLock<Result<Arc<RedisTaskStore>, StoreError>>>,
}

impl Shared {
    /// The store on the Redis at `url`, made on first use.
    pub(crate) fn open(url: String) -> Shared {
        Shared {
            url,
            store: Arc::default(),
        }
    }

    /// The store, or why there is none (a URL that is none, or no tokio
    /// runtime to make it in).
    pub(crate) fn store(&self) -> Result<&Arc<RedisTaskStore>, StoreError> {
        self.store
            .get_or_init(|| RedisTaskStore::new(&self.url, TaskLimits::default()).map(Arc::new))
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// `server` with its tasks in `redis` (unless it was given a store of its
/// own) and its sessions' log levels, and the session store on it.
pub(crate) fn shared_by(
    mut server: Server,
    redis: Option<&Shared>,
) -> (Server, Option<Arc<dyn SessionStore>>) {
    let Some(Ok(store)) = redis.map(Shared::store) else {
        return (server, None);
    };
    if !server.tasks_chosen {
        server.tasks = Arc::clone(store) as Arc<dyn crate::mcp::tasks::TaskStore>;
    }
    server.levels = Some(Arc::new(store.sessions()));
    (server, Some(Arc::new(store.sessions())))
}

/// The log of every session's events on `redis`, for streams resumed on
/// any replica.
pub(crate) fn events_by(redis: Option<&Shared>) -> Option<Arc<dyn EventStore>> {
    let store = redis.map(Shared::store)?.ok()?;
    Some(Arc::new(store.events()))
}

/// `server` sealing its rounds with the key every replica on `redis`
/// shares (the first replica to start makes it); an error when Redis
/// cannot be reached, as the server would answer no round another replica
/// sealed.
pub(crate) async fn sealed_alike(
    mut server: Server,
    redis: Option<&Shared>,
) -> std::io::Result<Server> {
    let Some(redis) = redis else {
        return Ok(server);
    };
    let store = redis.store().map_err(std::io::Error::other)?;
    let key = store
        .shared_secret("seal")
        .await
        .map_err(std::io::Error::other)?;
    if let Some(rounds) = Rounds::with_key(key) {
        server.set_rounds(rounds);
    }
    Ok(server)
}

/// The bus on `redis`, listening (in the current tokio runtime, when
/// there is one) until `stop` is cancelled: the answers of clients to the
/// sessions here, the changes to the tools of other replicas to the
/// clients here, and each change here to the other replicas.
pub(crate) fn bus_by(
    redis: Option<&Shared>,
    sessions: &Arc<CappedSessions>,
    streams: &Arc<Streams>,
    tools: &Arc<LiveTools>,
    stop: &CancellationToken,
) -> Option<Arc<Bus>> {
    let store = redis.map(Shared::store)?.ok()?;
    let runtime = tokio::runtime::Handle::try_current().ok()?;
    let bus = Arc::new(store.bus(Arc::clone(streams)));
    let listening = Arc::clone(&bus).listen(Arc::clone(sessions), Arc::clone(tools));
    let stop = stop.clone();
    runtime.spawn(async move {
        tokio::select! {
            () = stop.cancelled() => {}
            () = listening => {}
        }
    });
    let telling = Arc::downgrade(&bus);
    tools.tell_others_with(move || {
        if let (Some(bus), Ok(runtime)) = (telling.upgrade(), tokio::runtime::Handle::try_current())
        {
            runtime.spawn(async move { bus.tools_changed().await });
        }
    });
    Some(bus)
}

/// The session a request or notification came in over HTTP, from its
/// extensions.
pub(crate) fn session_of(extensions: &rmcp::model::Extensions) -> Option<&str> {
    Some(&extensions.get::<ServedSession>()?.0)
}

/// Keeps `level` as the log level of `context`'s session for every
/// replica; a JSON-RPC error when Redis does not answer.
pub(crate) async fn keep_level(
    levels: Option<&RedisSessions>,
    context: &RequestContext<RoleServer>,
    level: LoggingLevel,
) -> Result<(), ErrorData> {
    let (Some(levels), Some(session)) = (levels, session_of(&context.extensions)) else {
        return Ok(());
    };
    levels.set_level(session, level).await.map_err(|err| {
        let line = format!("the session store did not answer: {err}");
        eprintln!("toolsmith: {line}");
        ErrorData::internal_error(line, None)
    })
}

/// Sets `floor` to the log level `context`'s session last set, on
/// whichever replica; left as it is when the session set none here or
/// there, or Redis does not answer.
pub(crate) async fn read_level(
    levels: Option<&RedisSessions>,
    context: &RequestContext<RoleServer>,
    floor: &LogFloor,
) {
    if let (Some(levels), Some(session)) = (levels, session_of(&context.extensions))
        && let Some(level) = levels.level(session).await
    {
        floor.set(level);
    }
}
