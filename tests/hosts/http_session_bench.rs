//! A figure of BENCHMARKS.md's "Tasks in Redis" section: what a plain
//! `tools/call` in a 2025-era HTTP session costs when the sessions and
//! every stream's events are kept in Redis (`HttpOptions::redis`), next to
//! the same server with nothing shared, in the same run, on a real
//! `redis-server` the test starts: one replica, then two taking the calls
//! in turn. Ignored by default (it measures):
//! `cargo test -p toolsmith --all-features --test hosts -- --ignored --nocapture http_session_bench`.

#![cfg(all(feature = "mcp-http", feature = "redis"))]

use std::net::SocketAddr;
use std::time::Instant;

use toolsmith::mcp::{HttpOptions, McpServer};
use toolsmith::{ToolSet, tool};

use crate::mcp_http_streams::open_session;
use crate::raw_http::{exchange, post, serve};
use crate::support::redis_server::RedisServer;

/// Answers at once.
#[tool]
fn ping() -> &'static str {
    "pong"
}

/// A server of `ping` with `options`, on a free loopback port.
async fn serve_ping(options: HttpOptions) -> SocketAddr {
    let mut tools = ToolSet::new();
    tools.register(Ping).unwrap();
    serve(McpServer::new(tools).with_http_options(options)).await
}

/// The median of `runs` calls in `session`, sent in turn to `replicas`,
/// each on a new connection, in microseconds.
async fn median_us(replicas: &[SocketAddr], session: &str, runs: usize) -> u128 {
    let call =
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ping","arguments":{}}}"#;
    let headers = [
        ("Mcp-Session-Id", session),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    let mut times = Vec::with_capacity(runs);
    for n in 0..runs {
        let at = Instant::now();
        let reply = exchange(replicas[n % replicas.len()], &post(call, &headers)).await;
        times.push(at.elapsed().as_micros());
        assert!(reply.body.contains("pong"), "{reply:?}");
    }
    times.sort_unstable();
    times[runs / 2]
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "measures; run for BENCHMARKS.md"]
async fn http_session_bench() {
    let redis = RedisServer::start();
    let alone = [serve_ping(HttpOptions::new()).await];
    let shared = || HttpOptions::new().redis(redis.url());
    let replicas = [serve_ping(shared()).await, serve_ping(shared()).await];
    let sessions = [
        open_session(alone[0]).await,
        open_session(replicas[0]).await,
        open_session(replicas[0]).await,
    ];
    let setups: [(&str, &[SocketAddr]); 3] = [
        ("in memory, one replica", &alone),
        ("Redis, one replica", &replicas[..1]),
        ("Redis, two replicas in turn", &replicas),
    ];
    let runs = 500;
    let mut medians = [Vec::new(), Vec::new(), Vec::new()];
    // Warm up each, then alternate, so that all see the same machine.
    for ((_, addrs), session) in setups.iter().zip(&sessions) {
        median_us(addrs, session, 10).await;
    }
    for _ in 0..5 {
        for (((_, addrs), session), medians) in setups.iter().zip(&sessions).zip(&mut medians) {
            medians.push(median_us(addrs, session, runs / 5).await);
        }
    }
    let base = {
        medians[0].sort_unstable();
        medians[0][2]
    };
    for ((name, _), medians) in setups.iter().zip(&mut medians) {
        medians.sort_unstable();
        let median = medians[2];
        println!(
            "tools/call in a session, median of {runs}, {name}: {median} us, ratio {:.2}",
            median as f64 / base as f64
        );
    }
}
