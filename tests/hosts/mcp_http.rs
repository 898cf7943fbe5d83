//! The example MCP server over Streamable HTTP on loopback, driven by the
//! official MCP Python SDK's HTTP client (`mcp.client.streamable_http`):
//! the same checks as over stdio (`tests/mcp_client.py`), with sessions and
//! without, and a graceful shutdown that still answers the call in flight
//! (`tests/mcp_http_shutdown.py`).
//!
//! The SDK is installed under the target directory on first use
//! (`tests/support/mcp_python.rs`).

#![cfg(feature = "mcp-http")]

use std::process::{Command, Output};
use std::time::Duration;

use crate::support::http_example::HttpExample;
use crate::support::manifest_dir;
use crate::support::mcp_python::python_with_sdk;

/// The example server on a free loopback port.
type Server = HttpExample;

/// Runs a client script with the SDK; prints its checks, fails on error.
fn script(name: &str, args: &[&str], server: &Server) -> Output {
    let output = Command::new(python_with_sdk())
        .arg(manifest_dir().join("tests").join(name))
        .args(args)
        .output()
        .expect("the client script runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "{name} failed ({})\n{stdout}{}\n--- server\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr),
        server.log()
    );
    output
}

fn client(server: &Server, sessions: &str) {
    let expected = manifest_dir().join("tests/snapshots/hosts/canonical.json");
    script(
        "mcp_client.py",
        &[expected.to_str().unwrap(), &server.url, sessions],
        server,
    );
}

#[test]
fn official_python_client_over_http_with_sessions() {
    let server = Server::start("mcp_server", &[]);
    client(&server, "--sessions");
}

#[test]
fn official_python_client_over_http_without_sessions() {
    let server = Server::start("mcp_server", &["--stateless"]);
    client(&server, "--no-sessions");
}

/// `SIGTERM` while a call is running: the call is answered, then the
/// server exits 0 and the port is closed.
#[cfg(unix)]
#[test]
fn a_graceful_shutdown_answers_the_call_in_flight() {
    for mode in [&[][..], &["--stateless"][..]] {
        let mut server = Server::start_with_env("mcp_server", mode, &[("TOOLSMITH_SOAK", "1")]);
        let pid = server.child.id().to_string();
        script("mcp_http_shutdown.py", &[&server.url, &pid], &server);
        let status = server.child.wait().expect("the server exits");
        assert!(
            status.success(),
            "{mode:?}: the server exited {status}\n{}",
            server.log()
        );
        let addr = server
            .url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp");
        assert!(
            std::net::TcpStream::connect(addr).is_err(),
            "{mode:?}: the port is still open after the exit"
        );
    }
}

/// A tool for the in-process server.
pub(crate) mod adder {
    /// Adds two integers.
    #[toolsmith::tool]
    pub fn add(a: i64, b: i64) -> i64 {
        a + b
    }
}

/// One HTTP/1.1 POST of `body` to `addr` on a fresh connection; the status
/// and the body (chunks joined).
async fn post(addr: std::net::SocketAddr, path: &str, body: &str) -> (u16, String) {
    post_as(addr, "127.0.0.1", path, body).await
}

/// [`post`] with the `Host` header `host`.
async fn post_as(addr: std::net::SocketAddr, host: &str, path: &str, body: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let (head, mut rest) = response.split_once("\r\n\r\n").expect("a head and a body");
    let status = head[9..12].parse().expect("a status code");
    if !head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return (status, rest.to_owned());
    }
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
        if size == 0 {
            break;
        }
        body.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    (status, body)
}

