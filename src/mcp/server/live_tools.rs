//! The tools of a running server, which a [`ToolsHandle`] changes: each
//! change makes a new set (a clone shares the tools, so it is cheap), lists
//! it anew, and tells every connected client with
//! `notifications/tools/list_changed`. A call already running keeps the
//! set it started with. Changes are coalesced per client: one sender per
//! client at most, which sends once more if the tools changed while it
//! sent, so a client that never reads costs one task, not one per change.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, RwLock};

use rmcp::RoleServer;
use rmcp::service::Peer;
use toolsmith_runtime::{DynamicTool, RegisterError, ToolSet, ToolWith};

use super::listed::describe;

/// The tools as they stand, as `tools/list` gives them, and the clients
/// to tell when they change.
pub(crate) struct LiveTools {
    tools: RwLock<Arc<ToolSet>>,
    listed: RwLock<Arc<[rmcp::model::Tool]>>,
    /// Connected clients, the runtime each is served on, and whether a
    /// change is on its way to it.
    peers: Mutex<Vec<Listener>>,
    /// A handle was given out: `initialize` says `listChanged: true`.
    changing: AtomicBool,
    /// Tells the other replicas of a change, when there are any.
    others: OnceLock<Box<dyn Fn() + Send + Sync>>,
}

impl LiveTools {
    pub(crate) fn new(tools: ToolSet) -> LiveTools {
        let listed = list(&tools);
        LiveTools {
            tools: RwLock::new(Arc::new(tools)),
            listed: RwLock::new(listed),
            peers: Mutex::default(),
            changing: AtomicBool::new(false),
            others: OnceLock::new(),
        }
    }

    /// The tools now; a call keeps them for as long as it runs.
    pub(crate) fn current(&self) -> Arc<ToolSet> {
        Arc::clone(&self.tools.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// The tools now, as `tools/list` gives them.
    pub(crate) fn listed(&self) -> Arc<[rmcp::model::Tool]> {
        Arc::clone(&self.listed.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// Whether the tools may change while the server runs.
    pub(crate) fn may_change(&self) -> bool {
        self.changing.load(Ordering::Relaxed)
    }

    /// A client finished `initialize`: it hears of changes from now on.
    pub(crate) fn joined(&self, peer: Peer<RoleServer>) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let mut peers = self.peers.lock().unwrap_or_else(PoisonError::into_inner);
        peers.retain(|(peer, ..)| !peer.is_transport_closed());
        peers.push((peer, runtime, Arc::default()));
    }

    /// Changes the tools with `change`; when it says they changed (`true`),
    /// lists them anew and tells every connected client.
    fn change(&self, change: impl FnOnce(&mut ToolSet) -> bool) -> bool {
        {
            let mut tools = self.tools.write().unwrap_or_else(PoisonError::into_inner);
            let mut next = ToolSet::clone(&tools);
            if !change(&mut next) {
                return false;
            }
            *self.listed.write().unwrap_or_else(PoisonError::into_inner) = list(&next);
            *tools = Arc::new(next);
        }
        self.tell_clients();
        if let Some(others) = self.others.get() {
            others();
        }
        true
    }

    /// Has `others` called after each change here, to tell the other
    /// replicas; the first given stays.
    #[cfg(all(feature = "redis", feature = "mcp-http"))]
    pub(crate) fn tell_others_with(&self, others: impl Fn() + Send + Sync + 'static) {
        let _ = self.others.set(Box::new(others));
    }

    /// Sends `notifications/tools/list_changed` to every connected client.
    pub(crate) fn tell_clients(&self) {
        let mut peers = self.peers.lock().unwrap_or_else(PoisonError::into_inner);
        peers.retain(|(peer, ..)| !peer.is_transport_closed());
        for (peer, runtime, pending) in peers.iter() {
            if !pending.mark() {
                continue; // its sender sends once more
            }
            let (peer, pending) = (peer.clone(), Arc::clone(pending));
            runtime.spawn(async move {
                while pending.take() {
                    // A client gone is dropped from the list at the next change.
                    let _ = peer.notify_tool_list_changed().await;
                }
            });
        }
    }
}

/// A connected client, the runtime it is served on, and whether a change
/// is on its way to it.
type Listener = (Peer<RoleServer>, tokio::runtime::Handle, Arc<Pending>);

/// A client's news of changes: whether one is to be sent, and whether a
/// sender is running.
#[derive(Debug, Default)]
struct Pending(Mutex<PendingState>);

#[derive(Debug, Default)]
struct PendingState {
    changed: bool,
    sending: bool,
}

impl Pending {
    /// The tools changed: `true` when a sender must be started (none runs).
    fn mark(&self) -> bool {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        state.changed = true;
        !std::mem::replace(&mut state.sending, true)
    }

    /// For the sender: `true` when there is a change to send (taken), else
    /// `false`, and the sender stops.
    fn take(&self) -> bool {
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let changed = std::mem::take(&mut state.changed);
        state.sending = changed;
        changed
    }
}

/// Every tool as `tools/list` describes it.
fn list(tools: &ToolSet) -> Arc<[rmcp::model::Tool]> {
    tools.tools().map(|tool| describe(&tool)).collect()
}

/// Adds and removes the tools of a running [`McpServer`](crate::mcp::McpServer),
/// from [`McpServer::tools_handle`](crate::mcp::McpServer::tools_handle): every
/// change is sent to the connected clients as
/// `notifications/tools/list_changed`, and their next `tools/list` has
/// it. A call already running goes on with the tools it started with. A
/// clone changes the same tools.
///
/// A tool is checked as [`ToolSet::register`] checks it, and runs with the
/// server's context, its set's limits, repairs, timeout and executor.
pub struct ToolsHandle<C = ()> {
    live: Arc<LiveTools>,
    bind: Arc<dyn Fn(ToolSet<C>) -> ToolSet + Send + Sync>,
}

impl<C> Clone for ToolsHandle<C> {
    fn clone(&self) -> Self {
        ToolsHandle {
            live: Arc::clone(&self.live),
            bind: Arc::clone(&self.bind),
        }
    }
}

impl<C> std::fmt::Debug for ToolsHandle<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("ToolsHandle")
            .field(&self.live.current())
            .finish()
    }
}

impl<C: 'static> ToolsHandle<C> {
    pub(crate) fn new(
        live: Arc<LiveTools>,
        bind: Arc<dyn Fn(ToolSet<C>) -> ToolSet + Send + Sync>,
    ) -> Self {
        live.changing.store(true, Ordering::Relaxed);
        ToolsHandle { live, bind }
    }

