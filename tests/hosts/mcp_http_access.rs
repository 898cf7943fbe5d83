//! Who may call the HTTP server: the `Origin` a browser sends (loopback
//! pages by default, the origins given, none, or any), and a bearer token
//! checked by the user's function, refused `401` with the challenge that
//! points a client to the protected-resource metadata (RFC 9728), which
//! the server serves.

#![cfg(feature = "mcp-http")]

use toolsmith::mcp::HttpOptions;

use crate::mcp_http::InProcess;
use crate::raw_http::{exchange, post, request};

const CALL: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}"#;
const ANSWER: &str =
    r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"3"}],"isError":false}}"#;
const ORIGIN_REFUSED: &str = "Forbidden: Origin header is not allowed";

/// Makes the options of one case.
type Options = fn() -> HttpOptions;

#[tokio::test]
async fn the_origin_check_takes_what_the_options_say() {
    let loopback = HttpOptions::new;
    let app = || HttpOptions::new().allowed_origins(["https://app.example.com"]);
    let cases: [(Options, Option<&str>, u16); 14] = [
        (loopback, None, 200),
        (loopback, Some("http://localhost:5173"), 200),
        (loopback, Some("http://127.0.0.1:9"), 200),
        (loopback, Some("https://[::1]"), 200),
        (loopback, Some("https://evil.example"), 403),
        (loopback, Some("http://localhost.evil.example"), 403),
        (loopback, Some("null"), 403),
        (app, Some("https://app.example.com"), 200),
        (app, Some("https://app.example.com:443"), 200),
        (app, Some("https://app.example.com:8443"), 403),
        (app, Some("http://app.example.com"), 403),
        (app, Some("http://localhost:3000"), 403),
        (
            || HttpOptions::new().any_origin(),
            Some("https://evil.example"),
            200,
        ),
        (
            || HttpOptions::new().allowed_origins(Vec::<String>::new()),
            Some("http://localhost"),
            403,
        ),
    ];
    for (options, origin, status) in cases {
        let server = InProcess::start(options().stateless(true)).await;
        let headers: Vec<(&str, &str)> = origin.map(|o| ("Origin", o)).into_iter().collect();
        let reply = exchange(server.addr, &post(CALL, &headers)).await;
        let expected = if status == 200 {
            ANSWER
        } else {
            ORIGIN_REFUSED
        };
        assert_eq!(
            (reply.status, reply.body.as_str()),
            (status, expected),
            "Origin {origin:?}"
        );
        server.shut_down().await;
    }
    // With an empty list, a request without Origin still passes.
    let server = InProcess::start(
        HttpOptions::new()
            .stateless(true)
            .allowed_origins(Vec::<String>::new()),
    )
    .await;
    let reply = exchange(server.addr, &post(CALL, &[])).await;
    assert_eq!((reply.status, reply.body.as_str()), (200, ANSWER));
    server.shut_down().await;
}

/// Every method is checked, not only POST.
#[tokio::test]
async fn a_get_or_delete_from_another_origin_is_refused_too() {
    let server = InProcess::start(HttpOptions::new()).await;
    for method in ["GET", "DELETE"] {
        let reply = exchange(
            server.addr,
            &request(
                method,
                "/mcp",
                &[
                    ("Origin", "https://evil.example"),
                    ("Accept", "text/event-stream"),
                ],
                "",
            ),
        )
        .await;
        assert_eq!(
            (reply.status, reply.body.as_str()),
            (403, ORIGIN_REFUSED),
            "{method}"
        );
    }
    server.shut_down().await;
}

const RESOURCE: &str = "https://tools.example.com/mcp";
const METADATA_URL: &str = "https://tools.example.com/.well-known/oauth-protected-resource/mcp";
const METADATA: &str = r#"{"resource":"https://tools.example.com/mcp","authorization_servers":["https://auth.example.com"],"bearer_methods_supported":["header"]}"#;