/// An in-process server of the `add` tool on a free loopback port.
pub(crate) struct InProcess {
    pub(crate) addr: std::net::SocketAddr,
    url: String,
    stop: tokio::sync::oneshot::Sender<()>,
    serving: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl InProcess {
    /// Binds on port 0 with `options` and spawns the serving future.
    pub(crate) async fn start(options: toolsmith::mcp::HttpOptions) -> InProcess {
        let tools = toolsmith::toolset![adder::Add].unwrap();
        let server = toolsmith::mcp::McpServer::new(tools)
            .with_http_options(options)
            .bind_http("127.0.0.1:0")
            .await
            .expect("binds");
        let (addr, url) = (server.local_addr(), server.url());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = tokio::spawn(server.serve_with_shutdown(async {
            let _ = stopped.await;
        }));
        InProcess {
            addr,
            url,
            stop,
            serving,
        }
    }

    /// Sends the shutdown signal; the server ends with `Ok` within 10 s.
    pub(crate) async fn shut_down(self) {
        self.stop.send(()).unwrap();
        let served = tokio::time::timeout(Duration::from_secs(10), self.serving)
            .await
            .expect("the server stops")
            .expect("the task did not panic");
        assert!(served.is_ok(), "{served:?}");
    }
}

/// Bound on port 0, the server says where it is before it serves; the
/// serving future can be spawned; a bad call gets its line; the shutdown
/// signal ends it with `Ok` and closes the port.
#[tokio::test]
async fn bind_on_port_0_serve_and_shut_down_in_process() {
    let server = InProcess::start(toolsmith::mcp::HttpOptions::new().stateless(true)).await;
    let addr = server.addr;
    assert_ne!(addr.port(), 0);
    assert_eq!(server.url, format!("http://{addr}/mcp"));

    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":"2"}}}"#;
    assert_eq!(
        post(addr, "/mcp", call).await,
        (
            200,
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Invalid arguments at /b: must be an integer, got string \"2\""}],"isError":true}}"#
                .to_owned()
        )
    );
    let call =
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sum","arguments":{}}}"#;
    assert_eq!(
        post(addr, "/mcp", call).await,
        (
            200,
            r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown tool \"sum\"; available tools: add","data":{"available":["add"]}}}"#
                .to_owned()
        )
    );

    server.shut_down().await;
    assert!(tokio::net::TcpStream::connect(addr).await.is_err());
}

/// The `Host` check: loopback names by default, the names given, none for
/// an empty list (where rmcp would read "no check"), any with `any_host`.
#[tokio::test]
async fn the_host_check_takes_what_the_options_say() {
    use toolsmith::mcp::HttpOptions;
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}"#;
    let answered = (
        200,
        r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"3"}],"isError":false}}"#
            .to_owned(),
    );
    let cases = [
        (HttpOptions::new(), "127.0.0.1", 200),
        (HttpOptions::new(), "evil.example", 403),
        (
            HttpOptions::new().allowed_hosts(["tools.example"]),
            "tools.example",
            200,
        ),
        (
            HttpOptions::new().allowed_hosts(["tools.example"]),
            "127.0.0.1",
            403,
        ),
        (
            HttpOptions::new().allowed_hosts(Vec::<String>::new()),
            "127.0.0.1",
            403,
        ),
        (HttpOptions::new().any_host(), "evil.example", 200),
    ];
    for (options, host, status) in cases {
        let server = InProcess::start(options.stateless(true)).await;
        let (got, body) = post_as(server.addr, host, "/mcp", call).await;
        assert_eq!(got, status, "Host {host}: {body}");
        if status == 200 {
            assert_eq!((got, body), answered);
        }
        server.shut_down().await;
    }
    let server = InProcess::start(
        HttpOptions::new()
            .stateless(true)
            .allowed_hosts(Vec::<String>::new()),
    )
    .await;
    assert_eq!(
        post_as(server.addr, "127.0.0.1", "/mcp", call).await,
        (
            403,
            "Forbidden: the server allows no Host (its list of allowed hosts is empty)".to_owned()
        )
    );
    server.shut_down().await;
}

/// A client that sends its headers and part of its body, then stalls, is
/// answered `408` with a JSON-RPC error once the body timeout passes,
/// instead of holding the connection (and a shutdown) forever.
#[tokio::test]
async fn a_stalled_body_is_answered_408() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use toolsmith::mcp::HttpOptions;

    let server = InProcess::start(
        HttpOptions::new()
            .stateless(true)
            .body_timeout(Duration::from_millis(200)),
    )
    .await;
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let request = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nContent-Length: 100\r\n\
         Connection: close\r\n\r\n{\"jsonrpc\":";
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_string(&mut response))
        .await
        .expect("the stalled request is answered")
        .unwrap();
    assert!(response.starts_with("HTTP/1.1 408"), "{response}");
    assert!(
        response.contains(
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: the body did not arrive within 200 ms"}}"#
        ),
        "{response}"
    );

    server.shut_down().await;
}

/// A client that never finishes its headers is disconnected once the
/// timeout passes.
#[tokio::test]
async fn stalled_headers_close_the_connection() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use toolsmith::mcp::HttpOptions;

    let server =
        InProcess::start(HttpOptions::new().body_timeout(Duration::from_millis(200))).await;
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    let mut response = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut response))
        .await
        .expect("the connection is closed");
    let _ = read;

    server.shut_down().await;
}

/// The typed path and the validator agree on generated calls of the
/// in-process server's tool (see `crate::support::agreement`).
#[test]
fn the_tool_agrees_with_its_schema() {
    crate::support::agreement::assert_agreement(&adder::Add);
}
