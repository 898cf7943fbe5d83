//! The async runtime a synchronous [`Cli::run`](super::Cli::run) drives
//! its command on: a multi-threaded tokio runtime of its own, driven from
//! the calling thread whether or not that thread already runs inside a
//! runtime (a `#[tokio::main]` that calls `run`).

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::{self, Thread};

use tokio::runtime::{Builder, Handle, Runtime};

/// The command's own runtime.
pub(crate) struct Driver {
    runtime: Runtime,
    /// The calling thread already runs inside a runtime, where tokio's own
    /// `block_on` would panic.
    nested: bool,
}

impl Driver {
    pub(crate) fn new() -> std::io::Result<Self> {
        Ok(Driver {
            runtime: Builder::new_multi_thread().enable_all().build()?,
            nested: Handle::try_current().is_ok(),
        })
    }

    /// Runs `future` to its end on this thread, its tasks, timers and I/O
    /// on the command's runtime, then shuts the runtime down without
    /// waiting for a blocking tool still winding down (a call cancelled by
    /// Ctrl-C): the command has answered, and the process is about to exit.
    pub(crate) fn block_on<F: Future>(self, future: F) -> F::Output {
        let output = if self.nested {
            // The runtime's workers drive its timers and I/O; this thread
            // polls the future with the runtime entered (so `tokio::spawn`
            // and `Handle::current` find it) and parks between wake-ups.
            let _entered = self.runtime.enter();
            let waker = Waker::from(Arc::new(Unpark(thread::current())));
            let mut cx = Context::from_waker(&waker);
            let mut future = pin!(future);
            loop {
                match future.as_mut().poll(&mut cx) {
                    Poll::Ready(output) => break output,
                    Poll::Pending => thread::park(),
                }
            }
        } else {
            self.runtime.block_on(future)
        };
        self.runtime.shutdown_background();
        output
    }
}

/// Wakes the thread polling the command's future.
struct Unpark(Thread);

impl Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.0.unpark();
    }
}
