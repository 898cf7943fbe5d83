//! What stands between a host and a tool: a panic is caught and answered,
//! a call past its deadline is answered, whatever the tool does.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::pin::Pin;
use std::sync::Once;
use std::task::{Context, Poll};
use std::time::Duration;

use super::timer::Sleep;
use crate::echo::shown;

/// The failure message of a call whose tool panicked.
pub(crate) const PANICKED: &str = "the tool panicked";

/// The longest panic message handed to the log, in characters.
const MAX_PANIC_CHARS: usize = 200;

/// A tool panicked: its message (sanitized, cut short) and where.
pub(crate) struct Panic {
    pub(crate) message: String,
}

thread_local! {
    /// How many calls on this thread are inside [`catching`] right now.
    static CATCHING: Cell<usize> = const { Cell::new(0) };
    /// Where the last panic caught on this thread happened.
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `f`, turning a panic into [`Panic`].
///
/// The panic hook is wrapped once per process so that a panic inside a
/// tool is not also printed raw by the default hook (its message can hold
/// escape sequences and newlines); panics anywhere else reach the hook that
/// was there before.
pub(crate) fn catching<R>(f: impl FnOnce() -> R) -> Result<R, Panic> {
    install_hook();
    CATCHING.with(|n| n.set(n.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|n| n.set(n.get() - 1));
    result.map_err(|payload| {
        let location = LOCATION.with(|l| l.borrow_mut().take());
        Panic {
            message: describe(&*payload, location),
        }
    })
}

fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) > 0 {
                let location = info.location().map(ToString::to_string);
                LOCATION.with(|l| *l.borrow_mut() = location);
            } else {
                previous(info);
            }
        }));
    });
}

/// `index out of bounds (at src/lib.rs:3:5)`, sanitized and cut short.
fn describe(payload: &(dyn Any + Send), location: Option<String>) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a non-text payload");
    let mut message = shown(text, MAX_PANIC_CHARS);
    if let Some(location) = location {
        message.push_str(" (at ");
        message.push_str(&shown(&location, MAX_PANIC_CHARS));
        message.push(')');
    }
    message
}

/// A future whose panics are caught, poll by poll.
pub(crate) struct CatchUnwind<F>(pub(crate) F);

impl<F: Future + Unpin> Future for CatchUnwind<F> {
    type Output = Result<F::Output, Panic>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let inner = &mut self.0;
        match catching(|| Pin::new(inner).poll(cx)) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(output)) => Poll::Ready(Ok(output)),
            Err(panic) => Poll::Ready(Err(panic)),
        }
    }
}

/// A future that gives up after a while: `None` once the time is over.
pub(crate) struct Deadline<F> {
    inner: F,
    sleep: Option<Sleep>,
}

impl<F> Deadline<F> {
    /// `inner`, stopped after `limit` when there is one.
    pub(crate) fn new(inner: F, limit: Option<Duration>) -> Self {
        Deadline {
            inner,
            sleep: limit.map(Sleep::new),
        }
    }
}

impl<F: Future + Unpin> Future for Deadline<F> {
    type Output = Option<F::Output>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        if let Poll::Ready(output) = Pin::new(&mut self.inner).poll(cx) {
            return Poll::Ready(Some(output));
        }
        match &mut self.sleep {
            Some(sleep) => Pin::new(sleep).poll(cx).map(|()| None),
            None => Poll::Pending,
        }
    }
}

/// `timed out after 30s`: the failure message of a call past its deadline.
/// Whole seconds are written in seconds, anything else in milliseconds.
pub(crate) fn timed_out(limit: Duration) -> String {
    let millis = limit.as_millis();
    if millis % 1000 == 0 && millis > 0 {
        format!("timed out after {}s", limit.as_secs())
    } else {
        format!("timed out after {millis}ms")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_sanitized_message_and_place() {
        let panic = catching(|| panic!("bad\n\u{1b}[31mthing")).err().unwrap();
        assert!(
            panic
                .message
                .starts_with("bad thing (at runtime/src/toolset/guard.rs:"),
            "{}",
            panic.message
        );
    }

    #[test]
    fn a_long_panic_message_is_cut() {
        let panic = catching(|| panic!("{}", "x".repeat(10_000))).err().unwrap();
        assert!(panic.message.chars().count() < 300, "{}", panic.message);
    }

    #[test]
    fn durations_read_in_the_unit_they_were_set_in() {
        assert_eq!(timed_out(Duration::from_secs(30)), "timed out after 30s");
        assert_eq!(
            timed_out(Duration::from_millis(1500)),
            "timed out after 1500ms"
        );
        assert_eq!(timed_out(Duration::from_millis(20)), "timed out after 20ms");
    }
}
