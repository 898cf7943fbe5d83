//! The bytes of request bodies held at once, shared by every connection:
//! a body takes its bytes from the budget as they arrive and gives them
//! back when its request has been handed on, so that many slow or large
//! bodies together hold a bounded amount of memory. A sixteenth of the
//! budget is kept for small bodies (64 KiB at most, or that sixteenth),
//! so that ordinary calls still pass while large bodies fill the rest.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The bytes of bodies in flight, and how many may be.
#[derive(Debug)]
pub(crate) struct BodyBudget {
    held: AtomicUsize,
    max: usize,
    /// The part of `max` only small bodies may take.
    reserve: usize,
    /// The most bytes of a small body.
    small: usize,
}

/// The largest body the reserve is kept for.
const SMALL_BODY: usize = 64 * 1024;

/// Bytes taken from a [`BodyBudget`], given back when dropped.
#[derive(Debug)]
pub(crate) struct Held {
    budget: Arc<BodyBudget>,
    bytes: usize,
}

impl BodyBudget {
    /// A budget of `max` bytes.
    pub(crate) fn new(max: usize) -> Arc<Self> {
        let reserve = max / 16;
        Arc::new(BodyBudget {
            held: AtomicUsize::new(0),
            max,
            reserve,
            small: reserve.min(SMALL_BODY),
        })
    }

    /// The most bytes it lends at once.
    pub(crate) fn max(&self) -> usize {
        self.max
    }

    /// Nothing taken yet.
    pub(crate) fn none(self: &Arc<Self>) -> Held {
        Held {
            budget: Arc::clone(self),
            bytes: 0,
        }
    }

    /// The bytes held now.
    #[cfg(test)]
    fn held(&self) -> usize {
        self.held.load(Ordering::Acquire)
    }
}

impl Held {
    /// Takes `bytes` more; `false` (and nothing taken) when that would go
    /// past the budget, or into its reserve for a body no longer small.
    pub(crate) fn grow(&mut self, bytes: usize) -> bool {
        let budget = &self.budget;
        let limit = if self.bytes + bytes <= budget.small {
            budget.max
        } else {
            budget.max - budget.reserve
        };
        let taken = budget
            .held
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                held.checked_add(bytes).filter(|&total| total <= limit)
            });
        if taken.is_ok() {
            self.bytes += bytes;
        }
        taken.is_ok()
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.budget.held.fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_lent_up_to_the_budget_and_given_back_on_drop() {
        // 160 bytes: 150 for any body, the last 10 for bodies of 10 bytes
        // at most.
        let budget = BodyBudget::new(160);
        let mut first = budget.none();
        let mut second = budget.none();
        assert!(first.grow(90));
        assert!(!second.grow(61), "90 + 61 is past 150");
        assert!(second.grow(60));
        assert!(!first.grow(1));
        assert_eq!(budget.held(), 150);
        let mut small = budget.none();
        assert!(small.grow(6), "a small body takes from the reserve");
        assert!(!small.grow(5), "one of 11 bytes is no longer small");
        assert!(small.grow(4));
        let mut another = budget.none();
        assert!(!another.grow(1), "all 160 are taken");
        assert_eq!(budget.held(), 160);
        drop(first);
        assert_eq!(budget.held(), 70);
        assert!(second.grow(80));
        drop((second, small));
        assert_eq!(budget.held(), 0);
    }
}
