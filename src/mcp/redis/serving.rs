//! The Redis an HTTP server is given ([`HttpOptions::redis`](crate::mcp::HttpOptions::redis)):
//! its sessions, its tasks unless the server was given a store of its
//! own, and the key that seals `input_required` rounds, the same for
//! every replica.

use std::sync::{Arc, OnceLock};

use rmcp::transport::streamable_http_server::session::SessionStore;

use super::RedisTaskStore;
use crate::mcp::call::input_required::Rounds;
use crate::mcp::server::Server;
use crate::mcp::tasks::{StoreError, TaskLimits};

/// The store on the Redis an `HttpOptions` names, made when the server
/// binds (inside its runtime, as the connection needs); a clone shares it.
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
/// own), and the session store on it.
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
    (server, Some(Arc::new(store.sessions())))
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
