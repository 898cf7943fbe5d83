//! One connection, watched: closed when its first request head does not
//! arrive in time (whatever the protocol: hyper's own header timeout starts
//! only once an HTTP/1 head has begun), when it stays without a request in
//! flight for the idle timeout, or when the server shuts down.

use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::server::graceful::GracefulConnection;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

/// How long a connection told to close gets before it is dropped.
const CLOSE_GRACE: Duration = Duration::from_secs(1);

/// What a connection is doing: requests in flight, and how many it has
/// made.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Load {
    in_flight: usize,
    requests: u64,
}

/// The service's side of a connection's [`Load`]: a [`Busy`] per request.
#[derive(Clone)]
pub(crate) struct Activity(Arc<watch::Sender<Load>>);

/// One request in flight, until its response has been sent (or dropped).
pub(crate) struct Busy(Arc<watch::Sender<Load>>);

impl Activity {
    /// A new connection's activity, and the receiver its watch reads.
    pub(crate) fn new() -> (Activity, watch::Receiver<Load>) {
        let (sender, receiver) = watch::channel(Load::default());
        (Activity(Arc::new(sender)), receiver)
    }

    /// A request has arrived.
    pub(crate) fn start(&self) -> Busy {
        self.0.send_modify(|load| {
            load.in_flight += 1;
            load.requests += 1;
        });
        Busy(Arc::clone(&self.0))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.send_modify(|load| load.in_flight -= 1);
    }
}

/// How long a connection may wait for its first request head, and between
/// requests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Timeouts {
    pub(crate) head: Duration,
    pub(crate) idle: Duration,
}

/// Serves `connection` until it ends, or closes it gracefully once it has
/// idled past `timeouts` or `stop` is cancelled.
pub(crate) async fn serve<C: GracefulConnection>(
    connection: C,
    mut load: watch::Receiver<Load>,
    timeouts: Timeouts,
    stop: CancellationToken,
) {
    let mut connection = pin!(connection);
    tokio::select! {
        // A client that goes away mid-request is its own business.
        _ = connection.as_mut() => return,
        () = idled(&mut load, timeouts) => {}
        () = stop.cancelled() => {}
    }
    connection.as_mut().graceful_shutdown();
    if stop.is_cancelled() {
        // The server bounds how long it waits for the answers in flight.
        let _ = connection.await;
    } else {
        let _ = tokio::time::timeout(CLOSE_GRACE, connection).await;
    }
}

/// Resolves once the connection has had no request in flight for the head
/// timeout (before its first request) or the idle timeout (after).
async fn idled(load: &mut watch::Receiver<Load>, timeouts: Timeouts) {
    loop {
        let now = *load.borrow_and_update();
        if now.in_flight > 0 {
            if load.changed().await.is_err() {
                return std::future::pending().await;
            }
            continue;
        }
        let wait = if now.requests == 0 {
            timeouts.head
        } else {
            timeouts.idle
        };
        tokio::select! {
            () = tokio::time::sleep(wait) => return,
            changed = load.changed() => if changed.is_err() {
                return std::future::pending().await;
            },
        }
    }
}
