//! Who is calling over HTTP: an authorization server the test starts on
//! loopback (its metadata, a JWKS, a token endpoint for client
//! credentials, an introspection endpoint; tokens signed with test keys),
//! a client that follows the discovery of RFC 9728 from the `401`
//! challenge to a token and a call, and the server's verdicts on tokens
//! for another audience, expired, signed by a key the JWKS lacks, without
//! the scope a tool declares (`403` with the step-up challenge), and
//! inactive at introspection. The tool sees the caller, never the token.
//! The official Python SDK's OAuth client walks the same way by itself
//! (`tests/mcp_oauth_client.py`), steps up included.

#![cfg(feature = "mcp-http")]

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};
use toolsmith::Caller;
use toolsmith::mcp::auth::{Introspection, JwtVerifier};
use toolsmith::mcp::{HttpOptions, HttpService, McpServer};
use tower_service::Service;

use crate::raw_http::{Reply, exchange, post, request};
use crate::support::manifest_dir;
use crate::support::mcp_python::python_with_sdk;

/// Who is calling, as the tool sees it.
#[toolsmith::tool]
fn whoami(#[ctx] caller: Caller) -> String {
    format!(
        "{} ({}) {}",
        caller.subject(),
        caller.issuer().unwrap_or("no issuer"),
        caller.scopes().join(" ")
    )
}

/// Writes a note.
#[toolsmith::tool(scopes = ["notes:write"])]
fn write_note(text: String, #[ctx] caller: Caller) -> String {
    format!("{} wrote {text}", caller.subject())
}

/// The two test keys: Ed25519, PKCS#8 DER, and the public half as a JWK's `x`.
const KEY_1: [u8; 48] = [
    48, 46, 2, 1, 0, 48, 5, 6, 3, 43, 101, 112, 4, 34, 4, 32, 230, 143, 172, 2, 58, 60, 164, 82,
    179, 104, 175, 132, 8, 108, 224, 91, 74, 156, 106, 5, 183, 210, 74, 99, 36, 83, 215, 234, 163,
    106, 94, 243,
];
const X_1: &str = "fYBAEbdzVE4tr1U2oFV4R-p9DwhfgjSF8LYfKj02LiM";
const KEY_2: [u8; 48] = [
    48, 46, 2, 1, 0, 48, 5, 6, 3, 43, 101, 112, 4, 34, 4, 32, 55, 212, 139, 193, 196, 198, 47, 205,
    133, 198, 12, 195, 40, 248, 2, 114, 170, 206, 241, 236, 77, 111, 112, 152, 241, 173, 146, 189,
    71, 6, 18, 241,
];
const X_2: &str = "7t3eNyylTzv1cufjE1qIk3sH-3-VxVDqapV94oyJlmc";

/// The authorization server's state: which keys its JWKS lists, how often
/// it was fetched, the opaque tokens introspection knows.
#[derive(Default)]
struct Issuer {
    url: Mutex<String>,
    /// Key ids the JWKS lists (`k1`, `k2`).
    listed: Mutex<Vec<&'static str>>,
    jwks_fetches: AtomicUsize,
    /// Opaque token → the introspection answer.
    opaque: Mutex<HashMap<String, Value>>,
    /// Client → the scopes its grant holds, given whatever it asks for
    /// (a client not listed gets the scopes it asks for).
    grants: Mutex<HashMap<String, String>>,
    /// The `scope` of each token request, in order.
    asked: Mutex<Vec<String>>,
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// `%3A` and `%2F` decoded: what the test's forms hold.
fn form_decode(value: &str) -> String {
    value
        .replace("%3A", ":")
        .replace("%2F", "/")
        .replace('+', " ")
}

impl Issuer {
    fn url(&self) -> String {
        self.url.lock().unwrap().clone()
    }

    fn fetches(&self) -> usize {
        self.jwks_fetches.load(Ordering::SeqCst)
    }

    fn jwks(&self) -> Value {
        let keys: Vec<Value> = self
            .listed
            .lock()
            .unwrap()
            .iter()
            .map(|kid| {
                let x = if *kid == "k1" { X_1 } else { X_2 };
                json!({"kty": "OKP", "crv": "Ed25519", "alg": "EdDSA", "use": "sig", "kid": kid, "x": x})
            })
            .collect();
        json!({ "keys": keys })
    }

