//! The two transports read a message alike: the same bytes sent as a line
//! on stdio and as a POST body over HTTP get the same JSON-RPC answer,
//! whatever the `id` (every integer of 64 bits, signed or not, just past
//! them, fractions, other types), with a leading byte-order mark or
//! without, whole or cut short.

#![cfg(feature = "mcp-http")]

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use toolsmith::mcp::{HttpOptions, McpServer};

use crate::mcp_http::{InProcess, adder};
use crate::raw_http::{exchange, post};

/// The ids every message is sent with: the edges of the 64-bit integers,
/// just past them, and the other kinds of value.
const IDS: [&str; 16] = [
    "0",
    "7",
    "-1",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    "1.5",
    "1e3",
    "\"req-1\"",
    "\"\"",
    "true",
    "null",
    "[1]",
];

/// What a client may send, for one `id`.
fn messages(id: &str) -> Vec<String> {
    let call = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"add","arguments":{{"a":1,"b":2}}}}}}"#
    );
    let bad_arguments = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"add","arguments":{{"a":1,"b":"2"}}}}}}"#
    );
    let cut_short = call[..call.len() - 12].to_owned();
    let wrong_version = call.replace(r#""2.0""#, r#""1.0""#);
    let mut all = vec![call, bad_arguments, cut_short, wrong_version];
    let with_bom: Vec<String> = all.iter().map(|m| format!("\u{feff}{m}")).collect();
    all.extend(with_bom);
    all
}

/// A client of the server on stdio, initialized.
struct Stdio {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    lines: tokio::io::Lines<BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>>,
}

impl Stdio {
    async fn start() -> Stdio {
        let tools = toolsmith::toolset![adder::Add].unwrap();
        let (ours, theirs) = tokio::io::duplex(1 << 16);
        let (read, write) = tokio::io::split(theirs);
        tokio::spawn(McpServer::new(tools).serve_lines(read, write));
        let (read, write) = tokio::io::split(ours);
        let mut client = Stdio {
            write,
            lines: BufReader::new(read).lines(),
        };
        let init = client
            .send(r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"agree","version":"0"}}}"#)
            .await;
        assert!(init.get("result").is_some(), "{init}");
        client
            .write
            .write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")
            .await
            .unwrap();
        client
    }

    /// Sends `line`; the answer.
    async fn send(&mut self, line: &str) -> Value {
        self.write.write_all(line.as_bytes()).await.unwrap();
        self.write.write_all(b"\n").await.unwrap();
        self.write.flush().await.unwrap();
        let answer =
            tokio::time::timeout(std::time::Duration::from_secs(30), self.lines.next_line())
                .await
                .expect("stdio answers")
                .unwrap()
                .expect("the server still runs");
        serde_json::from_str(&answer).unwrap()
    }
}

#[tokio::test]
async fn stdio_and_http_answer_the_same_bytes_alike() {
    let http = InProcess::start(HttpOptions::new().stateless(true)).await;
    let mut stdio = Stdio::start().await;
    let mut compared = 0;
    for id in IDS {
        for message in messages(id) {
            let on_stdio = stdio.send(&message).await;
            let reply = exchange(http.addr, &post(&message, &[])).await;
            let over_http: Value = serde_json::from_str(&reply.body)
                .unwrap_or_else(|_| panic!("{message}: HTTP answered {reply:?}"));
            assert_eq!(on_stdio, over_http, "{message}");
            let status = if over_http.get("result").is_some() {
                200
            } else {
                400
            };
            assert_eq!(reply.status, status, "{message}: {reply:?}");
            compared += 1;
        }
    }
    assert_eq!(compared, IDS.len() * 8);
    http.shut_down().await;
}

#[tokio::test]
async fn a_byte_order_mark_is_ignored_and_an_id_past_64_bits_is_told_why() {
    let http = InProcess::start(HttpOptions::new().stateless(true)).await;
    let mut stdio = Stdio::start().await;
    let cases = [
        (
            "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"add\",\"arguments\":{\"a\":1,\"b\":2}}}",
            json!({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"3"}],"isError":false}}),
        ),
        (
            r#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"tools/list"}"#,
            json!({"jsonrpc":"2.0","id":9223372036854775808u64,"error":{"code":-32600,"message":"Invalid Request: \"id\" must be a string or an integer from -9223372036854775808 to 9223372036854775807"}}),
        ),
        (
            r#"{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}"#,
            json!({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: \"id\" must be a string or an integer from -9223372036854775808 to 9223372036854775807"}}),
        ),
    ];
    for (message, answer) in cases {
        assert_eq!(stdio.send(message).await, answer, "stdio: {message}");
        let reply = exchange(http.addr, &post(message, &[])).await;
        let over_http: Value = serde_json::from_str(&reply.body).unwrap();
        assert_eq!(over_http, answer, "HTTP: {message}");
    }
    http.shut_down().await;
}
