//! How much a task store keeps, and how long a runner's lease lasts.

use std::time::Duration;

/// What a [`TaskStore`](super::TaskStore) keeps of settled tasks, the
/// largest result it keeps, and the runner's lease.
///
/// Settled tasks are capped in count and bytes for each owner and for the
/// whole store: past a cap the oldest settled task is dropped (its id then
/// reads as unknown), so one client filling the store evicts its own
/// tasks first. A settled task is also dropped once its TTL has passed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TaskLimits {
    /// Settled tasks kept in all (10,000 by default).
    pub max_settled: usize,
    /// Bytes of settled tasks kept in all (256 MiB by default).
    pub max_settled_bytes: usize,
    /// Settled tasks kept for one owner (1,000 by default).
    pub max_settled_per_owner: usize,
    /// Bytes of settled tasks kept for one owner (32 MiB by default).
    pub max_settled_bytes_per_owner: usize,
    /// The largest result or error a task keeps, in bytes of JSON (1 MiB
    /// by default): a larger result is replaced by an `isError` result with
    /// a line naming both sizes.
    pub max_result_bytes: usize,
    /// How long a task is kept: a task still running then fails; a settled
    /// one is dropped that long after it settled (five minutes by default).
    pub ttl: Duration,
    /// How long a runner's lease lasts (15 s by default): the runner renews
    /// it while the tool runs, and a task whose lease lapsed (its server
    /// stopped) settles `failed` with `the server running this task stopped`
    /// when next read.
    pub lease: Duration,
}

impl Default for TaskLimits {
    fn default() -> Self {
        TaskLimits {
            max_settled: 10_000,
            max_settled_bytes: 256 << 20,
            max_settled_per_owner: 1_000,
            max_settled_bytes_per_owner: 32 << 20,
            max_result_bytes: 1 << 20,
            ttl: Duration::from_secs(300),
            lease: Duration::from_secs(15),
        }
    }
}

impl TaskLimits {
    /// The default limits.
    pub fn new() -> TaskLimits {
        TaskLimits::default()
    }

    /// Settled tasks kept in all, and for one owner.
    pub fn max_settled(mut self, all: usize, per_owner: usize) -> Self {
        self.max_settled = all;
        self.max_settled_per_owner = per_owner;
        self
    }

    /// Bytes of settled tasks kept in all, and for one owner.
    pub fn max_settled_bytes(mut self, all: usize, per_owner: usize) -> Self {
        self.max_settled_bytes = all;
        self.max_settled_bytes_per_owner = per_owner;
        self
    }

    /// The largest result or error a task keeps, in bytes of JSON.
    pub fn max_result_bytes(mut self, max: usize) -> Self {
        self.max_result_bytes = max;
        self
    }

    /// How long a task is kept.
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// How long a runner's lease lasts.
    pub fn lease(mut self, lease: Duration) -> Self {
        self.lease = lease;
        self
    }
}
