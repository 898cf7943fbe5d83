//! Answers the server has written that the peer's socket has not taken
//! yet, counted in bytes per session and overall: an answer that would
//! put either past its cap ([`HttpOptions::max_unread_bytes_per_session`],
//! [`HttpOptions::max_unread_bytes`]) is dropped with its stream, and a
//! line on stderr says so, so that a client that never reads cannot pin
//! the server's memory with answers.
//!
//! [`HttpOptions::max_unread_bytes_per_session`]: crate::mcp::HttpOptions::max_unread_bytes_per_session
//! [`HttpOptions::max_unread_bytes`]: crate::mcp::HttpOptions::max_unread_bytes

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use hyper::body::{Body as HttpBody, Bytes, Frame, SizeHint};

use super::replies::Body;

/// The unsent bytes of every connection, by session, and their caps.
#[derive(Debug)]
pub(crate) struct Ledger {
    per_session: usize,
    total: usize,
    held: Mutex<Held>,
}

#[derive(Debug, Default)]
struct Held {
    by_session: HashMap<Arc<str>, usize>,
    total: usize,
}

/// Which cap an answer would have passed.
enum Over {
    Session(usize),
    Total(usize),
}

impl Ledger {
    pub(crate) fn new(per_session: usize, total: usize) -> Arc<Ledger> {
        Arc::new(Ledger {
            per_session,
            total,
            held: Mutex::new(Held::default()),
        })
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts `bytes` more for `session`, unless that passes a cap.
    fn charge(&self, session: &Arc<str>, bytes: usize) -> Result<(), Over> {
        let mut held = self.held();
        let mine = held.by_session.get(session).copied().unwrap_or(0);
        if mine + bytes > self.per_session {
            return Err(Over::Session(mine));
        }
        if held.total + bytes > self.total {
            return Err(Over::Total(held.total));
        }
        *held.by_session.entry(Arc::clone(session)).or_insert(0) += bytes;
        held.total += bytes;
        Ok(())
    }

    fn release(&self, session: &Arc<str>, bytes: usize) {
        let mut held = self.held();
        held.total -= bytes;
        if let Some(mine) = held.by_session.get_mut(session) {
            *mine -= bytes;
            if *mine == 0 {
                held.by_session.remove(session);
            }
        }
    }
}

/// One connection's answer bytes handed to hyper and not yet taken by the
/// socket, in the order they were written.
#[derive(Debug)]
pub(crate) struct Outbox {
    ledger: Arc<Ledger>,
    queue: Mutex<VecDeque<(Arc<str>, usize)>>,
}

impl Outbox {
    pub(crate) fn new(ledger: &Arc<Ledger>) -> Arc<Outbox> {
        Arc::new(Outbox {
            ledger: Arc::clone(ledger),
            queue: Mutex::new(VecDeque::new()),
        })
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, VecDeque<(Arc<str>, usize)>> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self, session: &Arc<str>, bytes: usize) -> Result<(), Over> {
        self.ledger.charge(session, bytes)?;
        self.queue().push_back((Arc::clone(session), bytes));
        Ok(())
    }

    /// The socket took `bytes` (heads and framing count too, which only
    /// errs toward less held).
    pub(crate) fn sent(&self, mut bytes: usize) {
        let mut queue = self.queue();
        while bytes > 0 {
            let Some((session, left)) = queue.front_mut() else {
                break;
            };
            let taken = bytes.min(*left);
            *left -= taken;
            bytes -= taken;
            self.ledger.release(session, taken);
            if *left == 0 {
                queue.pop_front();
            }
        }
    }
}

impl Drop for Outbox {
    /// A closed connection holds nothing.
    fn drop(&mut self) {
        for (session, left) in self.queue().drain(..) {
            self.ledger.release(&session, left);
        }
    }
}

/// A response body whose data is counted in its connection's [`Outbox`]
/// for `session`; it ends early, dropping the answer, when the next frame
/// would pass a cap.
pub(crate) struct Counted {
    inner: Body,
    outbox: Arc<Outbox>,
    session: Arc<str>,
    ended: bool,
}

impl Counted {
    pub(crate) fn new(inner: Body, outbox: Arc<Outbox>, session: Arc<str>) -> Counted {
        Counted {
            inner,
            outbox,
            session,
            ended: false,
        }
    }

    fn drop_line(&self, bytes: usize, over: &Over) -> String {
        let ledger = &self.outbox.ledger;
        let why = match over {
            Over::Session(held) => format!(
                "{held} bytes of its answers are unread already, and the cap is {} \
                 (HttpOptions::max_unread_bytes_per_session)",
                ledger.per_session
            ),
            Over::Total(held) => format!(
                "{held} bytes of answers are unread already across sessions, and the cap is {} \
                 (HttpOptions::max_unread_bytes)",
                ledger.total
            ),
        };
        format!(
            "mcp: an answer of {bytes} bytes to a {} was dropped with its stream: {why}",
            self.session.split(' ').next().unwrap_or("connection")
        )
    }
}

impl HttpBody for Counted {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        if self.ended {
            return Poll::Ready(None);
        }
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if let Poll::Ready(Some(Ok(frame))) = &polled
            && let Some(data) = frame.data_ref()
        {
            let bytes = data.len();
            if let Err(over) = self.outbox.write(&self.session, bytes) {
                eprintln!("{}", self.drop_line(bytes, &over));
                self.ended = true;
                return Poll::Ready(None);
            }
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.ended || self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(ledger: &Ledger) -> (usize, usize) {
        let held = ledger.held();
        let mine = held.by_session.get("session a").copied().unwrap_or(0);
        (mine, held.total)
    }

    #[test]
    fn the_socket_releases_what_it_takes_and_a_closed_connection_all() {
        let ledger = Ledger::new(100, 150);
        let a: Arc<str> = "session a".into();
        let b: Arc<str> = "session b".into();
        let first = Outbox::new(&ledger);
        let second = Outbox::new(&ledger);
        assert!(first.write(&a, 60).is_ok());
        assert!(matches!(first.write(&a, 41), Err(Over::Session(60))));
        assert!(second.write(&b, 80).is_ok());
        assert!(matches!(first.write(&a, 11), Err(Over::Total(140))));
        assert!(first.write(&a, 10).is_ok());
        assert_eq!(held(&ledger), (70, 150));
        first.sent(65);
        assert_eq!(held(&ledger), (5, 85));
        // Heads and framing beyond what is queued release nothing more.
        first.sent(1000);
        assert_eq!(held(&ledger), (0, 80));
        drop(second);
        assert_eq!(held(&ledger), (0, 0));
        assert!(ledger.held().by_session.is_empty());
    }

    #[test]
    fn an_answer_past_a_cap_ends_its_body_with_a_line() {
        let ledger = Ledger::new(100, 150);
        let counted = Counted::new(
            http_body_util::BodyExt::boxed(http_body_util::Full::new(Bytes::new())),
            Outbox::new(&ledger),
            "session 0123abcd".into(),
        );
        assert_eq!(
            counted.drop_line(120, &Over::Session(30)),
            "mcp: an answer of 120 bytes to a session was dropped with its stream: \
             30 bytes of its answers are unread already, and the cap is 100 \
             (HttpOptions::max_unread_bytes_per_session)"
        );
        assert_eq!(
            counted.drop_line(120, &Over::Total(140)),
            "mcp: an answer of 120 bytes to a session was dropped with its stream: \
             140 bytes of answers are unread already across sessions, and the cap is 150 \
             (HttpOptions::max_unread_bytes)"
        );
    }
}
