//! 2025-era HTTP sessions kept in Redis, so that any replica serves any
//! request of a session: rmcp's [`SessionStore`], which records each
//! session's `initialize` and, on a replica that has not seen the
//! session, replays it before the request is answered; and each session's
//! log level (`logging/setLevel`), which every replica reads before a
//! call, under `<prefix>:level:<id>`.

#![allow(deprecated)] // logging, deprecated for protocol versions to come

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use rmcp::model::LoggingLevel;
use rmcp::transport::streamable_http_server::session::{
    SessionState, SessionStore, SessionStoreError,
};

/// How long a session is kept in Redis after its last `initialize` (a day).
const SESSION_TTL: Duration = Duration::from_secs(24 * 60 * 60);

/// The sessions of every replica, under `<prefix>:session:<id>`.
pub(crate) struct RedisSessions {
    connection: super::connection::Connection,
    prefix: String,
}

impl RedisSessions {
    pub(super) fn new(connection: super::connection::Connection, prefix: &str) -> RedisSessions {
        RedisSessions {
            connection,
            prefix: prefix.to_owned(),
        }
    }

    fn key(&self, id: &str) -> String {
        format!("{}:session:{id}", self.prefix)
    }

    fn level_key(&self, id: &str) -> String {
        format!("{}:level:{id}", self.prefix)
    }

    /// The log level `session` last set, on whichever replica; `None`
    /// when it set none, or Redis did not answer.
    pub(crate) async fn level(&self, session: &str) -> Option<LoggingLevel> {
        let (json,): (Option<String>,) = self
            .query(redis::pipe().get(self.level_key(session)))
            .await
            .ok()?;
        serde_json::from_str(&json?).ok()
    }

    /// Keeps `level` as `session`'s for every replica, as long as the
    /// session is kept.
    pub(crate) async fn set_level(
        &self,
        session: &str,
        level: LoggingLevel,
    ) -> Result<(), redis::RedisError> {
        let json = serde_json::to_string(&level).unwrap_or_default();
        let ttl = SESSION_TTL.as_secs();
        self.query(
            redis::pipe()
                .set_ex(self.level_key(session), json, ttl)
                .ignore(),
        )
        .await
    }

    async fn query<T: redis::FromRedisValue>(
        &self,
        pipe: &redis::Pipeline,
    ) -> Result<T, redis::RedisError> {
        self.connection.query(pipe).await
    }
}

/// What each method of the store returns, as rmcp's trait has it.
type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, SessionStoreError>> + Send + 'a>>;

impl SessionStore for RedisSessions {
    fn load<'life0, 'life1, 'async_trait>(
        &'life0 self,
        session_id: &'life1 str,
    ) -> Answer<'async_trait, Option<SessionState>>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(async move {
            let (json,): (Option<String>,) =
                self.query(redis::pipe().get(self.key(session_id))).await?;
            Ok(json.map(|json| serde_json::from_str(&json)).transpose()?)
        })
    }

    fn store<'life0, 'life1, 'life2, 'async_trait>(
        &'life0 self,
        session_id: &'life1 str,
        state: &'life2 SessionState,
    ) -> Answer<'async_trait, ()>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        'life2: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(async move {
            let json = serde_json::to_string(state)?;
            let ttl = SESSION_TTL.as_secs();
            let () = self
                .query(
                    redis::pipe()
                        .set_ex(self.key(session_id), json, ttl)
                        .ignore(),
                )
                .await?;
            Ok(())
        })
    }

    fn delete<'life0, 'life1, 'async_trait>(
        &'life0 self,
        session_id: &'life1 str,
    ) -> Answer<'async_trait, ()>
    where
        'life0: 'async_trait,
        'life1: 'async_trait,
        Self: 'async_trait,
    {
        Box::pin(async move {
            let () = self
                .query(
                    redis::pipe()
                        .del(self.key(session_id))
                        .ignore()
                        .del(self.level_key(session_id))
                        .ignore(),
                )
                .await?;
            Ok(())
        })
    }
}
