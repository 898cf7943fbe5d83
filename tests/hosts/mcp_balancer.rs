//! Three replicas of `examples/conformance_server.rs` sharing sessions and
//! tasks in a real `redis-server` (`--redis`), behind nginx round robin
//! with no stickiness, all started by the test on loopback: the official
//! conformance suites (stable, and the 2026-07-28 requirements with the
//! tasks scenarios) through the balancer; a replica killed (`SIGKILL`)
//! mid-task, whose task then reads `failed` through the balancer within
//! the lease, and the suites again through the two left; Redis restarted,
//! and the suites again once the replicas serve tasks again. Every
//! scenario passes, those whose client answers the server's request
//! (sampling, elicitation) on a replica other than the one that asked,
//! or sets the log level on one and calls on another, among them: the
//! replicas hand the answer on over Redis, and keep the level there.

#![cfg(all(feature = "mcp-http", target_os = "linux", target_arch = "x86_64"))]

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::mcp_conformance::{ACTIVE, REVISION_2026_07_28, Suite};
use crate::mcp_task_owners::Client;
use crate::support::balancer::Balancer;
use crate::support::http_example::HttpExample;
use crate::support::redis_server::RedisServer;

/// The runners' lease in this test, in milliseconds.
const LEASE_MS: u64 = 3000;

/// The scenarios of `suite` that pass and those that do not, through
/// the server at `url`.
fn scores(suite: &Suite, url: &str) -> (Vec<String>, Vec<String>, String) {
    let (results, output): (BTreeMap<String, (usize, usize)>, _) = suite.results(url);
    let (mut passing, mut failing) = (Vec::new(), Vec::new());
    for (name, (passed, failed)) in results {
        if failed == 0 && passed > 0 {
            passing.push(name);
        } else if passed + failed > 0 {
            failing.push(format!("{name} ({passed} passed, {failed} failed)"));
        }
    }
    (
        passing,
        failing,
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// Runs both suites through `url` and prints their counts under `label`;
/// by suite, how many scenarios passed and those that failed.
fn both_suites(label: &str, url: &str) -> Vec<(usize, Vec<String>)> {
    let mut failures = Vec::new();
    for (name, suite) in [("stable", &ACTIVE), ("2026-07-28", &REVISION_2026_07_28)] {
        let (passing, failing, _) = scores(suite, url);
        println!(
            "{label}: {name} suite {}/{} scenarios pass; failing: {failing:?}",
            passing.len(),
            passing.len() + failing.len()
        );
        failures.push((passing.len(), failing));
    }
    failures
}

/// Calls a task tool through the balancer at `through` until the
/// replicas answer with tasks again, `times` in a row.
async fn until_served(through: SocketAddr, times: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut client = Client::start(through, None, false).await;
    let mut served = 0;
    while served < times {
        let answer = client
            .request(
                "tools/call",
                json!({ "name": "slow_compute", "arguments": { "seconds": 0 } }),
            )
            .await;
        served = if answer["result"]["taskId"].is_string() {
            served + 1
        } else {
            0
        };
        assert!(Instant::now() < deadline, "not served again: {answer}");
    }
}

fn replica(redis: &RedisServer) -> (HttpExample, String) {
    let url = redis.url();
    let lease = LEASE_MS.to_string();
    let server = HttpExample::start_with_env(
        "conformance_server",
        &["--redis", &url],
        &[("TOOLSMITH_TASK_LEASE_MS", &lease)],
    );
    let addr = server.url["http://".len()..server.url.len() - "/mcp".len()].to_owned();
    (server, addr)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_suites_pass_through_a_balancer_over_replicas_one_killed_and_redis_restarted() {
    let mut redis = RedisServer::start();
    let mut replicas: Vec<(HttpExample, String)> = (0..3).map(|_| replica(&redis)).collect();
    let addrs: Vec<String> = replicas.iter().map(|(_, addr)| addr.clone()).collect();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("balancer");
    let balancer = Balancer::start(&addrs, dir);
    let url = balancer.url.clone();
    let through: SocketAddr = url["http://".len()..url.len() - "/mcp".len()]
        .parse()
        .unwrap();

    let three = tokio::task::spawn_blocking({
        let url = url.clone();
        move || both_suites("3 replicas", &url)
    })
    .await
    .unwrap();

    // A task whose runner is the first replica, read through the balancer.
    let first: SocketAddr = addrs[0].parse().unwrap();
    let mut direct = Client::start(first, None, false).await;
    let slow = direct
        .start_task("slow_compute", json!({ "seconds": 600 }))
        .await;
    let mut balanced = Client::start(through, None, false).await;
    balanced.until(&slow, "working").await;
    let (mut killed, _) = replicas.remove(0);
    killed.child.kill().expect("SIGKILL");
    killed.child.wait().unwrap();
    let at = Instant::now();
    let failed = balanced.until(&slow, "failed").await;
    let settled_after = at.elapsed();
    println!("the killed replica's task read failed after {settled_after:?} (lease {LEASE_MS} ms)");
    assert_eq!(
        failed["error"],
        json!({ "code": -32603, "message": "the server running this task stopped" })
    );
    assert!(
        settled_after < Duration::from_millis(LEASE_MS + 3000),
        "{settled_after:?}"
    );

    let two = tokio::task::spawn_blocking({
        let url = url.clone();
        move || both_suites("2 replicas", &url)
    })
    .await
    .unwrap();

    redis.restart();
    until_served(through, 6).await;
    let restarted = tokio::task::spawn_blocking({
        let url = url.clone();
        move || both_suites("2 replicas, Redis restarted", &url)
    })
    .await
    .unwrap();
    // All 30 scenarios of the stable suite, all 49 of the 2026-07-28
    // requirements that score.
    let none: Vec<(usize, Vec<String>)> = vec![(30, Vec::new()), (49, Vec::new())];
    assert_eq!(three, none, "through 3 replicas");
    assert_eq!(two, none, "through 2 replicas");
    assert_eq!(restarted, none, "after Redis restarted");
}
