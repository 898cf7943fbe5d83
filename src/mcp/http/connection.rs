//! One connection, watched: closed when its first request head does not
//! arrive in time (whatever the protocol: hyper's own header timeout starts
//! only once an HTTP/1 head has begun), when it stays without a request in
//! flight for the idle timeout, or when the server shuts down; and dropped
//! at once when the peer has read nothing of what the server writes for
//! the idle timeout, so that answers nobody reads are dropped with their
//! connection instead of held for as long as the peer wants.

use std::io;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use hyper_util::server::graceful::GracefulConnection;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use super::unsent::Outbox;

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

/// A socket whose writes are watched: whether the last write found the
/// peer's window full (the peer reads nothing), and how many bytes of the
/// answers in its outbox it has taken.
pub(crate) struct Watched<S> {
    inner: S,
    blocked: watch::Sender<bool>,
    outbox: Arc<Outbox>,
}

impl<S> Watched<S> {
    /// `inner`, watched; the receiver tells when writes block.
    pub(crate) fn new(inner: S, outbox: Arc<Outbox>) -> (Self, watch::Receiver<bool>) {
        let (blocked, receiver) = watch::channel(false);
        (
            Watched {
                inner,
                blocked,
                outbox,
            },
            receiver,
        )
    }

    fn saw(&self, polled: &Poll<io::Result<usize>>) {
        if let Poll::Ready(Ok(written)) = polled {
            self.outbox.sent(*written);
        }
        let now = polled.is_pending();
        self.blocked.send_if_modified(|blocked| {
            let changed = *blocked != now;
            *blocked = now;
            changed
        });
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.saw(&polled);
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.saw(&polled);
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Serves `connection` until it ends, or closes it gracefully once it has
/// idled past `timeouts` or `stop` is cancelled; drops it once its writes
/// have stayed blocked (`blocked`) for the idle timeout.
pub(crate) async fn serve<C: GracefulConnection>(
    connection: C,
    mut load: watch::Receiver<Load>,
    mut blocked: watch::Receiver<bool>,
    timeouts: Timeouts,
    stop: CancellationToken,
) {
    let mut connection = pin!(connection);
    tokio::select! {
        // A client that goes away mid-request is its own business.
        _ = connection.as_mut() => return,
        () = idled(&mut load, timeouts) => {}
        // A graceful close would wait for the writes that do not move.
        () = stalled(&mut blocked, timeouts.idle) => return,
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

/// Resolves once the connection's writes have stayed blocked for `idle`.
async fn stalled(blocked: &mut watch::Receiver<bool>, idle: Duration) {
    loop {
        if *blocked.borrow_and_update() {
            tokio::select! {
                () = tokio::time::sleep(idle) => return,
                changed = blocked.changed() => if changed.is_err() {
                    return std::future::pending().await;
                },
            }
        } else if blocked.changed().await.is_err() {
            return std::future::pending().await;
        }
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
