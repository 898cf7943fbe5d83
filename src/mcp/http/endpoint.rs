//! One request to the MCP endpoint, answered: the path, `Host`, `Origin`
//! and bearer token checked, a POST body read up to the line cap (and
//! within the bytes in flight) and checked as the stdio transport checks a
//! line (`400` with `-32700 Parse error` for a body that is not JSON, `400`
//! with `-32600 Invalid Request` for JSON that is no JSON-RPC message, `413`
//! for one over the cap, `408` for one that stalls, `503` past the bytes in
//! flight), a session slot taken for an `initialize` that opens one, a
//! stream slot for a `GET` event stream, a `DELETE` of a session answered
//! `204` (or `404` for a session it does not hold), and the rest handed to
//! rmcp's Streamable HTTP service.

use std::fmt::Display;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::{Buf, Bytes};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::StreamableHttpService;
use serde::Deserialize;
use serde_json::Value;
use tokio_util::task::TaskTracker;

use super::bearer::Bearer;
use super::budget::{BodyBudget, Held};
use super::peers::{PeerAddr, is_local, names_loopback};
use super::replies::{Body, busy, closing, plain, rpc_error};
use super::sessions::CappedSessions;
use super::streams::{Refused, Streams};
use crate::mcp::server::Server;
use crate::mcp::server::live_tools::LiveTools;
use crate::mcp::transport::{
    INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR, invalid_request_reason, mistyped_call,
    parse_json, recover_id, request_id, strip_bom,
};

/// The header a client names its session in.
const SESSION_ID: &str = "mcp-session-id";

/// The MCP endpoint at its path, keeping count of the answers on their way.
pub(crate) struct Endpoint {
    pub(crate) mcp: StreamableHttpService<Server, CappedSessions>,
    /// The sessions, when the endpoint keeps any.
    pub(crate) sessions: Option<Arc<CappedSessions>>,
    pub(crate) path: String,
    /// The longest body read, as the longest line on stdio.
    pub(crate) max_body: usize,
    /// How long a body may take to arrive.
    pub(crate) body_timeout: Duration,
    /// The bytes of bodies held at once.
    pub(crate) bodies: Arc<BodyBudget>,
    /// `allowed_hosts` was given an empty list: every request is refused.
    pub(crate) no_host_allowed: bool,
    pub(crate) bearer: Option<Bearer>,
    /// The tools, for the scopes a call needs and the metadata lists.
    pub(crate) tools: Arc<LiveTools>,
    /// One token per POST whose answer is not yet sent: its response body
    /// holds it until the body is done (or dropped with the connection).
    pub(crate) answering: TaskTracker,
    /// The `GET` event streams open.
    pub(crate) streams: Arc<Streams>,
    /// The bus between replicas on one Redis, when the server has one.
    #[cfg(feature = "redis")]
    pub(crate) bus: Option<Arc<crate::mcp::redis::Bus>>,
}

