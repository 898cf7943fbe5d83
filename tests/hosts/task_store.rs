//! The in-memory task store on its own: a settled task absorbs later
//! writes, settled tasks are capped in count and bytes per owner and in
//! all (the oldest dropped first) and dropped after their TTL, a task
//! whose runner's lease lapsed settles `failed` with a true line, and the
//! running caps hold per owner and in all.

use std::time::Duration;

use rmcp::model::{TaskPayload, TaskStatus};
use serde_json::json;
use toolsmith::mcp::tasks::{
    Admission, MemoryTaskStore, Owner, RunningCaps, TaskLimits, TaskRecord, TaskStore,
};

const CAPS: RunningCaps = RunningCaps::new(100, 100);

fn record(id: &str, owner: &Owner) -> TaskRecord {
    TaskRecord::working(id.to_owned(), owner.clone(), 300_000, 1_000)
}

/// Creates task `id` of `owner` and settles it `completed` with `text`.
async fn settled(store: &MemoryTaskStore, id: &str, owner: &Owner, text: &str) {
    let made = record(id, owner);
    assert_eq!(
        store.create(made.clone(), CAPS).await.unwrap(),
        Admission::Created
    );
    let result = json!({ "content": [{ "type": "text", "text": text }], "isError": false });
    let done = made.with_payload(TaskPayload::Completed {
        result: result.as_object().unwrap().clone(),
    });
    assert!(store.compare_and_set(0, done).await.unwrap());
}

async fn ids(store: &MemoryTaskStore, ids: &[&str]) -> Vec<bool> {
    let mut known = Vec::new();
    for id in ids {
        known.push(store.get(id).await.unwrap().is_some());
    }
    known
}

#[tokio::test]
async fn a_settled_task_absorbs_later_writes_and_a_stale_version_writes_nothing() {
    let store = MemoryTaskStore::default();
    let alice = Owner::from_key("alice");
    let made = record("t", &alice);
    store.create(made.clone(), CAPS).await.unwrap();
    let asking = made.clone().with_payload(TaskPayload::Working);
    assert!(store.compare_and_set(0, asking.clone()).await.unwrap());
    // Version 0 was read before the write above: no longer current.
    assert!(!store.compare_and_set(0, asking.clone()).await.unwrap());
    let cancelled = asking.clone().with_payload(TaskPayload::Cancelled);
    assert!(store.compare_and_set(1, cancelled).await.unwrap());
    let late = asking.with_payload(TaskPayload::Working);
    assert!(!store.compare_and_set(2, late).await.unwrap());
    let read = store.get("t").await.unwrap().unwrap();
    assert_eq!(
        (read.task.status(), read.version),
        (TaskStatus::Cancelled, 2)
    );
}

#[tokio::test]
async fn settled_tasks_past_an_owners_count_drop_that_owners_oldest_first() {
    let store = MemoryTaskStore::new(TaskLimits::new().max_settled(100, 2));
    let (alice, bob) = (Owner::from_key("alice"), Owner::from_key("bob"));
    settled(&store, "b1", &bob, "b").await;
    for id in ["a1", "a2", "a3"] {
        settled(&store, id, &alice, "a").await;
    }
    assert_eq!(
        ids(&store, &["b1", "a1", "a2", "a3"]).await,
        [true, false, true, true]
    );
}

#[tokio::test]
async fn settled_tasks_past_the_stores_count_drop_the_oldest_of_anyone() {
    let store = MemoryTaskStore::new(TaskLimits::new().max_settled(3, 100));
    let (alice, bob) = (Owner::from_key("alice"), Owner::from_key("bob"));
    settled(&store, "a1", &alice, "a").await;
    settled(&store, "b1", &bob, "b").await;
    settled(&store, "a2", &alice, "a").await;
    settled(&store, "b2", &bob, "b").await;
    assert_eq!(
        ids(&store, &["a1", "b1", "a2", "b2"]).await,
        [false, true, true, true]
    );
}

#[tokio::test]
async fn settled_tasks_past_the_byte_caps_drop_the_oldest() {
    let big = "x".repeat(10_000);
    let store = MemoryTaskStore::new(TaskLimits::new().max_settled_bytes(1 << 20, 25_000));
    let alice = Owner::from_key("alice");
    for id in ["a1", "a2", "a3"] {
        settled(&store, id, &alice, &big).await;
    }
    assert_eq!(ids(&store, &["a1", "a2", "a3"]).await, [false, true, true]);

    let store = MemoryTaskStore::new(TaskLimits::new().max_settled_bytes(25_000, 1 << 20));
    let bob = Owner::from_key("bob");
    settled(&store, "a1", &alice, &big).await;
    settled(&store, "b1", &bob, &big).await;
    settled(&store, "b2", &bob, &big).await;
    assert_eq!(ids(&store, &["a1", "b1", "b2"]).await, [false, true, true]);
}

#[tokio::test]
async fn a_settled_task_is_dropped_after_its_ttl() {
    let store = MemoryTaskStore::new(TaskLimits::new().ttl(Duration::from_millis(50)));
    let alice = Owner::from_key("alice");
    settled(&store, "a1", &alice, "a").await;
    assert_eq!(ids(&store, &["a1"]).await, [true]);
    tokio::time::sleep(Duration::from_millis(80)).await;
    assert_eq!(ids(&store, &["a1"]).await, [false]);
}

#[tokio::test]
async fn a_task_whose_lease_lapsed_settles_failed_with_a_true_line_and_frees_its_slot() {
    let store = MemoryTaskStore::new(TaskLimits::new().lease(Duration::from_millis(50)));
    let alice = Owner::from_key("alice");
    let one = RunningCaps::new(1, 1);
    store.create(record("t", &alice), one).await.unwrap();
    assert_eq!(
        store.create(record("u", &alice), one).await.unwrap(),
        Admission::ServerFull
    );
    assert!(
        store
            .renew("t", &alice, Duration::from_millis(50))
            .await
            .unwrap()
    );
    tokio::time::sleep(Duration::from_millis(80)).await;
    let read = store.get("t").await.unwrap().unwrap();
    assert_eq!(
        serde_json::to_value(&read.task).unwrap()["error"],
        json!({ "code": -32603, "message": "the server running this task stopped" })
    );
    assert!(
        !store
            .renew("t", &alice, Duration::from_millis(50))
            .await
            .unwrap()
    );
    assert_eq!(
        store.create(record("u", &alice), one).await.unwrap(),
        Admission::Created
    );
}

#[tokio::test]
async fn the_running_caps_hold_per_owner_and_in_all() {
    let store = MemoryTaskStore::default();
    let (alice, bob) = (Owner::from_key("alice"), Owner::from_key("bob"));
    let caps = RunningCaps::new(3, 2);
    let mut admitted = Vec::new();
    for (id, owner) in [
        ("a1", &alice),
        ("a2", &alice),
        ("a3", &alice),
        ("b1", &bob),
        ("b2", &bob),
    ] {
        admitted.push(store.create(record(id, owner), caps).await.unwrap());
    }
    assert_eq!(
        admitted,
        [
            Admission::Created,
            Admission::Created,
            Admission::OwnerFull,
            Admission::Created,
            Admission::ServerFull
        ]
    );
}
