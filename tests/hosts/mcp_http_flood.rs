//! What the HTTP server holds under three floods, with its default options:
//! 512 connections from one peer each holding half a request head, 512
//! sessions each with a `GET` event stream nobody reads, and 200 calls
//! whose 1 MB answers nobody reads. Each prints the server's accepted
//! sockets and the process's resident memory as the flood stands and a
//! while after; ignored by default (it takes about two minutes and some
//! 500 descriptors):
//!
//! ```text
//! cargo test -p toolsmith --test hosts -- --ignored --nocapture --test-threads 1 mcp_http_flood
//! ```

#![cfg(all(feature = "mcp-http", target_os = "linux"))]

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use toolsmith::mcp::{HttpOptions, McpServer};

use crate::raw_http::{accepted_connections, post, request, serve};

/// Tools of the flood: an answer of a megabyte.
mod tools {
    /// Answers `n` bytes of `x`.
    #[toolsmith::tool]
    pub fn big(n: u32) -> String {
        "x".repeat(n as usize)
    }
}

/// The address every flood comes from.
const FLOOD: &str = "127.0.0.2";

/// The process's resident memory, in MiB.
fn rss_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kib: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap();
    kib / 1024
}

/// A server of `big` with the default options, on a free loopback port.
async fn server() -> SocketAddr {
    let tools = toolsmith::toolset![tools::Big].unwrap();
    serve(McpServer::new(tools).with_http_options(HttpOptions::new())).await
}

async fn connect_from(from: &str, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

/// Whether an `initialize` from 127.0.0.1 (another address than the
/// flood's) is answered within 3 seconds.
async fn served(addr: SocketAddr) -> bool {
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"flood","version":"0"}}}"#;
    let request = post(initialize, &[]);
    tokio::time::timeout(
        Duration::from_secs(3),
        try_exchange("127.0.0.1", addr, &request),
    )
    .await
    .is_ok_and(|reply| reply.is_some_and(|reply| reply.status == 200))
}

/// `request` sent on a fresh connection, and its response (none when the
/// server closed the connection without one).
async fn try_exchange(
    from: &str,
    addr: SocketAddr,
    request: &str,
) -> Option<crate::raw_http::Reply> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(format!("{from}:0").parse().ok()?).ok()?;
    let mut stream = socket.connect(addr).await.ok()?;
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut response))
        .await
        .ok()?
        .ok()?;
    let text = String::from_utf8_lossy(&response);
    text.contains("\r\n\r\n")
        .then(|| crate::raw_http::parse(&text))
}

/// A session opened; its id (none when the server refused or closed the
/// connection).
async fn session(addr: SocketAddr) -> Option<String> {
    let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"flood","version":"0"}}}"#;
    let reply = try_exchange(FLOOD, addr, &post(initialize, &[])).await?;
    let id = reply.header("mcp-session-id")?.to_owned();
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    try_exchange(FLOOD, addr, &post(initialized, &[("Mcp-Session-Id", &id)])).await?;
    Some(id)
}

/// The bytes the server's sockets on `port` have yet to send (`Send-Q`)
/// and the clients' have received unread (`Recv-Q`), as `ss` reports them.
fn queued_kib(port: u16) -> (u64, u64) {
    let sum = |side: &str, column: usize| {
        let out = std::process::Command::new("ss")
            .args([
                "-tnH",
                "state",
                "established",
                side,
                "=",
                &format!(":{port}"),
            ])
            .output()
            .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
            .unwrap_or_default();
        out.lines()
            .filter_map(|line| line.split_whitespace().nth(column)?.parse::<u64>().ok())
            .sum::<u64>()
            / 1024
    };
    (sum("sport", 1), sum("dport", 0))
}

fn report(flood: &str, when: &str, addr: SocketAddr, base: u64, served: bool) {
    println!(
        "{flood:<24} {when:<7} accepted sockets {:>4}  RSS +{:>4} MiB  server Send-Q {:>6} KiB  clients' Recv-Q {:>6} KiB  another peer served: {served}",
        accepted_connections(addr.port()),
        rss_mib().saturating_sub(base),
        queued_kib(addr.port()).0,
        queued_kib(addr.port()).1,
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run by hand"]
async fn mcp_http_flood_half_heads() {
    let base = rss_mib();
    let addr = server().await;
    let mut held = Vec::new();
    for _ in 0..512 {
        let mut stream = connect_from(FLOOD, addr).await;
        let _ = stream
            .write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            .await;
        held.push(stream);
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let ok = served(addr).await;
    report("512 half heads", "during", addr, base, ok);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run by hand"]
async fn mcp_http_flood_unread_streams() {
    let base = rss_mib();
    let addr = server().await;
    let mut held = Vec::new();
    let mut refused = 0;
    for _ in 0..512 {
        let Some(id) = session(addr).await else {
            refused += 1;
            continue;
        };
        let mut stream = connect_from(FLOOD, addr).await;
        let get = request(
            "GET",
            "/mcp",
            &[
                ("Accept", "text/event-stream"),
                ("Mcp-Session-Id", &id),
                ("MCP-Protocol-Version", "2025-11-25"),
            ],
            "",
        )
        .replace("Connection: close\r\n", "");
        let _ = stream.write_all(get.as_bytes()).await;
        held.push(stream);
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let ok = served(addr).await;
    println!("sessions refused: {refused}");
    report("512 unread GET streams", "during", addr, base, ok);
    // Past the default idle timeout (60 s).
    tokio::time::sleep(Duration::from_secs(65)).await;
    let ok = served(addr).await;
    report("512 unread GET streams", "+65 s", addr, base, ok);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run by hand"]
async fn mcp_http_flood_unread_answers() {
    let base = rss_mib();
    let addr = server().await;
    let id = session(addr).await.unwrap();
    let mut held = Vec::new();
    for id_of_call in 0..200 {
        let call = format!(
            r#"{{"jsonrpc":"2.0","id":{id_of_call},"method":"tools/call","params":{{"name":"big","arguments":{{"n":1048576}}}}}}"#
        );
        let socket = TcpSocket::new_v4().unwrap();
        socket.bind(format!("{FLOOD}:0").parse().unwrap()).unwrap();
        // A small receive window: the answer stays on the server's side.
        socket.set_recv_buffer_size(4096).unwrap();
        let mut stream = socket.connect(addr).await.unwrap();
        let request = post(
            &call,
            &[
                ("Mcp-Session-Id", &id),
                ("MCP-Protocol-Version", "2025-11-25"),
            ],
        )
        .replace("Connection: close\r\n", "");
        let _ = stream.write_all(request.as_bytes()).await;
        held.push(stream);
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let ok = served(addr).await;
    report("200 unread 1 MB answers", "during", addr, base, ok);
    tokio::time::sleep(Duration::from_secs(65)).await;
    let ok = served(addr).await;
    report("200 unread 1 MB answers", "+65 s", addr, base, ok);
}
