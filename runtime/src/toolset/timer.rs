//! A sleep future that works on any async runtime: one background thread,
//! started on first use, wakes each sleeper at its deadline.
//!
//! The runtime carries no async runtime of its own, and a call timeout must
//! work under whichever one the host uses; a single thread holding a heap of
//! deadlines is the smallest thing that does.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

/// Resolves once its duration has passed.
pub(crate) struct Sleep {
    deadline: Instant,
    id: Option<u64>,
}

impl Sleep {
    pub(crate) fn new(duration: Duration) -> Self {
        Sleep {
            // A duration too long to add is as good as forever.
            deadline: Instant::now()
                .checked_add(duration)
                .unwrap_or_else(|| Instant::now() + Duration::from_secs(86_400 * 365 * 100)),
            id: None,
        }
    }
}

impl Future for Sleep {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if Instant::now() >= self.deadline {
            if let Some(id) = self.id.take() {
                timer().lock().wakers.remove(&id);
            }
            return Poll::Ready(());
        }
        let timer = timer();
        let mut state = timer.lock();
        match self.id {
            Some(id) => {
                if let Some(waker) = state.wakers.get_mut(&id) {
                    waker.clone_from(cx.waker());
                } else {
                    // Fired between the check above and the lock: poll again.
                    cx.waker().wake_by_ref();
                }
            }
            None => {
                let id = state.next_id;
                state.next_id += 1;
                state.wakers.insert(id, cx.waker().clone());
                let earliest = state
                    .deadlines
                    .peek()
                    .is_none_or(|Reverse((first, _))| self.deadline < *first);
                state.deadlines.push(Reverse((self.deadline, id)));
                self.id = Some(id);
                if earliest {
                    timer.changed.notify_one();
                }
            }
        }
        Poll::Pending
    }
}

impl Drop for Sleep {
    fn drop(&mut self) {
        if let Some(id) = self.id {
            timer().lock().wakers.remove(&id);
        }
    }
}

struct Timer {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Default)]
struct State {
    /// Pending deadlines; an entry whose waker is gone was dropped early.
    deadlines: BinaryHeap<Reverse<(Instant, u64)>>,
    wakers: BTreeMap<u64, Waker>,
    next_id: u64,
}

impl Timer {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The state stays consistent under a panic (no user code runs with
        // the lock held), so a poisoned lock is still usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn run(&self) {
        let mut state = self.lock();
        loop {
            let now = Instant::now();
            while let Some(&Reverse((deadline, id))) = state.deadlines.peek() {
                if deadline > now {
                    break;
                }
                state.deadlines.pop();
                if let Some(waker) = state.wakers.remove(&id) {
                    waker.wake();
                }
            }
            state = match state.deadlines.peek() {
                Some(&Reverse((deadline, _))) => {
                    let wait = deadline.saturating_duration_since(now);
                    self.changed
                        .wait_timeout(state, wait)
                        .unwrap_or_else(|e| e.into_inner())
                        .0
                }
                None => self.changed.wait(state).unwrap_or_else(|e| e.into_inner()),
            };
        }
    }
}

fn timer() -> &'static Timer {
    static TIMER: OnceLock<&'static Timer> = OnceLock::new();
    TIMER.get_or_init(|| {
        let timer: &'static Timer = Box::leak(Box::new(Timer {
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
        }));
        std::thread::Builder::new()
            .name("toolsmith-timer".into())
            .spawn(|| timer.run())
            .expect("the timer thread starts");
        timer
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::task::Wake;

    use super::*;

    struct Flag(AtomicBool);

    impl Wake for Flag {
        fn wake(self: Arc<Self>) {
            self.0.store(true, Ordering::SeqCst);
        }
    }

    #[test]
    fn a_sleeper_is_woken_and_then_ready() {
        let flag = Arc::new(Flag(AtomicBool::new(false)));
        let waker = Waker::from(flag.clone());
        let mut cx = Context::from_waker(&waker);
        let mut sleep = Sleep::new(Duration::from_millis(5));
        assert!(Pin::new(&mut sleep).poll(&mut cx).is_pending());
        while !flag.0.load(Ordering::SeqCst) {
            std::thread::yield_now();
        }
        assert!(Pin::new(&mut sleep).poll(&mut cx).is_ready());
    }
}