    /// A token signed with key `kid` (`k1`, `k2`; `k3` is `k2`'s key
    /// under a name no JWKS lists), its claims the usual ones with
    /// `claims` over them (a `null` claim is left out).
    fn mint(&self, kid: &str, claims: Value) -> String {
        let mut header = Header::new(Algorithm::EdDSA);
        header.kid = Some(kid.to_owned());
        let mut body = json!({
            "iss": self.url(),
            "sub": "alice",
            "iat": now(),
            "exp": now() + 300,
        });
        for (name, value) in claims.as_object().unwrap() {
            match value {
                Value::Null => drop(body.as_object_mut().unwrap().remove(name)),
                _ => body[name] = value.clone(),
            }
        }
        let der: &[u8] = if kid == "k1" { &KEY_1 } else { &KEY_2 };
        jsonwebtoken::encode(&header, &body, &EncodingKey::from_ed_der(der)).unwrap()
    }

    /// The answer of a route of the authorization server.
    fn answer(&self, method: &str, path: &str, headers: &hyper::HeaderMap, form: &str) -> Value {
        let fields: HashMap<&str, String> = form
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .map(|(k, v)| (k, form_decode(v)))
            .collect();
        match (method, path) {
            ("GET", "/.well-known/oauth-authorization-server") => json!({
                "issuer": self.url(),
                "authorization_endpoint": format!("{}/authorize", self.url()),
                "token_endpoint": format!("{}/token", self.url()),
                "jwks_uri": format!("{}/jwks.json", self.url()),
                "introspection_endpoint": format!("{}/introspect", self.url()),
                "grant_types_supported": ["client_credentials"],
            }),
            ("GET", "/jwks.json") => {
                self.jwks_fetches.fetch_add(1, Ordering::SeqCst);
                self.jwks()
            }
            // Client credentials (RFC 6749 4.4) with the resource it is
            // for (RFC 8707): the token's audience.
            ("POST", "/token") => {
                let asked = fields.get("scope").cloned().unwrap_or_default();
                self.asked.lock().unwrap().push(asked.clone());
                let client = &fields["client_id"];
                let granted = self.grants.lock().unwrap().get(client).cloned();
                let scope = granted.unwrap_or(asked);
                let token = self.mint(
                    "k1",
                    json!({"sub": client, "aud": fields["resource"], "scope": scope}),
                );
                json!({"access_token": token, "token_type": "Bearer", "expires_in": 300,
                       "scope": scope})
            }
            // The administrator grants a client `notes:write` too.
            ("POST", "/grant") => {
                let scope = "notes:read notes:write".to_owned();
                self.grants
                    .lock()
                    .unwrap()
                    .insert(fields["client_id"].clone(), scope);
                json!({})
            }
            ("POST", "/introspect") => {
                // The resource server authenticates as `tools:secret`.
                let basic = headers.get("authorization").and_then(|v| v.to_str().ok());
                if basic != Some("Basic dG9vbHM6c2VjcmV0") {
                    return json!({"error": "invalid_client"});
                }
                let known = self.opaque.lock().unwrap().get(&fields["token"]).cloned();
                known.unwrap_or_else(|| json!({"active": false}))
            }
            _ => json!({"error": "not_found"}),
        }
    }
}

type Answer = Response<BoxBody<Bytes, Infallible>>;

/// Serves `respond` on `listener`, each connection on a task of its own.
fn serve<F, Fut>(listener: tokio::net::TcpListener, respond: F)
where
    F: Fn(Request<Incoming>) -> Fut + Clone + Send + Sync + 'static,
    Fut: std::future::Future<Output = Answer> + Send + 'static,
{
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let respond = respond.clone();
            let service = hyper::service::service_fn(move |request: Request<Incoming>| {
                let respond = respond.clone();
                async move { Ok::<_, Infallible>(respond(request).await) }
            });
            tokio::spawn(
                auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), service)
                    .into_owned(),
            );
        }
    });
}

/// The authorization server's routes, answered from `state`.
fn routes(
    state: Arc<Issuer>,
) -> impl Fn(Request<Incoming>) -> std::pin::Pin<Box<dyn std::future::Future<Output = Answer> + Send>>
+ Clone
+ Send
+ Sync
+ 'static {
    move |request: Request<Incoming>| {
        let state = Arc::clone(&state);
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let body = body.collect().await.unwrap().to_bytes();
            let form = String::from_utf8_lossy(&body);
            let answer = state.answer(
                parts.method.as_str(),
                parts.uri.path(),
                &parts.headers,
                &form,
            );
            Response::new(Full::new(Bytes::from(answer.to_string())).boxed())
        })
    }
}

