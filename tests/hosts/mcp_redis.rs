//! Replicas of `examples/conformance_server.rs` sharing their tasks in a
//! real `redis-server` the test starts (`--redis`): a task made on one
//! replica is read, answered and cancelled through another (the cancel
//! stops the tool where it runs); a replica killed mid-task (`SIGKILL`)
//! leaves its task `failed` with a true line within the lease, read
//! through another; a Redis lost answers with a JSON-RPC error and a line
//! on stderr, and the replicas work again once it is back.

#![cfg(feature = "mcp-http")]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::mcp_task_owners::Client;
use crate::support::http_example::HttpExample;
use crate::support::redis_server::RedisServer;

/// The runners' lease in these tests.
const LEASE_MS: &str = "1500";

/// A stateless replica on `redis`, and its address.
fn replica(redis: &RedisServer) -> (HttpExample, SocketAddr) {
    let url = redis.url();
    let server = HttpExample::start_with_env(
        "conformance_server",
        &["--stateless", "--redis", &url],
        &[("TOOLSMITH_TASK_LEASE_MS", LEASE_MS)],
    );
    let addr = server.url["http://".len()..server.url.len() - "/mcp".len()]
        .parse()
        .unwrap();
    (server, addr)
}

#[tokio::test]
async fn a_task_made_on_one_replica_is_answered_and_cancelled_through_another() {
    let redis = RedisServer::start();
    let (_one, one_addr) = replica(&redis);
    let (_two, two_addr) = replica(&redis);
    let mut one = Client::start(one_addr, None, false).await;
    let mut two = Client::start(two_addr, None, false).await;

    let asking = one
        .start_task("confirm_delete", json!({ "filename": "notes.txt" }))
        .await;
    let waiting = two.until(&asking, "input_required").await;
    assert_eq!(
        waiting["inputRequests"]["ask-1"]["params"]["message"],
        "Delete notes.txt?"
    );
    let yes = json!({ "ask-1": { "action": "accept", "content": { "confirm": true } } });
    two.result(
        "tasks/update",
        json!({ "taskId": asking, "inputResponses": yes }),
    )
    .await;
    assert_eq!(
        one.until(&asking, "completed").await["result"]["content"],
        json!([{ "type": "text", "text": "deleted notes.txt" }])
    );

    // The cancel lands on the replica that does not run the tool: the
    // runner hears it and the call ends cancelled.
    let slow = one
        .start_task("slow_compute", json!({ "seconds": 600 }))
        .await;
    assert_eq!(
        two.result("tasks/get", json!({ "taskId": slow })).await["status"],
        "working"
    );
    two.result("tasks/cancel", json!({ "taskId": slow })).await;
    two.until(&slow, "cancelled").await;
    assert_eq!(
        one.result("tasks/get", json!({ "taskId": slow })).await["status"],
        "cancelled"
    );
}

#[tokio::test]
async fn a_replica_killed_mid_task_leaves_it_failed_within_the_lease() {
    let redis = RedisServer::start();
    let (mut one, one_addr) = replica(&redis);
    let (_two, two_addr) = replica(&redis);
    let mut first = Client::start(one_addr, None, false).await;
    let mut second = Client::start(two_addr, None, false).await;
    let slow = first
        .start_task("slow_compute", json!({ "seconds": 600 }))
        .await;
    second.until(&slow, "working").await;
    one.child.kill().expect("SIGKILL");
    one.child.wait().unwrap();
    let killed = Instant::now();
    let failed = second.until(&slow, "failed").await;
    assert!(
        killed.elapsed() < Duration::from_millis(1500 + 1000 + 2000),
        "settled only after {:?}",
        killed.elapsed()
    );
    assert_eq!(
        failed["error"],
        json!({ "code": -32603, "message": "the server running this task stopped" })
    );
    // The replica left takes tasks and runs them.
    let next = second
        .start_task("slow_compute", json!({ "seconds": 0 }))
        .await;
    second.until(&next, "completed").await;
}

#[tokio::test]
async fn a_lost_redis_is_a_json_rpc_error_and_a_line_and_the_replica_recovers() {
    let mut redis = RedisServer::start();
    let (server, addr) = replica(&redis);
    let mut client = Client::start(addr, None, false).await;
    let before = client
        .start_task("slow_compute", json!({ "seconds": 0 }))
        .await;
    client.until(&before, "completed").await;

    redis.stop();
    let asked = Instant::now();
    let answer = client
        .request(
            "tools/call",
            json!({ "name": "slow_compute", "arguments": { "seconds": 0 } }),
        )
        .await;
    assert!(
        asked.elapsed() < Duration::from_secs(15),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(answer["error"]["code"], -32603, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with(&format!(
            "the task store did not answer: redis at {}: ",
            redis.url()
        )),
        "{message}"
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut log = String::new();
    while !log.contains("toolsmith: the task store did not answer: redis at") {
        assert!(Instant::now() < deadline, "no line on stderr: {log}");
        tokio::time::sleep(Duration::from_millis(20)).await;
        log.push_str(&server.log());
    }

    redis.restart();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = client
            .request(
                "tools/call",
                json!({ "name": "slow_compute", "arguments": { "seconds": 0 } }),
            )
            .await;
        if let Some(id) = answer["result"]["taskId"].as_str() {
            client.until(id, "completed").await;
            break;
        }
        assert!(Instant::now() < deadline, "still failing: {answer}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
