//! The task store in the server's memory: records in shards each behind a
//! lock of its own, so no request holds every task; the running counts and
//! the settled tasks' queues (oldest first, for eviction) behind one small
//! lock whose work per request is bounded, never a sweep of all entries.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::{Admission, Owner, RunningCaps, StoreFuture, TaskLimits, TaskRecord, TaskStore, Wakes};

/// How many shards the records are spread over.
const SHARDS: usize = 32;

/// Tasks in the server's memory: the default store, for one process.
///
/// ```
/// use toolsmith::mcp::tasks::{MemoryTaskStore, Owner, RunningCaps, TaskRecord, TaskStore};
///
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// let store = MemoryTaskStore::default();
/// let alice = Owner::from_key("session:alice");
/// let record = TaskRecord::working("t-1".into(), alice.clone(), 300_000, 1_000);
/// store.create(record, RunningCaps::new(64, 16)).await.unwrap();
///
/// let read = store.get("t-1").await.unwrap().expect("written before it is answered");
/// assert_eq!(read.owner, alice);
/// let cancelled = read.clone().with_payload(rmcp::model::TaskPayload::Cancelled);
/// assert!(store.compare_and_set(read.version, cancelled).await.unwrap());
/// // Settled: a later write is absorbed.
/// let late = read.clone().with_payload(rmcp::model::TaskPayload::Working);
/// assert!(!store.compare_and_set(read.version + 1, late).await.unwrap());
/// # });
/// ```
pub struct MemoryTaskStore {
    limits: TaskLimits,
    hasher: RandomState,
    shards: Box<[Mutex<Shard>]>,
    books: Mutex<Books>,
}

impl std::fmt::Debug for MemoryTaskStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryTaskStore")
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl Default for MemoryTaskStore {
    fn default() -> Self {
        MemoryTaskStore::new(TaskLimits::default())
    }
}

/// Some of the records, and the wakes of their runners.
#[derive(Default)]
struct Shard {
    entries: HashMap<String, Entry>,
    wakes: HashMap<String, mpsc::Sender<()>>,
}

/// A record, with its lease and, once settled, when it is dropped and its
/// size.
struct Entry {
    record: TaskRecord,
    lease_until: Instant,
    settled: Option<Settled>,
}

#[derive(Clone, Copy)]
struct Settled {
    expires: Instant,
    bytes: usize,
}

/// The running counts and the settled tasks, oldest first. A queue may
/// hold an id already dropped (read past its TTL, or evicted through the
/// other queue): it is skipped when reached.
#[derive(Default)]
struct Books {
    running: HashMap<Owner, usize>,
    running_total: usize,
    settled: VecDeque<(String, Owner, Instant)>,
    owners: HashMap<Owner, OwnerBooks>,
    settled_count: usize,
    settled_bytes: usize,
}

/// One owner's settled tasks.
#[derive(Default)]
struct OwnerBooks {
    queue: VecDeque<String>,
    count: usize,
    bytes: usize,
}

impl MemoryTaskStore {
    /// A store that keeps what `limits` says.
    pub fn new(limits: TaskLimits) -> MemoryTaskStore {
        MemoryTaskStore {
            limits,
            hasher: RandomState::new(),
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            books: Mutex::default(),
        }
    }

    fn shard(&self, id: &str) -> MutexGuard<'_, Shard> {
        let index = (self.hasher.hash_one(id) as usize) % SHARDS;
        self.shards[index]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn books(&self) -> MutexGuard<'_, Books> {
        self.books.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Books task `id` of `owner` as settled, `bytes` long: frees its
    /// running slot, then drops what the TTLs and caps say, oldest first.
    fn book_settled(&self, id: &str, owner: &Owner, settled: Settled) {
        let mut books = self.books();
        if let Some(running) = books.running.get_mut(owner) {
            *running -= 1;
            if *running == 0 {
                books.running.remove(owner);
            }
        }
        books.running_total = books.running_total.saturating_sub(1);
        books
            .settled
            .push_back((id.to_owned(), owner.clone(), settled.expires));
        books.settled_count += 1;
        books.settled_bytes += settled.bytes;
        let Books {
            owners,
            settled_count,
            settled_bytes,
            ..
        } = &mut *books;
        let mine = owners.entry(owner.clone()).or_default();
        mine.queue.push_back(id.to_owned());
        mine.count += 1;
        mine.bytes += settled.bytes;
        let limits = &self.limits;
        while mine.count > limits.max_settled_per_owner
            || mine.bytes > limits.max_settled_bytes_per_owner
        {
            let Some(oldest) = mine.queue.pop_front() else {
                break;
            };
            if let Some(bytes) = self.drop_settled(&oldest) {
                mine.count -= 1;
                mine.bytes -= bytes;
                *settled_count -= 1;
                *settled_bytes -= bytes;
            }
        }
        self.evict(&mut books, Instant::now());
    }

    /// Drops the settled tasks past their TTL at the front of the queue,
    /// then the oldest while the store is over its caps.
    fn evict(&self, books: &mut Books, now: Instant) {
        loop {
            let over = books.settled_count > self.limits.max_settled
                || books.settled_bytes > self.limits.max_settled_bytes;
            let Some((id, owner, expires)) = books.settled.front().cloned() else {
                return;
            };
            if !over && expires > now {
                return;
            }
            books.settled.pop_front();
            let Some(bytes) = self.drop_settled(&id) else {
                continue;
            };
            books.settled_count -= 1;
            books.settled_bytes -= bytes;
            if let Some(mine) = books.owners.get_mut(&owner) {
                if mine.queue.front() == Some(&id) {
                    mine.queue.pop_front();
                }
                mine.count -= 1;
                mine.bytes -= bytes;
                if mine.count == 0 {
                    books.owners.remove(&owner);
                }
            }
        }
    }

