//! Sessions, capped: rmcp's in-memory session manager, holding a slot of a
//! fixed number for each session it keeps, so that a flood of `initialize`
//! calls holds a bounded amount of memory.
//!
//! The endpoint takes the slot before it hands an `initialize` on (and
//! answers `503` when none is free); rmcp then creates the session within
//! the same task, where [`CappedSessions::create_session`] finds the slot.
//! A session created some other way takes a free slot itself, or is
//! refused.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use futures_core::Stream;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::WorkerTransport;
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError, LocalSessionWorker,
};
use rmcp::transport::streamable_http_server::session::{
    RestoreOutcome, ServerSseMessage, SessionId, SessionManager,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::served::Served;

tokio::task_local! {
    /// The slot taken for the session the current request may create.
    static SLOT: RefCell<Option<OwnedSemaphorePermit>>;
}

/// rmcp's session manager, with at most as many sessions as it has slots.
pub(crate) struct CappedSessions {
    inner: LocalSessionManager,
    slots: Arc<Semaphore>,
    max: usize,
    held: Mutex<HashMap<SessionId, OwnedSemaphorePermit>>,
    /// This replica's mark on its requests to clients, when replicas
    /// share sessions.
    replica: Option<Arc<str>>,
}

/// Why a session was not created or used.
#[derive(Debug)]
pub(crate) enum SessionsError {
    /// Every slot is taken.
    Full(usize),
    /// A resume named the stream of another session.
    Foreign,
    /// rmcp's manager failed.
    Local(LocalSessionManagerError),
}

impl std::fmt::Display for SessionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionsError::Full(max) => write!(f, "the server holds its limit of {max} sessions"),
            SessionsError::Foreign => f.write_str("Last-Event-ID names another session's stream"),
            SessionsError::Local(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for SessionsError {}

impl From<LocalSessionManagerError> for SessionsError {
    fn from(err: LocalSessionManagerError) -> Self {
        SessionsError::Local(err)
    }
}

/// How rmcp's names of a session's own stream (`GET`) end:
/// `<session>:common`.
pub(crate) const COMMON_STREAM: &str = ":common";

/// The stream an event id of a shared event log names: ids are
/// `<stream>#<event>`. `None` for one that is not such an id.
pub(crate) fn event_stream(event_id: &str) -> Option<&str> {
    let (stream, _) = event_id.rsplit_once('#')?;
    let named = !stream.is_empty()
        && stream.len() <= 256
        && !stream.contains(|c: char| c.is_control() || c == '#');
    named.then_some(stream)
}

/// Whether a resume with `event_id` by `session` names the own stream of
/// another session (a request's stream is named by a random id that only
/// its session was sent).
fn of_another_session(event_id: &str, session: &str) -> bool {
    event_stream(event_id).is_some_and(|stream| {
        stream
            .strip_suffix(COMMON_STREAM)
            .is_some_and(|of| of != session)
    })
}

impl CappedSessions {
    /// At most `max` sessions, each closed after `idle` unused.
    pub(crate) fn new(max: usize, idle: std::time::Duration) -> Self {
        let mut inner = LocalSessionManager::default();
        inner.session_config.keep_alive = Some(idle);
        CappedSessions {
            inner,
            slots: Arc::new(Semaphore::new(max)),
            max,
            held: Mutex::new(HashMap::new()),
            replica: None,
        }
    }

    /// Sessions whose events are kept in `events` as they are sent, so
    /// that any server sharing it resumes a stream with `Last-Event-ID`.
    #[cfg(feature = "redis")]
    pub(crate) fn with_events(
        mut self,
        events: Arc<dyn rmcp::transport::streamable_http_server::session::EventStore>,
    ) -> Self {
        self.inner = self.inner.with_event_store(events);
        self
    }

    /// Sessions whose requests to their clients carry `replica`'s mark,
    /// so that replicas sharing a session take only their own answers.
    #[cfg(feature = "redis")]
    pub(crate) fn with_replica(mut self, replica: &str) -> Self {
        self.replica = Some(replica.into());
        self
    }

    /// The most sessions held at once.
    pub(crate) fn max(&self) -> usize {
        self.max
    }

    /// A free slot, if any.
    pub(crate) fn free_slot(&self) -> Option<OwnedSemaphorePermit> {
        Arc::clone(&self.slots).try_acquire_owned().ok()
    }

    /// Runs `answering` with `slot` ready for the session it may create;
    /// the slot is freed at the end unless a session took it.
    pub(crate) async fn with_slot<F: Future>(
        slot: OwnedSemaphorePermit,
        answering: F,
    ) -> F::Output {
        SLOT.scope(RefCell::new(Some(slot)), answering).await
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<SessionId, OwnedSemaphorePermit>> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl SessionManager for CappedSessions {
    type Error = SessionsError;
    type Transport = Served<WorkerTransport<LocalSessionWorker>>;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        let slot = SLOT
            .try_with(|slot| slot.borrow_mut().take())
            .ok()
            .flatten()
            .or_else(|| self.free_slot())
            .ok_or(SessionsError::Full(self.max))?;
        let (id, transport) = self.inner.create_session().await?;
        self.held().insert(id.clone(), slot);
        let transport = Served::new(transport, &id, self.replica.clone());
        Ok((id, transport))
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.inner.has_session(id).await?)
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        let closed = self.inner.close_session(id).await;
        // Closed twice (by its client, then by its worker) frees one slot.
        self.held().remove(id);
        Ok(closed?)
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_stream(id, message).await?)
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        Ok(self.inner.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.inner.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        if of_another_session(&last_event_id, id) {
            return Err(SessionsError::Foreign);
        }
        Ok(self.inner.resume(id, last_event_id).await?)
    }

    /// A session another replica opened, found in the shared session
    /// store: it takes a slot here as one opened here does.
    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        let slot = self.free_slot().ok_or(SessionsError::Full(self.max))?;
        Ok(match self.inner.restore_session(id.clone()).await? {
            RestoreOutcome::Restored(transport) => {
                let transport = Served::new(transport, &id, self.replica.clone());
                self.held().insert(id, slot);
                RestoreOutcome::Restored(transport)
            }
            RestoreOutcome::AlreadyPresent => RestoreOutcome::AlreadyPresent,
            _ => RestoreOutcome::NotSupported,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resume_may_name_its_own_stream_or_a_request_stream_only() {
        let own = "0b7e:common#1733250000000-0";
        assert!(!of_another_session(own, "0b7e"));
        assert!(of_another_session(own, "9f21"));
        let request = "5d2c61a4-8f0e-4d6f-9a53-2b1e7c0d9e11#1733250000000-3";
        assert!(!of_another_session(request, "9f21"));
        // rmcp's own ids, kept in memory, are no ids of a shared log.
        assert!(!of_another_session("3/0", "9f21"));
        assert_eq!(event_stream("3/0"), None);
        assert_eq!(event_stream("#5-0"), None);
        assert_eq!(event_stream("a\u{1b}[2J#5-0"), None);
        assert_eq!(event_stream(&format!("{}#5-0", "s".repeat(257))), None);
    }
}