    /// Adds a `#[tool]` (or any [`Tool`](toolsmith_runtime::Tool)); an
    /// error, and no change, when a rule refuses it or its name is taken.
    pub fn register<T: ToolWith<C>>(&self, tool: T) -> Result<(), RegisterError> {
        let mut one = ToolSet::default();
        one.register(tool)?;
        self.add(one)
    }

    /// Adds a tool defined at run time; an error, and no change, when its
    /// schema or name is refused or the name is taken.
    pub fn register_dynamic(&self, tool: DynamicTool<C>) -> Result<(), RegisterError> {
        let mut one = ToolSet::default();
        one.register_dynamic(tool)?;
        self.add(one)
    }

    fn add(&self, one: ToolSet<C>) -> Result<(), RegisterError> {
        let bound = (self.bind)(one);
        let mut merged = Ok(());
        self.live.change(|tools| {
            merged = tools.merge(bound).map(drop);
            merged.is_ok()
        });
        merged
    }

    /// Removes the tool called `name`; `false`, and no change, when the
    /// server has none.
    pub fn remove(&self, name: &str) -> bool {
        self.live.change(|tools| tools.remove(name))
    }

    /// The names of the tools now, in the order `tools/list` gives them.
    pub fn names(&self) -> Vec<String> {
        self.live.current().names().map(str::to_owned).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Pending;

    #[test]
    fn changes_while_a_sender_runs_make_one_more_send_not_one_task_each() {
        let pending = Pending::default();
        assert!(pending.mark(), "the first change starts a sender");
        assert!(pending.take(), "which sends it");
        for _ in 0..100 {
            assert!(!pending.mark(), "no second sender while one runs");
        }
        assert!(pending.take(), "the hundred changes are one more send");
        assert!(!pending.take(), "then the sender stops");
        assert!(pending.mark(), "and the next change starts one again");
    }
}
