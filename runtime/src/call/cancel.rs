//! A call's cancellation: a flag set once, and the tasks waiting for it.

use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, Waker};

/// Set once, by whoever cancels; read by the tool, polled by the set.
#[derive(Default)]
pub(super) struct Cancel {
    fired: AtomicBool,
    /// One waker per waiting task: a task polled again replaces its own.
    waiting: Mutex<Vec<Waker>>,
}

impl Cancel {
    pub(super) fn fire(&self) {
        if self.fired.swap(true, Ordering::AcqRel) {
            return;
        }
        let waiting = std::mem::take(&mut *self.waiting.lock().unwrap_or_else(|e| e.into_inner()));
        for waker in waiting {
            waker.wake();
        }
    }

    pub(super) fn is_fired(&self) -> bool {
        self.fired.load(Ordering::Acquire)
    }

    /// Ready once fired; otherwise `cx`'s waker is kept until then.
    pub(super) fn poll_fired(&self, cx: &mut Context<'_>) -> Poll<()> {
        if self.is_fired() {
            return Poll::Ready(());
        }
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        // Checked again under the lock: `fire` takes the wakers under it.
        if self.is_fired() {
            return Poll::Ready(());
        }
        match waiting.iter_mut().find(|w| w.will_wake(cx.waker())) {
            Some(kept) => kept.clone_from(cx.waker()),
            None => waiting.push(cx.waker().clone()),
        }
        Poll::Pending
    }
}

/// Resolves when the call is cancelled, from [`Call::cancelled`](super::Call::cancelled).
#[must_use = "a future does nothing unless awaited"]
pub struct Cancelled<'a> {
    pub(super) cancel: &'a Cancel,
}

impl Future for Cancelled<'_> {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        self.cancel.poll_fired(cx)
    }
}

impl std::fmt::Debug for Cancelled<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cancelled")
            .field("fired", &self.cancel.is_fired())
            .finish()
    }
}