    /// Removes settled task `id`: its size, or `None` when it is gone
    /// already.
    fn drop_settled(&self, id: &str) -> Option<usize> {
        let mut shard = self.shard(id);
        let settled = shard.entries.get(id)?.settled?;
        shard.entries.remove(id);
        Some(settled.bytes)
    }

    /// Forgets a settled task of `owner`, `bytes` long, that a read found
    /// past its TTL (and removed).
    fn forget(&self, owner: &Owner, bytes: usize) {
        let mut books = self.books();
        books.settled_count -= 1;
        books.settled_bytes -= bytes;
        if let Some(mine) = books.owners.get_mut(owner) {
            mine.count -= 1;
            mine.bytes -= bytes;
            if mine.count == 0 {
                books.owners.remove(owner);
            }
        }
    }

    /// `next` written over `entry` as its next version; when it settles,
    /// how it is booked.
    fn write(&self, entry: &mut Entry, mut next: TaskRecord) -> Option<Settled> {
        next.version = entry.record.version + 1;
        let settled = next.is_settled().then(|| Settled {
            expires: Instant::now() + self.limits.ttl,
            bytes: serde_json::to_vec(&next).map_or(0, |bytes| bytes.len()),
        });
        entry.record = next;
        entry.settled = settled;
        settled
    }
}

impl TaskStore for MemoryTaskStore {
    fn limits(&self) -> &TaskLimits {
        &self.limits
    }

    fn create(&self, record: TaskRecord, caps: RunningCaps) -> StoreFuture<'_, Admission> {
        Box::pin(async move {
            {
                let mut books = self.books();
                self.evict(&mut books, Instant::now());
                let mine = books.running.get(&record.owner).copied().unwrap_or(0);
                if books.running_total >= caps.total {
                    return Ok(Admission::ServerFull);
                }
                if mine >= caps.per_owner {
                    return Ok(Admission::OwnerFull);
                }
                books.running_total += 1;
                *books.running.entry(record.owner.clone()).or_default() += 1;
            }
            let entry = Entry {
                lease_until: Instant::now() + self.limits.lease,
                record,
                settled: None,
            };
            let id = entry.record.id().to_owned();
            self.shard(&id).entries.insert(id, entry);
            Ok(Admission::Created)
        })
    }

    fn get<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Option<TaskRecord>> {
        Box::pin(async move {
            let now = Instant::now();
            let mut shard = self.shard(id);
            let Some(entry) = shard.entries.get_mut(id) else {
                return Ok(None);
            };
            match entry.settled {
                Some(settled) if settled.expires <= now => {
                    let owner = entry.record.owner.clone();
                    shard.entries.remove(id);
                    drop(shard);
                    self.forget(&owner, settled.bytes);
                    Ok(None)
                }
                Some(_) => Ok(Some(entry.record.clone())),
                None if entry.lease_until <= now => {
                    let stopped = entry.record.clone().runner_stopped();
                    let settled = self.write(entry, stopped);
                    let record = entry.record.clone();
                    shard.wakes.remove(id);
                    drop(shard);
                    if let Some(settled) = settled {
                        self.book_settled(id, &record.owner, settled);
                    }
                    Ok(Some(record))
                }
                None => Ok(Some(entry.record.clone())),
            }
        })
    }

    fn compare_and_set(&self, version: u64, next: TaskRecord) -> StoreFuture<'_, bool> {
        Box::pin(async move {
            let id = next.id().to_owned();
            let owner = next.owner.clone();
            let mut shard = self.shard(&id);
            let Some(entry) = shard.entries.get_mut(&id) else {
                return Ok(false);
            };
            if entry.settled.is_some() || entry.record.version != version {
                return Ok(false);
            }
            let settled = self.write(entry, next);
            if let Some(settled) = settled {
                shard.wakes.remove(&id);
                drop(shard);
                self.book_settled(&id, &owner, settled);
            }
            Ok(true)
        })
    }

    fn renew<'a>(
        &'a self,
        id: &'a str,
        _owner: &'a Owner,
        lease: Duration,
    ) -> StoreFuture<'a, bool> {
        Box::pin(async move {
            let mut shard = self.shard(id);
            Ok(match shard.entries.get_mut(id) {
                Some(entry) if entry.settled.is_none() => {
                    entry.lease_until = Instant::now() + lease;
                    true
                }
                _ => false,
            })
        })
    }

    fn wake<'a>(&'a self, id: &'a str) -> StoreFuture<'a, ()> {
        Box::pin(async move {
            let mut shard = self.shard(id);
            if let Some(wake) = shard.wakes.get(id)
                && let Err(mpsc::error::TrySendError::Closed(())) = wake.try_send(())
            {
                shard.wakes.remove(id);
            }
            Ok(())
        })
    }

    fn wakes<'a>(&'a self, id: &'a str) -> StoreFuture<'a, Wakes> {
        Box::pin(async move {
            let (wake, wakes) = mpsc::channel(1);
            self.shard(id).wakes.insert(id.to_owned(), wake);
            Ok(Wakes::new(wakes))
        })
    }
}
