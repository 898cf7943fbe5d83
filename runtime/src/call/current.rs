//! The call in progress on this thread: what a `#[call]` parameter is
//! given, set while the set polls the tool's future and while a blocking
//! job runs.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use super::Call;

thread_local! {
    static CURRENT: RefCell<Option<Call>> = const { RefCell::new(None) };
}

/// Runs `f` with `call` as this thread's current call, then puts back the
/// one before (also when `f` panics).
pub(crate) fn entered<R>(call: &Call, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Call>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CURRENT.with(|current| *current.borrow_mut() = previous);
        }
    }
    let previous = CURRENT.with(|current| current.borrow_mut().replace(call.clone()));
    let _restore = Restore(previous);
    f()
}

/// This thread's current call.
pub(super) fn current() -> Option<Call> {
    CURRENT.with(|current| current.borrow().clone())
}

/// A future polled with `call` as the current call.
pub(crate) struct InCall<F> {
    call: Call,
    future: Pin<Box<F>>,
}

impl<F> InCall<F> {
    pub(crate) fn new(call: Call, future: F) -> Self {
        InCall {
            call,
            future: Box::pin(future),
        }
    }
}

impl<F: Future> Future for InCall<F> {
    type Output = F::Output;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<F::Output> {
        let this = &mut *self;
        entered(&this.call, || this.future.as_mut().poll(cx))
    }
}
