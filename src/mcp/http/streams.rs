//! The `GET` event streams open at once: at most one per session (a second
//! is refused `409 Conflict` while the first is open) and a total below the
//! connection cap (past it, `503`), each ended cleanly once it has been open
//! for the stream lifetime, or has sent no message for the idle timeout, so
//! that a stream nobody reads holds no connection for longer than that.
//! The client opens a new one, with `Last-Event-ID` to receive what it
//! missed.

use std::collections::HashSet;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::{Body as HttpBody, Bytes, Frame, SizeHint};
use tokio::time::{Instant, Sleep};

use super::replies::Body;

/// The sessions with an event stream open, and how many may be.
#[derive(Debug)]
pub(crate) struct Streams {
    open: Mutex<HashSet<String>>,
    max: usize,
    lifetime: Duration,
    idle: Duration,
}

/// Why a stream was not opened.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refused {
    /// The session has a stream open already.
    Conflict,
    /// The server holds its limit of streams.
    Full(usize),
}

/// A session's open stream, until dropped.
#[derive(Debug)]
pub(crate) struct StreamSlot {
    streams: Arc<Streams>,
    session: String,
}

impl Streams {
    /// At most `max` streams at once, each open for at most `lifetime`,
    /// and `idle` without a message.
    pub(crate) fn new(max: usize, lifetime: Duration, idle: Duration) -> Arc<Self> {
        Arc::new(Streams {
            open: Mutex::new(HashSet::new()),
            max,
            lifetime,
            idle,
        })
    }

    /// Whether `session` has its stream open here.
    #[cfg(feature = "redis")]
    pub(crate) fn holds(&self, session: &str) -> bool {
        self.open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(session)
    }

    /// A slot for `session`'s stream, unless it has one or all are taken.
    pub(crate) fn open(self: &Arc<Self>, session: &str) -> Result<StreamSlot, Refused> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.contains(session) {
            return Err(Refused::Conflict);
        }
        if open.len() >= self.max {
            return Err(Refused::Full(self.max));
        }
        open.insert(session.to_owned());
        Ok(StreamSlot {
            streams: Arc::clone(self),
            session: session.to_owned(),
        })
    }

    /// `body`, ended at the lifetime or after the idle time without a
    /// message, holding `slot` until it ends.
    pub(crate) fn bound(&self, body: Body, slot: StreamSlot) -> Bounded {
        let now = Instant::now();
        Bounded {
            inner: body,
            ends: Box::pin(tokio::time::sleep_until(now + self.lifetime)),
            idles: Box::pin(tokio::time::sleep_until(now + self.idle)),
            idle: self.idle,
            slot: Some(slot),
        }
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.streams
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.session);
    }
}

/// An event stream's body, ended at its lifetime or when idle.
pub(crate) struct Bounded {
    inner: Body,
    ends: Pin<Box<Sleep>>,
    idles: Pin<Box<Sleep>>,
    idle: Duration,
    /// Given back once the stream has ended, before the connection is.
    slot: Option<StreamSlot>,
}

impl HttpBody for Bounded {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = &mut *self;
        if this.slot.is_none() {
            return Poll::Ready(None);
        }
        if this.ends.as_mut().poll(cx).is_ready() || this.idles.as_mut().poll(cx).is_ready() {
            this.slot = None;
            return Poll::Ready(None);
        }
        let polled = Pin::new(&mut this.inner).poll_frame(cx);
        match &polled {
            Poll::Ready(Some(Ok(frame)))
                if frame.data_ref().is_some_and(|data| carries_message(data)) =>
            {
                let next = Instant::now() + this.idle;
                this.idles.as_mut().reset(next);
            }
            Poll::Ready(None) => this.slot = None,
            _ => {}
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.slot.is_none()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::default()
    }
}

/// Whether an event-stream chunk holds an event (a `data:` field), not
/// only a keep-alive comment.
fn carries_message(chunk: &[u8]) -> bool {
    chunk.windows(5).any(|w| w == b"data:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_stream_per_session_and_no_more_than_the_cap() {
        let streams = Streams::new(2, Duration::from_secs(1), Duration::from_secs(1));
        let a = streams.open("a").unwrap();
        assert_eq!(streams.open("a").unwrap_err(), Refused::Conflict);
        let b = streams.open("b").unwrap();
        assert_eq!(streams.open("c").unwrap_err(), Refused::Full(2));
        drop(a);
        let again = streams
            .open("a")
            .expect("a's stream closed, it may open one");
        drop((again, b));
        assert!(streams.open.lock().unwrap().is_empty());
    }

    #[test]
    fn keep_alive_comments_are_no_message() {
        assert!(!carries_message(b":\n\n"));
        assert!(carries_message(b"id: 0\ndata: {}\n\n"));
    }
}
