//! HTTP/1.1 on a bare socket, for the tests that need what a client
//! library hides: the exact status, headers and body, connections that
//! stall on purpose, and how many connections the server has accepted.

#![cfg(feature = "mcp-http")]

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use toolsmith::mcp::McpServer;

/// `server` on a free loopback port, served until the test ends.
pub(crate) async fn serve(server: McpServer) -> SocketAddr {
    let server = server.bind_http("127.0.0.1:0").await.expect("binds");
    let addr = server.local_addr();
    tokio::spawn(server.serve());
    addr
}

/// A response as it came: status, headers (names in lowercase) and body
/// (chunks joined).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// The value of header `name` (lowercase), if sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A request `method path` with `headers` (after `Host: 127.0.0.1` and
/// `Connection: close`, unless given) and `body` with its length.
pub fn request(method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> String {
    let mut text = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
        text.push_str("Host: 127.0.0.1\r\n");
    }
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    text
}

/// A POST of a JSON-RPC `body` as an MCP client sends it, with `headers`
/// added.
pub fn post(body: &str, headers: &[(&str, &str)]) -> String {
    let mut all = vec![
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
    ];
    all.extend_from_slice(headers);
    request("POST", "/mcp", &all, body)
}

/// Sends `request` on a fresh connection and reads the response to the
/// end; a server that does not answer within 30 seconds fails the test.
pub async fn exchange(addr: SocketAddr, request: &str) -> Reply {
    let mut stream = TcpStream::connect(addr).await.expect("connects");
    stream.write_all(request.as_bytes()).await.unwrap();
    read_reply(&mut stream).await
}

/// Reads one response, to the end of the connection.
pub async fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut response = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut response))
        .await
        .expect("the server answers")
        .expect("the connection reads");
    parse(&String::from_utf8_lossy(&response))
}

/// A response's text, read.
pub fn parse(response: &str) -> Reply {
    let (head, rest) = response
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("a head and a body: {response:?}"));
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap()[9..12].parse().expect("a status code");
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_owned()
    };
    Reply {
        status,
        headers,
        body,
    }
}

fn dechunk(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
        if size == 0 {
            break;
        }
        body.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    body
}

/// The `data:` of the JSON-RPC message in an event stream's body.
pub fn event_data(body: &str) -> &str {
    body.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .map(str::trim)
        .find(|data| data.starts_with('{'))
        .unwrap_or_else(|| panic!("an event with a message: {body:?}"))
}

/// How many TCP connections to local `port` the server has accepted: the
/// established ones with a socket of their own (those still in the listen
/// queue have none yet, inode 0).
#[cfg(target_os = "linux")]
pub fn accepted_connections(port: u16) -> usize {
    ["/proc/net/tcp", "/proc/net/tcp6"]
        .iter()
        .filter_map(|table| std::fs::read_to_string(table).ok())
        .flat_map(|table| table.lines().skip(1).map(str::to_owned).collect::<Vec<_>>())
        .filter(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let local_port = fields[1]
                .rsplit_once(':')
                .and_then(|(_, p)| u16::from_str_radix(p, 16).ok());
            local_port == Some(port) && fields[3] == "01" && fields[9] != "0"
        })
        .count()
}
