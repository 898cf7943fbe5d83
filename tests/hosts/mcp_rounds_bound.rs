//! `input_required` rounds bound to their caller, over Streamable HTTP at
//! 2026-07-28 with two callers (Alice's and Bob's bearer tokens): Bob
//! cannot answer Alice's round with her `requestState`; a state that
//! carries an answer opens once; an expired state, `inputResponses` that
//! would replace a sealed answer or answer a request never made, and a
//! mistyped `requestState` or `inputResponses` are `-32602`, each with
//! its line; an answer that does not fill in the form is asked
//! again, three times at most.

#![cfg(feature = "mcp-http")]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::mcp::auth::{AuthError, AuthFuture, Authenticator};
use toolsmith::mcp::{HttpOptions, McpServer};
use toolsmith::{Answer, Call, Caller, ToolArg, ToolError};

use crate::raw_http::{exchange, post, serve};

/// Yes or no.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Confirm {
    /// Whether to go ahead.
    yes: bool,
}

/// Why.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Reason {
    /// The reason.
    text: String,
}

/// Deletes prod.db, once the user confirms and says why.
#[toolsmith::tool]
async fn delete_db(#[call] call: Call) -> Result<String, ToolError> {
    let Answer::Accepted(confirm) = call.ask_as::<Confirm>("confirm", "Delete prod.db?").await?
    else {
        return Ok("kept prod.db".to_owned());
    };
    if !confirm.yes {
        return Ok("kept prod.db".to_owned());
    }
    let Answer::Accepted(reason) = call.ask_as::<Reason>("reason", "Why?").await? else {
        return Ok("kept prod.db".to_owned());
    };
    Ok(format!("deleted prod.db: {}", reason.text))
}

/// Alice's and Bob's tokens.
struct Keys;

impl Authenticator for Keys {
    fn authenticate<'a>(&'a self, token: &'a str) -> AuthFuture<'a> {
        Box::pin(async move {
            match token {
                "alice" | "bob" => Ok(Caller::authenticated(token)),
                _ => Err(AuthError::invalid("unknown")),
            }
        })
    }
}

async fn server(ttl: Duration) -> SocketAddr {
    let tools = toolsmith::toolset![DeleteDb].unwrap();
    let options = HttpOptions::new().stateless(true).authenticator(
        Keys,
        "http://127.0.0.1/mcp",
        ["http://127.0.0.1"],
    );
    serve(
        McpServer::new(tools)
            .with_round_ttl(ttl)
            .with_http_options(options),
    )
    .await
}

/// A `tools/call` of `delete_db` by `who`, a 2026-07-28 client that can
/// ask its user, with `extra` params; the JSON-RPC answer.
async fn call(addr: SocketAddr, who: &str, extra: Value) -> Value {
    let mut params = json!({
        "name": "delete_db",
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": { "elicitation": {} },
            "io.modelcontextprotocol/clientInfo": { "name": "rounds-test", "version": "1" }
        }
    });
    for (key, value) in extra.as_object().unwrap() {
        params[key] = value.clone();
    }
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params});
    let bearer = format!("Bearer {who}");
    let reply = exchange(
        addr,
        &post(
            &body.to_string(),
            &[
                ("Authorization", &bearer),
                ("MCP-Protocol-Version", "2026-07-28"),
                ("Mcp-Method", "tools/call"),
                ("Mcp-Name", "delete_db"),
            ],
        ),
    )
    .await;
    serde_json::from_str(&reply.body).unwrap_or_else(|_| panic!("{reply:?}"))
}

fn accept(content: Value) -> Value {
    json!({"action": "accept", "content": content})
}

/// The state of an `input_required` answer, and the keys it asks.
fn round(answer: &Value) -> (String, Vec<String>) {
    let result = &answer["result"];
    assert_eq!(result["resultType"], "input_required", "{answer}");
    let asked = result["inputRequests"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    (result["requestState"].as_str().unwrap().to_owned(), asked)
}

fn refused(message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": message}})
}

fn text(answer: &Value) -> &str {
    answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("{answer}"))
}

/// Alice's second round: her `requestState` carrying her "yes", asking why.
async fn confirmed(addr: SocketAddr) -> String {
    let (first, asked) = round(&call(addr, "alice", json!({})).await);
    assert_eq!(asked, ["confirm"]);
    let second = call(
        addr,
        "alice",
        json!({"requestState": first, "inputResponses": {"confirm": accept(json!({"yes": true}))}}),
    )
    .await;
    let (state, asked) = round(&second);
    assert_eq!(asked, ["reason"]);
    state
}

