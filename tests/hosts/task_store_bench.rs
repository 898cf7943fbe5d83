//! The figures of BENCHMARKS.md's "Tasks in Redis" section, on a real
//! `redis-server` the test starts: a task's latency from `tools/call` to
//! its result with the Redis store and in memory (same run, same server
//! code), tasks a replica settles per second, and Redis's memory for
//! 100,000 settled tasks and after their TTL. Ignored by default (it
//! measures): `cargo test -p toolsmith --test hosts -- --ignored --nocapture task_store_bench`.

#![cfg(feature = "mcp-http")]

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use toolsmith::ToolSet;
use toolsmith::mcp::McpServer;
use toolsmith::mcp::redis::RedisTaskStore;
use toolsmith::mcp::tasks::{
    MemoryTaskStore, Owner, RunningCaps, TaskLimits, TaskRecord, TaskStore,
};

use crate::support::redis_server::RedisServer;

/// Answers at once, as a task.
#[toolsmith::tool(task)]
async fn quick() -> String {
    "done".to_owned()
}

/// A client on a stdio connection of `server`.
struct Lines {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    read: tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
    next: u64,
}

impl Lines {
    async fn start(server: McpServer) -> Lines {
        let (ours, theirs) = tokio::io::duplex(1 << 20);
        let (read, write) = tokio::io::split(theirs);
        tokio::spawn(server.serve_lines(read, write));
        let (read, write) = tokio::io::split(ours);
        let mut lines = Lines {
            write,
            read: BufReader::new(read).lines(),
            next: 0,
        };
        lines
            .request(
                "initialize",
                json!({
                    "protocolVersion": "2025-11-25",
                    "capabilities": { "extensions": { "io.modelcontextprotocol/tasks": {} } },
                    "clientInfo": { "name": "bench", "version": "1" }
                }),
            )
            .await;
        let ready = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
        lines
            .write
            .write_all(format!("{ready}\n").as_bytes())
            .await
            .unwrap();
        lines
    }

    async fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let line = json!({ "jsonrpc": "2.0", "id": self.next, "method": method, "params": params });
        self.write
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
        loop {
            let line = self.read.next_line().await.unwrap().unwrap();
            let message: Value = serde_json::from_str(&line).unwrap();
            if message["id"] == json!(self.next) {
                return message["result"].clone();
            }
        }
    }

    /// A task of `quick`, from `tools/call` to its result (polled at once,
    /// again and again).
    async fn one_task(&mut self) -> Duration {
        let at = Instant::now();
        let created = self
            .request("tools/call", json!({ "name": "quick", "arguments": {} }))
            .await;
        let id = created["taskId"].as_str().expect("a task").to_owned();
        while self.request("tasks/get", json!({ "taskId": id })).await["status"] != "completed" {}
        at.elapsed()
    }
}

fn server() -> McpServer {
    let mut tools = ToolSet::new();
    tools.register(Quick).unwrap();
    McpServer::new(tools).with_max_tasks(100_000)
}

/// The median of `runs` tasks one after another, in microseconds.
async fn median_us(client: &mut Lines, runs: usize) -> u128 {
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        times.push(client.one_task().await.as_micros());
    }
    times.sort_unstable();
    times[runs / 2]
}

/// Redis's `used_memory`, in bytes, from `INFO memory`.
fn used_memory(redis: &RedisServer) -> u64 {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", redis.port)).unwrap();
    stream.write_all(b"INFO memory\r\n").unwrap();
    let mut text = String::new();
    let mut buffer = [0u8; 8192];
    // `used_memory_human` comes right after `used_memory`.
    while !text.contains("used_memory_human:") {
        let read = stream.read(&mut buffer).unwrap();
        assert!(read > 0, "INFO ended early: {text}");
        text.push_str(&String::from_utf8_lossy(&buffer[..read]));
    }
    text.lines()
        .find_map(|line| line.strip_prefix("used_memory:"))
        .and_then(|value| value.trim().parse().ok())
        .expect("INFO gives used_memory")
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "measures; run for BENCHMARKS.md"]
async fn task_store_bench() {
    let redis = RedisServer::start();
    let runs = 500;

    // Room for every settled task of the runs below.
    let kept = TaskLimits::new().max_settled(100_000, 100_000);
    let in_process = MemoryTaskStore::new(kept.clone());
    let mut memory = Lines::start(server().with_task_store(in_process)).await;
    let store = RedisTaskStore::with_prefix(&redis.url(), kept, "bench").unwrap();
    let mut shared = Lines::start(server().with_task_store(store)).await;
    // Warm up both, then alternate, so that both see the same machine.
    memory.one_task().await;
    shared.one_task().await;
    let (mut in_memory, mut in_redis) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        in_memory.push(median_us(&mut memory, runs / 5).await);
        in_redis.push(median_us(&mut shared, runs / 5).await);
    }
    in_memory.sort_unstable();
    in_redis.sort_unstable();
    let (m, r) = (in_memory[2], in_redis[2]);
    println!(
        "create -> result, median of {runs}: in memory {m} us, Redis {r} us, ratio {:.2}",
        r as f64 / m as f64
    );

    // Tasks one replica settles per second: 2,000 calls in flight on one
    // connection, until every one has completed.
    for (name, client) in [("in memory", &mut memory), ("Redis", &mut shared)] {
        let at = Instant::now();
        let mut ids = Vec::new();
        for _ in 0..2_000 {
            let created = client
                .request("tools/call", json!({ "name": "quick", "arguments": {} }))
                .await;
            ids.push(created["taskId"].as_str().unwrap().to_owned());
        }
        for id in &ids {
            while client.request("tasks/get", json!({ "taskId": id })).await["status"]
                != "completed"
            {}
        }
        let rate = ids.len() as f64 / at.elapsed().as_secs_f64();
        println!("tasks settled per second, one replica, {name}: {rate:.0}");
    }

    // Redis's memory for 100,000 settled tasks, and after their TTL.
    let ttl = Duration::from_secs(15);
    let limits = TaskLimits::new()
        .ttl(ttl)
        .max_settled(200_000, 200_000)
        .max_settled_bytes(1 << 30, 1 << 30);
    let store = RedisTaskStore::with_prefix(&redis.url(), limits, "memory").unwrap();
    let baseline = used_memory(&redis);
    let owner = Owner::from_key("bench");
    let caps = RunningCaps::new(1 << 40, 1 << 40);
    let result = json!({ "content": [{ "type": "text", "text": "done" }], "isError": false });
    let result = result.as_object().unwrap().clone();
    let at = Instant::now();
    for n in 0..100_000 {
        let record = TaskRecord::working(format!("task-{n}"), owner.clone(), 15_000, 1_000);
        store.create(record.clone(), caps).await.unwrap();
        let done = record.with_payload(rmcp::model::TaskPayload::Completed {
            result: result.clone(),
        });
        assert!(store.compare_and_set(0, done).await.unwrap());
    }
    let held = used_memory(&redis);
    println!(
        "Redis memory: baseline {baseline} B, 100,000 settled tasks {held} B (+{} MiB, {} B a task; written in {:?})",
        (held - baseline) >> 20,
        (held - baseline) / 100_000,
        at.elapsed()
    );
    let settled = Instant::now();
    let deadline = settled + ttl + Duration::from_secs(120);
    loop {
        let now = used_memory(&redis);
        if now <= baseline + 256 * 1024 {
            println!(
                "Redis memory {:?} after the last task settled (TTL {ttl:?}): {now} B (baseline {baseline} B)",
                settled.elapsed()
            );
            break;
        }
        assert!(Instant::now() < deadline, "still {now} B");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}
