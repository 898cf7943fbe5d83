//! The MCP endpoint mounted in a server of the user's own, beside another
//! route, as a `tower` service: the same answers and the same checks
//! (`Origin`, the session cap) as when toolsmith serves it.

#![cfg(feature = "mcp-http")]

use std::convert::Infallible;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use toolsmith::mcp::{HttpOptions, HttpService, McpServer};
use tower_service::Service;

use crate::mcp_http::adder;
use crate::raw_http::{event_data, exchange, post, request};

/// A server of the test's own on a free loopback port: `/health` answered
/// by the test, everything else by `mcp`.
async fn mounted(mcp: HttpService) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let mcp = mcp.clone();
            let routes = hyper::service::service_fn(move |request: Request<Incoming>| {
                let mut mcp = mcp.clone();
                async move {
                    if request.uri().path() == "/health" {
                        let ok = Full::new(Bytes::from_static(b"ok")).boxed();
                        return Ok::<_, Infallible>(Response::new(ok));
                    }
                    mcp.call(request).await
                }
            });
            tokio::spawn(
                auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), routes)
                    .into_owned(),
            );
        }
    });
    addr
}

fn service(options: HttpOptions) -> HttpService {
    let tools = toolsmith::toolset![adder::Add].unwrap();
    McpServer::new(tools)
        .with_http_options(options)
        .into_http_service()
}

#[tokio::test]
async fn the_mounted_endpoint_answers_and_checks_as_the_served_one() {
    let addr = mounted(service(HttpOptions::new().stateless(true))).await;
    let health = exchange(addr, &request("GET", "/health", &[], "")).await;
    assert_eq!((health.status, health.body.as_str()), (200, "ok"));

    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":"2"}}}"#;
    let reply = exchange(addr, &post(call, &[])).await;
    assert_eq!(
        (reply.status, reply.body.as_str()),
        (
            200,
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Invalid arguments at /b: must be an integer, got string \"2\""}],"isError":true}}"#
        )
    );
    let reply = exchange(addr, &post(call, &[("Origin", "https://evil.example")])).await;
    assert_eq!(
        (reply.status, reply.body.as_str()),
        (403, "Forbidden: Origin header is not allowed")
    );
    let reply = exchange(addr, &post("{\"jsonrpc\":", &[])).await;
    assert_eq!(
        (reply.status, reply.body.as_str()),
        (
            400,
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: unexpected end of input at line 1 column 11"}}"#
        )
    );
}

#[tokio::test]
async fn the_mounted_endpoint_keeps_the_session_cap() {
    let addr = mounted(service(HttpOptions::new().max_sessions(1))).await;
    let initialize = |id: u32| {
        post(
            &format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"initialize","params":{{"protocolVersion":"2025-06-18","capabilities":{{}},"clientInfo":{{"name":"mounted","version":"0"}}}}}}"#
            ),
            &[],
        )
    };
    let first = exchange(addr, &initialize(1)).await;
    assert_eq!(first.status, 200, "{first:?}");
    assert!(event_data(&first.body).contains(r#""id":1,"result""#));
    let second = exchange(addr, &initialize(2)).await;
    assert_eq!(
        (second.status, second.body.as_str()),
        (
            503,
            r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"Server busy: the server holds its limit of 1 sessions; retry later, or end a session of yours (DELETE) first"}}"#
        )
    );
}