impl Endpoint {
    /// Answers one request, whatever its body type (hyper's own, or a
    /// router's).
    pub(crate) async fn answer<B>(&self, request: Request<B>) -> Response<Body>
    where
        B: hyper::body::Body + Send + 'static,
        B::Data: Send,
        B::Error: Display,
    {
        let path = request.uri().path();
        let metadata = self
            .bearer
            .as_ref()
            .filter(|bearer| bearer.is_metadata_route(path));
        if metadata.is_none() && path != self.path {
            return plain(
                StatusCode::NOT_FOUND,
                format!("Not Found: the MCP endpoint is {}", self.path),
            );
        }
        if self.no_host_allowed {
            return plain(
                StatusCode::FORBIDDEN,
                "Forbidden: the server allows no Host (its list of allowed hosts is empty)"
                    .to_owned(),
            );
        }
        let (mut parts, body) = request.into_parts();
        if let Some(forbidden) = forbidden_peer(&parts) {
            return forbidden;
        }
        if let Some(forbidden) = self.forbidden(&parts).await {
            return forbidden;
        }
        if let Some(bearer) = metadata {
            return match parts.method {
                Method::GET | Method::HEAD => bearer.metadata(&self.tools.current()),
                _ => {
                    let mut refused = plain(
                        StatusCode::METHOD_NOT_ALLOWED,
                        "Method Not Allowed: the metadata is read with GET".to_owned(),
                    );
                    refused
                        .headers_mut()
                        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
                    refused
                }
            };
        }
        // Who is calling, for the server to read (`caller_of`): the
        // token's principal; the tools never see the token.
        if let Some(bearer) = &self.bearer {
            match bearer.caller(&parts.headers).await {
                Ok(caller) => {
                    parts.extensions.insert(caller);
                }
                Err(refused) => return refused,
            }
        }
        if parts.method == Method::DELETE {
            return self.delete(Request::from_parts(parts, body)).await;
        }
        if parts.method == Method::GET {
            return self.stream(Request::from_parts(parts, body)).await;
        }
        if parts.method != Method::POST {
            return self.mcp.handle(Request::from_parts(parts, body)).await;
        }
        if self.sessions.is_none() {
            parts.extensions.insert(crate::mcp::transport::Stateless);
        }
        let pending = self.answering.token();
        let (body, held) = match self.read(body).await {
            Ok(read) => read,
            Err(refused) => return refused,
        };
        let body = body.slice_ref(strip_bom(&body));
        let message = match message(&body) {
            Ok(message) => message,
            Err(refusal) => return *refusal,
        };
        // rmcp's typed call would drop a mistyped `task` unread.
        if let Some(line) = mistyped_call(&message) {
            let id = message.get("id").and_then(request_id);
            return rpc_error(StatusCode::OK, id, INVALID_PARAMS, line);
        }
        if let Some(refused) = self.step_up(&parts, &message) {
            return refused;
        }
        // A client's answer to a server's request may reach a replica
        // other than the one waiting for it: every replica hears it.
        #[cfg(feature = "redis")]
        if let (Some(bus), Some(session)) = (&self.bus, parts.headers.get(SESSION_ID))
            && let Ok(session) = session.to_str()
            && crate::mcp::redis::is_answer(&message)
        {
            bus.answered(session, &message).await;
        }
        let opens_session = self.sessions.as_ref().filter(|_| {
            message.get("method") == Some(&Value::from("initialize"))
                && !parts.headers.contains_key(SESSION_ID)
        });
        let request = Request::from_parts(parts, Full::new(body));
        let response = match opens_session {
            Some(sessions) => {
                let Some(slot) = sessions.free_slot() else {
                    let id = message.get("id").and_then(request_id);
                    let message = format!(
                        "Server busy: the server holds its limit of {} sessions; retry later, \
                         or end a session of yours (DELETE) first",
                        sessions.max()
                    );
                    return busy(id, message);
                };
                CappedSessions::with_slot(slot, self.mcp.handle(request)).await
            }
            None => self.mcp.handle(request).await,
        };
        drop(held);
        response.map(|body| {
            body.map_frame(move |frame| {
                let _ = &pending;
                frame
            })
            .boxed()
        })
    }

