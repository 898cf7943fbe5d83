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
}

/// Why a session was not created or used.
#[derive(Debug)]
pub(crate) enum SessionsError {
    /// Every slot is taken.
    Full(usize),
    /// rmcp's manager failed.
    Local(LocalSessionManagerError),
}

impl std::fmt::Display for SessionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionsError::Full(max) => write!(f, "the server holds its limit of {max} sessions"),
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
        }
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
    type Transport = WorkerTransport<LocalSessionWorker>;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        let slot = SLOT
            .try_with(|slot| slot.borrow_mut().take())
            .ok()
            .flatten()
            .or_else(|| self.free_slot())
            .ok_or(SessionsError::Full(self.max))?;
        let (id, transport) = self.inner.create_session().await?;
        self.held().insert(id.clone(), slot);
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
        Ok(self.inner.resume(id, last_event_id).await?)
    }

    /// A session another replica opened, found in the shared session
    /// store: it takes a slot here as one opened here does.
    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        let slot = self.free_slot().ok_or(SessionsError::Full(self.max))?;
        let restored = self.inner.restore_session(id.clone()).await?;
        if matches!(restored, RestoreOutcome::Restored(_)) {
            self.held().insert(id, slot);
        }
        Ok(restored)
    }
}