async fn guarded() -> InProcess {
    InProcess::start(HttpOptions::new().stateless(true).bearer(
        |token: &str| token == "good",
        RESOURCE,
        ["https://auth.example.com"],
    ))
    .await
}

#[tokio::test]
async fn without_an_accepted_token_the_answer_is_401_with_the_challenge() {
    let server = guarded().await;
    let cases = [
        (
            None,
            format!(r#"Bearer resource_metadata="{METADATA_URL}""#),
            format!(
                r#"{{"jsonrpc":"2.0","id":null,"error":{{"code":-32000,"message":"Unauthorized: send \"Authorization: Bearer <token>\" with a token from an authorization server the metadata at {METADATA_URL} names"}}}}"#
            ),
        ),
        (
            Some("Basic Z29vZA=="),
            format!(r#"Bearer resource_metadata="{METADATA_URL}""#),
            format!(
                r#"{{"jsonrpc":"2.0","id":null,"error":{{"code":-32000,"message":"Unauthorized: send \"Authorization: Bearer <token>\" with a token from an authorization server the metadata at {METADATA_URL} names"}}}}"#
            ),
        ),
        (
            Some("Bearer bad"),
            format!(r#"Bearer resource_metadata="{METADATA_URL}", error="invalid_token""#),
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Unauthorized: the bearer token was not accepted"}}"#.to_owned(),
        ),
    ];
    for (authorization, challenge, body) in cases {
        let headers: Vec<(&str, &str)> = authorization
            .map(|a| ("Authorization", a))
            .into_iter()
            .collect();
        let reply = exchange(server.addr, &post(CALL, &headers)).await;
        assert_eq!(
            (reply.status, reply.body.as_str()),
            (401, body.as_str()),
            "{authorization:?}"
        );
        assert_eq!(
            reply.header("www-authenticate"),
            Some(challenge.as_str()),
            "{authorization:?}"
        );
    }
    // The event stream is guarded as well as the calls.
    let reply = exchange(
        server.addr,
        &request("GET", "/mcp", &[("Accept", "text/event-stream")], ""),
    )
    .await;
    assert_eq!(reply.status, 401, "{reply:?}");

    let reply = exchange(
        server.addr,
        &post(CALL, &[("Authorization", "Bearer good")]),
    )
    .await;
    assert_eq!((reply.status, reply.body.as_str()), (200, ANSWER));
    // The Origin check comes first, token or not.
    let reply = exchange(
        server.addr,
        &post(
            CALL,
            &[
                ("Authorization", "Bearer good"),
                ("Origin", "https://evil.example"),
            ],
        ),
    )
    .await;
    assert_eq!((reply.status, reply.body.as_str()), (403, ORIGIN_REFUSED));
    server.shut_down().await;
}

#[tokio::test]
async fn the_protected_resource_metadata_is_served_where_the_challenge_points() {
    let server = guarded().await;
    for path in [
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-protected-resource",
    ] {
        let reply = exchange(server.addr, &request("GET", path, &[], "")).await;
        assert_eq!(
            (reply.status, reply.body.as_str()),
            (200, METADATA),
            "{path}"
        );
        assert_eq!(reply.header("content-type"), Some("application/json"));
    }
    let reply = exchange(
        server.addr,
        &request("POST", "/.well-known/oauth-protected-resource", &[], ""),
    )
    .await;
    assert_eq!(
        (reply.status, reply.body.as_str()),
        (405, "Method Not Allowed: the metadata is read with GET")
    );
    assert_eq!(reply.header("allow"), Some("GET, HEAD"));
    server.shut_down().await;

    // Without a bearer check there is no metadata to serve.
    let server = InProcess::start(HttpOptions::new().stateless(true)).await;
    let reply = exchange(
        server.addr,
        &request("GET", "/.well-known/oauth-protected-resource", &[], ""),
    )
    .await;
    assert_eq!(
        (reply.status, reply.body.as_str()),
        (404, "Not Found: the MCP endpoint is /mcp")
    );
    server.shut_down().await;
}