    /// The whole body, with the bytes it holds of the budget, or the
    /// answer to a body that stalled, was too large, did not fit the
    /// budget, or broke off.
    async fn read<B>(&self, body: B) -> Result<(Bytes, Held), Response<Body>>
    where
        B: hyper::body::Body,
        B::Error: Display,
    {
        let read = tokio::time::timeout(
            self.body_timeout,
            read_body(body, self.max_body, self.bodies.none()),
        );
        let Ok(read) = read.await else {
            let message = format!(
                "Invalid Request: the body did not arrive within {} ms",
                self.body_timeout.as_millis()
            );
            return Err(closing(rpc_error(
                StatusCode::REQUEST_TIMEOUT,
                None,
                INVALID_REQUEST,
                message,
            )));
        };
        match read {
            Ok(read) => Ok(read),
            Err(Unread::TooLarge { head }) => {
                let message = format!(
                    "Invalid Request: the message is larger than the limit of {} bytes",
                    self.max_body
                );
                Err(closing(rpc_error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    recover_id(strip_bom(&head)),
                    INVALID_REQUEST,
                    message,
                )))
            }
            Err(Unread::OverBudget { head }) => {
                let message = format!(
                    "Server busy: the request bodies being read fill the limit of {} bytes; \
                     retry later",
                    self.bodies.max()
                );
                Err(closing(busy(recover_id(strip_bom(&head)), message)))
            }
            Err(Unread::Failed(reason)) => {
                let message = format!("Invalid Request: cannot read the body: {reason}");
                Err(rpc_error(
                    StatusCode::BAD_REQUEST,
                    None,
                    INVALID_REQUEST,
                    message,
                ))
            }
        }
    }

    /// The `403` step-up answer to a `tools/call` whose tool wants scopes
    /// the authenticated caller lacks.
    fn step_up(
        &self,
        parts: &hyper::http::request::Parts,
        message: &Value,
    ) -> Option<Response<Body>> {
        let bearer = self.bearer.as_ref()?;
        let caller = parts.extensions.get::<toolsmith_runtime::Caller>()?;
        if message.get("method")?.as_str()? != "tools/call" {
            return None;
        }
        let name = message.get("params")?.get("name")?.as_str()?;
        let id = message.get("id").and_then(request_id);
        bearer.step_up(&self.tools.current(), caller, name, id)
    }

    /// rmcp's answer to a request from a `Host` or `Origin` it does not
    /// allow, asked before anything else is: the same headers on a request
    /// without a body or a method it serves, which it refuses `403` when
    /// the headers are not allowed and `405` otherwise. rmcp reads the
    /// first `Origin` only: each is asked about on its own.
    async fn forbidden(&self, parts: &hyper::http::request::Parts) -> Option<Response<Body>> {
        let origins: Vec<HeaderValue> = parts
            .headers
            .get_all(header::ORIGIN)
            .iter()
            .cloned()
            .collect();
        let mut headers = parts.headers.clone();
        let each: Vec<Option<HeaderValue>> = if origins.len() > 1 {
            origins.into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        for origin in each {
            if let Some(origin) = origin {
                headers.insert(header::ORIGIN, origin);
            }
            let mut probe = Request::new(Full::new(Bytes::new()));
            *probe.method_mut() = Method::OPTIONS;
            *probe.uri_mut() = parts.uri.clone();
            *probe.headers_mut() = headers.clone();
            let answer = self.mcp.handle(probe).await;
            if answer.status() == StatusCode::FORBIDDEN {
                return Some(answer);
            }
        }
        None
    }

    /// A `DELETE` of a session: `204 No Content` once it is closed, `404`
    /// for a session the server does not hold (unknown, or closed
    /// already).
    async fn delete<B>(&self, request: Request<B>) -> Response<Body>
    where
        B: hyper::body::Body + Send + 'static,
        B::Data: Send,
        B::Error: Display,
    {
        let session = session_id(&request).map(Arc::<str>::from);
        if let (Some(sessions), Some(session)) = (&self.sessions, session) {
            use rmcp::transport::streamable_http_server::session::SessionManager;
            if !sessions.has_session(&session).await.unwrap_or(false) {
                return plain(
                    StatusCode::NOT_FOUND,
                    "Not Found: Session not found".to_owned(),
                );
            }
        }
        let mut response = self.mcp.handle(request).await;
        if response.status() == StatusCode::ACCEPTED {
            *response.status_mut() = StatusCode::NO_CONTENT;
            *response.body_mut() = Full::new(Bytes::new()).boxed();
            response.headers_mut().remove(header::CONTENT_TYPE);
            response.headers_mut().remove(header::CONTENT_LENGTH);
        }
        response
    }

    /// A `GET` event stream of a session: one at a time per session, at
    /// most as many as the stream cap, each bounded in time.
    async fn stream<B>(&self, request: Request<B>) -> Response<Body>
    where
        B: hyper::body::Body + Send + 'static,
        B::Data: Send,
        B::Error: Display,
    {
        let session = session_id(&request).map(str::to_owned);
        let http1 = request.version() <= hyper::Version::HTTP_11;
        let Some(session) = session.filter(|_| self.sessions.is_some()) else {
            return self.mcp.handle(request).await;
        };
        let slot = match self.streams.open(&session) {
            Ok(slot) => slot,
            Err(Refused::Conflict) => {
                return plain(
                    StatusCode::CONFLICT,
                    "Conflict: the session has an event stream open already; one is served \
                     per session"
                        .to_owned(),
                );
            }
            Err(Refused::Full(max)) => {
                let mut refused = plain(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "Service Unavailable: the server holds its limit of {max} event \
                         streams; retry later"
                    ),
                );
                refused.headers_mut().insert(
                    header::RETRY_AFTER,
                    HeaderValue::from_static(super::replies::RETRY_AFTER_SECONDS),
                );
                return refused;
            }
        };
        let response = self.mcp.handle(request).await;
        let is_stream = response.status() == StatusCode::OK
            && response
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|t| t.to_str().ok())
                .is_some_and(|t| t.starts_with("text/event-stream"));
        if !is_stream {
            return response;
        }
        let response = response.map(|body| self.streams.bound(body, slot).boxed());
        // Log messages of calls on other replicas that came before it.
        #[cfg(feature = "redis")]
        if let Some(bus) = &self.bus {
            bus.stream_opened(&session);
        }
        // The connection of a stream that ends goes with it: the client
        // opens a new one to resume.
        if http1 { closing(response) } else { response }
    }
}