/// The authorization server, on loopback, with `k1` in its JWKS.
async fn issuer() -> Arc<Issuer> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let issuer = Arc::new(Issuer::default());
    *issuer.url.lock().unwrap() = format!("http://{}", listener.local_addr().unwrap());
    issuer.listed.lock().unwrap().push("k1");
    serve(listener, routes(Arc::clone(&issuer)));
    issuer
}

/// The MCP server, stateless, with the options `options(resource)` make,
/// on loopback; its address and resource URL.
async fn tools_server(options: impl FnOnce(&str) -> HttpOptions) -> (SocketAddr, String) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let resource = format!("http://{addr}/mcp");
    let tools = toolsmith::toolset![Whoami, WriteNote].unwrap();
    let mcp: HttpService = McpServer::new(tools)
        .with_http_options(options(&resource).stateless(true))
        .into_http_service();
    serve(listener, move |request: Request<Incoming>| {
        let mut mcp = mcp.clone();
        async move { mcp.call(request).await.unwrap() }
    });
    (addr, resource)
}

/// A server taking JWTs of `issuer`, refetching its JWKS at most every
/// `min_refresh`.
async fn jwt_server(issuer: &Issuer, min_refresh: Duration) -> (SocketAddr, String) {
    let url = issuer.url();
    tools_server(|resource| {
        let verifier =
            JwtVerifier::new(format!("{url}/jwks.json"), &url, resource).min_refresh(min_refresh);
        HttpOptions::new().authenticator(verifier, resource, [url.clone()])
    })
    .await
}

fn call(tool: &str, arguments: Value) -> String {
    json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
           "params": {"name": tool, "arguments": arguments}})
    .to_string()
}

fn answer(text: &str) -> String {
    json!({"jsonrpc": "2.0", "id": 1,
           "result": {"content": [{"type": "text", "text": text}], "isError": false}})
    .to_string()
}

async fn call_with(addr: SocketAddr, token: &str, tool: &str, arguments: Value) -> Reply {
    let bearer = format!("Bearer {token}");
    let headers = [("Authorization", bearer.as_str())];
    exchange(addr, &post(&call(tool, arguments), &headers)).await
}

/// `http://host:port/path` as its address and path.
fn split_url(url: &str) -> (SocketAddr, &str) {
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_at(rest.find('/').unwrap());
    (host.parse().unwrap(), path)
}

/// A GET of `url` on loopback, its body as JSON.
async fn get_json(url: &str) -> Value {
    let (addr, path) = split_url(url);
    let reply = exchange(addr, &request("GET", path, &[], "")).await;
    assert_eq!(reply.status, 200, "{url}: {reply:?}");
    serde_json::from_str(&reply.body).unwrap()
}

/// The value of `name="..."` in a challenge.
fn param<'a>(challenge: &'a str, name: &str) -> &'a str {
    let start = challenge.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
    let rest = &challenge[start..];
    &rest[..rest.find('"').unwrap()]
}

const REFUSED: &str = r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Unauthorized: the bearer token was not accepted"}}"#;

