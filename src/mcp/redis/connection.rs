//! The connection a store and everything on its Redis share: made on
//! first use, in the tokio runtime of that use (so a store may be made
//! before any runtime runs), and made again by itself whenever it is
//! lost.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

/// How long a command may take before the request that needs it is
/// answered with an error.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(2);

/// The shared connection; a clone shares it.
#[derive(Clone)]
pub(super) struct Connection {
    client: redis::Client,
    made: Arc<Mutex<Option<ConnectionManager>>>,
}

impl Connection {
    pub(super) fn new(client: redis::Client) -> Connection {
        Connection {
            client,
            made: Arc::default(),
        }
    }

    /// The connection, made now when it was not yet (in a tokio runtime).
    pub(super) fn get(&self) -> Result<ConnectionManager, redis::RedisError> {
        let mut made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(connection) = made.as_ref() {
            return Ok(connection.clone());
        }
        let config = ConnectionManagerConfig::new()
            .set_response_timeout(Some(RESPONSE_TIMEOUT))
            .set_connection_timeout(Some(RESPONSE_TIMEOUT))
            .set_number_of_retries(1)
            .set_max_delay(Duration::from_secs(1));
        let connection = ConnectionManager::new_lazy_with_config(self.client.clone(), config)?;
        *made = Some(connection.clone());
        Ok(connection)
    }
}

impl Connection {
    /// Runs `pipe`, once more when the connection had dropped (Redis
    /// restarted: the manager reconnects for the second try).
    pub(super) async fn query<T: redis::FromRedisValue>(
        &self,
        pipe: &redis::Pipeline,
    ) -> Result<T, redis::RedisError> {
        let mut connection = self.get()?;
        match pipe.query_async(&mut connection).await {
            Err(err) if super::dropped(&err) => pipe.query_async(&mut connection).await,
            answer => answer,
        }
    }
}