/// `403` for a request whose `Host` names this machine by a loopback name
/// while it comes from a peer that is not on this machine: such a name is
/// no proof of a local caller, and the loopback default of the host check
/// must not let the network in.
fn forbidden_peer(parts: &hyper::http::request::Parts) -> Option<Response<Body>> {
    let PeerAddr(peer) = *parts.extensions.get::<PeerAddr>()?;
    if is_local(peer) {
        return None;
    }
    let host = parts
        .headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| parts.uri.authority().map(|a| a.as_str()))?;
    names_loopback(host).then(|| {
        plain(
            StatusCode::FORBIDDEN,
            "Forbidden: a loopback Host from a peer that is not on this machine".to_owned(),
        )
    })
}

/// The session a request names in its `Mcp-Session-Id` header.
fn session_id<B>(request: &Request<B>) -> Option<&str> {
    session_header(request.headers())
}

/// The session a request or response names in `Mcp-Session-Id`.
pub(crate) fn session_of(headers: &hyper::HeaderMap) -> Option<String> {
    session_header(headers).map(str::to_owned)
}

fn session_header(headers: &hyper::HeaderMap) -> Option<&str> {
    headers.get(SESSION_ID)?.to_str().ok()
}

/// How much of a body over the cap is kept, to find its `id`.
const KEPT_PREFIX: usize = 64 * 1024;

/// Why a body was not read.
enum Unread {
    /// Over the cap: the first bytes, to find the request's `id` in.
    TooLarge { head: Vec<u8> },
    /// Past the bytes in flight: the bytes read so far.
    OverBudget { head: Vec<u8> },
    /// The connection failed while reading.
    Failed(String),
}

/// Reads a whole body of at most `max` bytes, each taken from the budget
/// as it arrives; stops reading at the cap or when the budget is spent.
async fn read_body<B>(body: B, max: usize, mut held: Held) -> Result<(Bytes, Held), Unread>
where
    B: hyper::body::Body,
    B::Error: Display,
{
    let mut body = std::pin::pin!(body);
    let mut read = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|err| Unread::Failed(err.to_string()))?;
        let Ok(mut data) = frame.into_data() else {
            continue; // trailers
        };
        let data = data.copy_to_bytes(data.remaining());
        if read.len() + data.len() > max {
            read.extend_from_slice(&data[..data.len().min(KEPT_PREFIX.saturating_sub(read.len()))]);
            read.truncate(KEPT_PREFIX);
            return Err(Unread::TooLarge { head: read });
        }
        if !held.grow(data.len()) {
            read.truncate(KEPT_PREFIX);
            return Err(Unread::OverBudget { head: read });
        }
        read.extend_from_slice(&data);
    }
    Ok((Bytes::from(read), held))
}

/// The JSON-RPC message a body holds, or the answer to one that holds
/// none.
fn message(body: &[u8]) -> Result<Value, Box<Response<Body>>> {
    let value = match parse_json(body) {
        Ok(value) => value,
        Err(reason) => {
            let message = format!("Parse error: {reason}");
            return Err(Box::new(rpc_error(
                StatusCode::BAD_REQUEST,
                recover_id(body),
                PARSE_ERROR,
                message,
            )));
        }
    };
    let reason = if value.is_object() {
        invalid_request_reason(&value)
    } else {
        "a message is one JSON object (no batches)".to_owned()
    };
    let id = value.get("id").and_then(request_id);
    match ClientJsonRpcMessage::deserialize(&value) {
        Ok(_) => Ok(value),
        Err(_) => Err(Box::new(rpc_error(
            StatusCode::BAD_REQUEST,
            id,
            INVALID_REQUEST,
            format!("Invalid Request: {reason}"),
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The head of a request from `peer` with `Host: host`.
    fn parts(peer: &str, host: &str) -> hyper::http::request::Parts {
        let mut request = Request::builder()
            .uri("/mcp")
            .header(header::HOST, host)
            .body(())
            .unwrap();
        request
            .extensions_mut()
            .insert(PeerAddr(peer.parse().unwrap()));
        request.into_parts().0
    }

    #[test]
    fn a_loopback_host_from_a_peer_off_this_machine_is_forbidden() {
        let cases = [
            ("192.0.2.7:40000", "localhost", true),
            ("192.0.2.7:40000", "127.0.0.1:8080", true),
            ("[2001:db8::7]:40000", "[::1]:8080", true),
            ("192.0.2.7:40000", "tools.example.com", false),
            ("127.0.0.1:40000", "localhost", false),
            ("[::1]:40000", "localhost:8080", false),
            ("[::ffff:127.0.0.1]:40000", "localhost", false),
        ];
        for (peer, host, forbidden) in cases {
            let refused = forbidden_peer(&parts(peer, host));
            assert_eq!(refused.is_some(), forbidden, "{peer} {host}");
            if let Some(refused) = refused {
                assert_eq!(refused.status(), StatusCode::FORBIDDEN);
            }
        }
    }
}