#[tokio::test]
async fn a_client_follows_discovery_to_a_token_and_the_tool_sees_its_caller() {
    let issuer = issuer().await;
    let (addr, resource) = jwt_server(&issuer, Duration::from_secs(3600)).await;

    // 1. No token: 401, and the challenge names the resource metadata.
    let reply = exchange(addr, &post(&call("whoami", json!({})), &[])).await;
    assert_eq!(reply.status, 401, "{reply:?}");
    let challenge = reply.header("www-authenticate").unwrap().to_owned();
    let metadata_url = param(&challenge, "resource_metadata");
    assert_eq!(
        metadata_url,
        format!("http://{addr}/.well-known/oauth-protected-resource/mcp")
    );
    // 2. The resource metadata (RFC 9728), its scopes those of the tools.
    let metadata = get_json(metadata_url).await;
    assert_eq!(
        metadata,
        json!({
            "resource": resource,
            "authorization_servers": [issuer.url()],
            "bearer_methods_supported": ["header"],
            "scopes_supported": ["notes:write"],
        })
    );
    // 3. The authorization server's metadata (RFC 8414), then a token for
    //    this resource (RFC 8707) by client credentials.
    let as_url = metadata["authorization_servers"][0].as_str().unwrap();
    let as_metadata = get_json(&format!("{as_url}/.well-known/oauth-authorization-server")).await;
    let (as_addr, token_path) = split_url(as_metadata["token_endpoint"].as_str().unwrap());
    let form = format!(
        "grant_type=client_credentials&client_id=alice&scope=notes%3Aread&resource={}",
        resource.replace(':', "%3A").replace('/', "%2F")
    );
    let form_type = [("Content-Type", "application/x-www-form-urlencoded")];
    let reply = exchange(as_addr, &request("POST", token_path, &form_type, &form)).await;
    let token: Value = serde_json::from_str(&reply.body).unwrap();
    let token = token["access_token"].as_str().unwrap();
    // 4. The call, which the tool answers knowing who made it.
    let reply = call_with(addr, token, "whoami", json!({})).await;
    let seen = format!("alice ({}) notes:read", issuer.url());
    assert_eq!((reply.status, reply.body), (200, answer(&seen)));
    assert_eq!(issuer.fetches(), 1);
    // The JWKS is cached: a second call fetches nothing.
    let reply = call_with(addr, token, "whoami", json!({})).await;
    assert_eq!(reply.status, 200);
    assert_eq!(issuer.fetches(), 1);

    // 5. A tool whose scope the token lacks: 403, the step-up challenge.
    let reply = call_with(addr, token, "write_note", json!({"text": "hi"})).await;
    assert_eq!(reply.status, 403, "{reply:?}");
    let step_up = format!(
        r#"Bearer error="insufficient_scope", scope="notes:write", resource_metadata="{metadata_url}""#
    );
    assert_eq!(reply.header("www-authenticate"), Some(step_up.as_str()));
    assert_eq!(
        reply.body,
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Forbidden: write_note needs the scope notes:write, which the bearer token does not grant; ask the authorization server for a token with it"}}"#
    );
    // With the scope, the call goes through.
    let writer = issuer.mint(
        "k1",
        json!({"aud": resource, "scope": "notes:read notes:write"}),
    );
    let reply = call_with(addr, &writer, "write_note", json!({"text": "hi"})).await;
    assert_eq!((reply.status, reply.body), (200, answer("alice wrote hi")));
}

/// The official Python SDK's OAuth client (client credentials) does what
/// the test above does by hand: discovery from the `401`, a token for the
/// resource, the call; then the step-up on a `403` it cannot yet satisfy,
/// and again once the grant holds the scope.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_official_python_client_follows_discovery_to_a_token_and_steps_up() {
    let issuer = issuer().await;
    issuer
        .grants
        .lock()
        .unwrap()
        .insert("alice".to_owned(), "notes:read".to_owned());
    let (_, resource) = jwt_server(&issuer, Duration::from_secs(3600)).await;
    let url = issuer.url();
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(python_with_sdk())
            .arg(manifest_dir().join("tests/mcp_oauth_client.py"))
            .args([&resource, &url])
            .output()
            .expect("the client script runs")
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        stdout,
        "ok  the tool sees the caller the token names\n\
         ok  a token lacking the scope: the step-up, then the refusal the client sees\n\
         ok  the grant\n\
         ok  after the step-up the call goes through\n"
    );
    // What the client asked the authorization server for: the metadata's
    // scopes, then on each step-up those with the challenged ones.
    assert_eq!(
        *issuer.asked.lock().unwrap(),
        [
            "notes:write",
            "notes:write notes:read",
            "notes:write notes:read"
        ]
    );
    assert_eq!(issuer.fetches(), 1);
}

