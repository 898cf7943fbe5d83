//! The bytes of request bodies held at once, shared by every connection:
//! a body takes its bytes from the budget as they arrive and gives them
//! back when its request has been handed on, so that many slow or large
//! bodies together hold a bounded amount of memory.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The bytes of bodies in flight, and how many may be.
#[derive(Debug)]
pub(crate) struct BodyBudget {
    held: AtomicUsize,
    max: usize,
}

/// Bytes taken from a [`BodyBudget`], given back when dropped.
#[derive(Debug)]
pub(crate) struct Held {
    budget: Arc<BodyBudget>,
    bytes: usize,
}

impl BodyBudget {
    /// A budget of `max` bytes.
    pub(crate) fn new(max: usize) -> Arc<Self> {
        Arc::new(BodyBudget {
            held: AtomicUsize::new(0),
            max,
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
    /// past the budget.
    pub(crate) fn grow(&mut self, bytes: usize) -> bool {
        let budget = &self.budget;
        let taken = budget
            .held
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                held.checked_add(bytes).filter(|&total| total <= budget.max)
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
        let budget = BodyBudget::new(10);
        let mut first = budget.none();
        let mut second = budget.none();
        assert!(first.grow(6));
        assert!(!second.grow(5), "6 + 5 is past 10");
        assert!(second.grow(4));
        assert!(!first.grow(1));
        assert_eq!(budget.held(), 10);
        drop(first);
        assert_eq!(budget.held(), 4);
        assert!(second.grow(6));
        drop(second);
        assert_eq!(budget.held(), 0);
    }
}