const NOT_SEALED: &str =
    "requestState is not one this server sealed for this request; call again without it";

#[tokio::test]
async fn a_round_is_its_callers_and_a_state_with_an_answer_opens_once() {
    let addr = server(Duration::from_secs(600)).await;
    let reason = json!({"reason": accept(json!({"text": "cleanup"}))});

    // Bob cannot answer Alice's round with her state.
    let state = confirmed(addr).await;
    let bob = call(
        addr,
        "bob",
        json!({"requestState": state, "inputResponses": reason}),
    )
    .await;
    assert_eq!(bob, refused(NOT_SEALED));
    // Alice can, once.
    let alice = call(
        addr,
        "alice",
        json!({"requestState": state, "inputResponses": reason}),
    )
    .await;
    assert_eq!(text(&alice), "deleted prod.db: cleanup");
    let replay = call(
        addr,
        "alice",
        json!({"requestState": state, "inputResponses": reason}),
    )
    .await;
    assert_eq!(
        replay,
        refused(
            "requestState has been used already (a state that carries answers holds for one call); call again without it"
        )
    );

    // inputResponses may not replace the sealed "yes"...
    let state = confirmed(addr).await;
    let replaced = call(
        addr,
        "alice",
        json!({"requestState": state, "inputResponses": {
            "confirm": accept(json!({"yes": false})),
            "reason": accept(json!({"text": "x"}))
        }}),
    )
    .await;
    assert_eq!(
        replaced,
        refused(
            "inputResponses answers \"confirm\", which requestState already holds the answer to; send only the answers to the last round's inputRequests"
        )
    );
    // ... nor answer what no round asked.
    let unasked = call(
        addr,
        "alice",
        json!({"inputResponses": {"confirm": accept(json!({"yes": true}))}}),
    )
    .await;
    assert_eq!(
        unasked,
        refused(
            "inputResponses answers \"confirm\", which the last round did not ask; send only the answers to its inputRequests, with its requestState"
        )
    );
}

#[tokio::test]
async fn an_expired_state_is_refused() {
    let addr = server(Duration::from_millis(1)).await;
    let (state, _) = round(&call(addr, "alice", json!({})).await);
    let answered =
        json!({"requestState": state, "inputResponses": {"confirm": accept(json!({"yes": true}))}});
    let deadline = Instant::now() + Duration::from_secs(10);
    let expired =
        refused("requestState has expired (a round holds for 0 s); call again without it");
    loop {
        let answer = call(addr, "alice", answered.clone()).await;
        if answer == expired {
            break;
        }
        assert!(Instant::now() < deadline, "never expired: {answer}");
    }
}

#[tokio::test]
async fn mistyped_round_and_task_fields_are_refused_by_name() {
    let addr = server(Duration::from_secs(600)).await;
    let cases = [
        (
            json!({"requestState": 5}),
            "tools/call params: requestState must be a string, got number",
        ),
        (
            json!({"inputResponses": ["yes"]}),
            "tools/call params: inputResponses must be an object, got array",
        ),
        (
            json!({"requestState": 5, "task": true}),
            "tools/call params: requestState must be a string, got number",
        ),
        // rmcp's typed call has no `task`: read from the message itself.
        (
            json!({"task": 5}),
            "tools/call params: task must be an object, got number",
        ),
        (
            json!({"task": "soon"}),
            "tools/call params: task must be an object, got string",
        ),
    ];
    for (extra, line) in cases {
        assert_eq!(
            call(addr, "alice", extra.clone()).await,
            refused(line),
            "{extra}"
        );
    }
}

#[tokio::test]
async fn an_answer_that_does_not_fill_in_the_form_is_asked_again_three_times_at_most() {
    let addr = server(Duration::from_secs(600)).await;
    let (mut state, _) = round(&call(addr, "alice", json!({})).await);
    let misfit = json!({"confirm": accept(json!({"yes": "maybe"}))});
    for _ in 0..2 {
        let again = call(
            addr,
            "alice",
            json!({"requestState": state, "inputResponses": misfit}),
        )
        .await;
        let (next, asked) = round(&again);
        assert_eq!(asked, ["confirm"], "asked again");
        state = next;
    }
    let failed = call(
        addr,
        "alice",
        json!({"requestState": state, "inputResponses": misfit}),
    )
    .await;
    assert_eq!(failed["result"]["isError"], true, "{failed}");
    assert_eq!(
        text(&failed),
        "delete_db failed: Invalid answer at /yes: must be a boolean, got string \"maybe\""
    );
}