#[tokio::test]
async fn tokens_for_another_audience_expired_or_unsigned_by_the_jwks_are_refused() {
    let issuer = issuer().await;
    let (addr, resource) = jwt_server(&issuer, Duration::from_secs(3600)).await;
    let invalid = format!(
        r#"Bearer resource_metadata="http://{addr}/.well-known/oauth-protected-resource/mcp", error="invalid_token""#
    );
    let cases = [
        ("good", json!({"aud": resource}), 200),
        (
            "another audience",
            json!({"aud": "http://127.0.0.1:1/mcp"}),
            401,
        ),
        ("no audience", json!({"aud": null}), 401),
        ("expired", json!({"aud": resource, "exp": now() - 600}), 401),
        (
            "not yet valid",
            json!({"aud": resource, "nbf": now() + 600}),
            401,
        ),
        (
            "another issuer",
            json!({"aud": resource, "iss": "http://127.0.0.1:1"}),
            401,
        ),
        ("no subject", json!({"aud": resource, "sub": null}), 401),
    ];
    for (case, claims, status) in cases {
        let token = issuer.mint("k1", claims);
        let reply = call_with(addr, &token, "whoami", json!({})).await;
        assert_eq!(reply.status, status, "{case}: {reply:?}");
        if status == 401 {
            assert_eq!(reply.body, REFUSED, "{case}");
            assert_eq!(
                reply.header("www-authenticate"),
                Some(invalid.as_str()),
                "{case}"
            );
        }
    }
    let reply = call_with(addr, "not-a-jwt", "whoami", json!({})).await;
    assert_eq!((reply.status, reply.body.as_str()), (401, REFUSED));
    assert_eq!(issuer.fetches(), 1);

    // A key the JWKS lacks: one refetch, then none within the interval.
    let unknown = issuer.mint("k2", json!({"aud": resource}));
    let reply = call_with(addr, &unknown, "whoami", json!({})).await;
    assert_eq!((reply.status, reply.body.as_str()), (401, REFUSED));
    assert_eq!(issuer.fetches(), 2);
    let other = issuer.mint("k3", json!({"aud": resource}));
    let reply = call_with(addr, &other, "whoami", json!({})).await;
    assert_eq!((reply.status, reply.body.as_str()), (401, REFUSED));
    assert_eq!(issuer.fetches(), 2, "rate-limited");
}

#[tokio::test]
async fn a_key_the_issuer_rotates_in_is_fetched_once_and_taken() {
    let issuer = issuer().await;
    let (addr, resource) = jwt_server(&issuer, Duration::ZERO).await;
    let first = issuer.mint("k1", json!({"aud": resource}));
    assert_eq!(
        call_with(addr, &first, "whoami", json!({})).await.status,
        200
    );
    assert_eq!(issuer.fetches(), 1);
    issuer.listed.lock().unwrap().push("k2");
    let rotated = issuer.mint("k2", json!({"aud": resource, "sub": "carol"}));
    let reply = call_with(addr, &rotated, "whoami", json!({})).await;
    let seen = format!("carol ({}) ", issuer.url());
    assert_eq!((reply.status, reply.body), (200, answer(&seen)));
    assert_eq!(issuer.fetches(), 2);
}

#[tokio::test]
async fn introspection_takes_active_tokens_for_this_resource_only() {
    let issuer = issuer().await;
    let url = issuer.url();
    let (addr, resource) = tools_server(|resource| {
        let introspection = Introspection::new(format!("{url}/introspect"), resource)
            .client_credentials("tools", "secret");
        HttpOptions::new().authenticator(introspection, resource, [url.clone()])
    })
    .await;
    {
        let mut opaque = issuer.opaque.lock().unwrap();
        opaque.insert(
            "active".to_owned(),
            json!({"active": true, "sub": "bob", "scope": "notes:write", "aud": resource,
                   "iss": issuer.url(), "exp": now() + 60}),
        );
        opaque.insert(
            "elsewhere".to_owned(),
            json!({"active": true, "sub": "bob", "aud": "http://127.0.0.1:1/mcp"}),
        );
        opaque.insert(
            "expired".to_owned(),
            json!({"active": true, "sub": "bob", "exp": now() - 60}),
        );
        opaque.insert("revoked".to_owned(), json!({"active": false, "sub": "bob"}));
    }
    let reply = call_with(addr, "active", "write_note", json!({"text": "x"})).await;
    assert_eq!((reply.status, reply.body), (200, answer("bob wrote x")));
    for token in ["elsewhere", "expired", "revoked", "unknown"] {
        let reply = call_with(addr, token, "whoami", json!({})).await;
        assert_eq!(
            (reply.status, reply.body.as_str()),
            (401, REFUSED),
            "{token}"
        );
    }
}

#[tokio::test]
async fn without_an_authenticator_the_tool_sees_the_session_and_in_code_the_local_user() {
    let tools = toolsmith::toolset![Whoami].unwrap();
    let direct = tools.call("whoami", json!({}), ()).await.unwrap();
    assert_eq!(direct.unwrap(), json!("local (no issuer) "));

    // Stateless over HTTP without a token: one caller per connection,
    // never a scope.
    let (addr, _) = tools_server(|_| HttpOptions::new()).await;
    let reply = exchange(addr, &post(&call("whoami", json!({})), &[])).await;
    assert_eq!(
        (reply.status, reply.body),
        (200, answer("unknown (no issuer) "))
    );
}

#[tokio::test]
async fn a_token_that_cannot_be_checked_now_is_answered_503() {
    let issuer = issuer().await;
    // A JWKS URL nothing listens at.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let jwks = format!("http://{}/jwks.json", closed.local_addr().unwrap());
    drop(closed);
    let url = issuer.url();
    let (addr, resource) = tools_server(|resource| {
        let verifier = JwtVerifier::new(jwks, &url, resource);
        HttpOptions::new().authenticator(verifier, resource, [url.clone()])
    })
    .await;
    let token = issuer.mint("k1", json!({"aud": resource}));
    for _ in 0..2 {
        let reply = call_with(addr, &token, "whoami", json!({})).await;
        assert_eq!(
            (reply.status, reply.body.as_str()),
            (
                503,
                r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Server busy: the bearer token cannot be checked now; retry later"}}"#
            )
        );
        assert_eq!(reply.header("retry-after"), Some("1"));
    }
}

/// The JWKS served over TLS on loopback, with the certificate of
/// `tests/tls/` (for `127.0.0.1`, signed by the test CA `ca.pem`); its URL.
async fn jwks_over_tls(issuer: &Arc<Issuer>) -> String {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};

    let tls = manifest_dir().join("tests/tls");
    let chain = CertificateDer::pem_file_iter(tls.join("server.pem"))
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let key = PrivateKeyDer::from_pem_file(tls.join("server.key")).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("https://{}/jwks.json", listener.local_addr().unwrap());
    let respond = routes(Arc::clone(issuer));
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let (acceptor, respond) = (acceptor.clone(), respond.clone());
            tokio::spawn(async move {
                // A client that refuses the certificate ends the handshake.
                let Ok(stream) = acceptor.accept(stream).await else {
                    return;
                };
                let service = hyper::service::service_fn(move |request: Request<Incoming>| {
                    let respond = respond.clone();
                    async move { Ok::<_, Infallible>(respond(request).await) }
                });
                let _ = auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    url
}

/// With `auth-https`, the built-in fetch reaches an `https://` JWKS: with
/// the issuer's CA given, the token is verified; with Mozilla's roots only
/// (the default), the certificate is refused and so the token cannot be
/// checked (`503`), and the JWKS is never served.
#[tokio::test]
async fn an_https_jwks_is_fetched_with_the_roots_given() {
    use toolsmith::mcp::auth::HttpsFetch;

    let issuer = issuer().await;
    let jwks = jwks_over_tls(&issuer).await;
    let url = issuer.url();
    let ca = std::fs::read(manifest_dir().join("tests/tls/ca.pem")).unwrap();
    let trusting = HttpsFetch::with_roots_pem(&ca).unwrap();
    let (addr, resource) = tools_server(|resource| {
        let verifier = JwtVerifier::new(&jwks, &url, resource).with_fetch(trusting);
        HttpOptions::new().authenticator(verifier, resource, [url.clone()])
    })
    .await;
    let token = issuer.mint("k1", json!({"aud": resource, "scope": "notes:read"}));
    let reply = call_with(addr, &token, "whoami", json!({})).await;
    let seen = format!("alice ({url}) notes:read");
    assert_eq!((reply.status, reply.body), (200, answer(&seen)));
    assert_eq!(issuer.fetches(), 1);

    let (addr, resource) = tools_server(|resource| {
        let verifier = JwtVerifier::new(&jwks, &url, resource);
        HttpOptions::new().authenticator(verifier, resource, [url.clone()])
    })
    .await;
    let token = issuer.mint("k1", json!({"aud": resource}));
    let reply = call_with(addr, &token, "whoami", json!({})).await;
    assert_eq!(
        (reply.status, reply.body.as_str()),
        (
            503,
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Server busy: the bearer token cannot be checked now; retry later"}}"#
        )
    );
    assert_eq!(issuer.fetches(), 1);

    assert_eq!(
        HttpsFetch::with_roots_pem(b"not a certificate").unwrap_err(),
        "the PEM holds no certificate"
    );
}
