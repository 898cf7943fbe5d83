//! One request to the MCP endpoint, answered: the path, `Host`, `Origin`
//! and bearer token checked, a POST body read up to the line cap (and
//! within the bytes in flight) and checked as the stdio transport checks a
//! line (`400` with `-32700 Parse error` for a body that is not JSON, `400`
//! with `-32600 Invalid Request` for JSON that is no JSON-RPC message, `413`
//! for one over the cap, `408` for one that stalls, `503` past the bytes in
//! flight), a session slot taken for an `initialize` that opens one, and
//! the rest handed to rmcp's Streamable HTTP service.

use std::fmt::Display;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
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
use super::replies::{Body, busy, closing, plain, rpc_error};
use super::sessions::CappedSessions;
use crate::mcp::server::Server;
use crate::mcp::server::live_tools::LiveTools;
use crate::mcp::transport::{
    INVALID_REQUEST, PARSE_ERROR, invalid_request_reason, parse_json, recover_id, request_id,
    strip_bom,
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
        if parts.method != Method::POST {
            return self.mcp.handle(Request::from_parts(parts, body)).await;
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
        if let Some(refused) = self.step_up(&parts, &message) {
            return refused;
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
    /// the headers are not allowed and `405` otherwise.
    async fn forbidden(&self, parts: &hyper::http::request::Parts) -> Option<Response<Body>> {
        let mut probe = Request::new(Full::new(Bytes::new()));
        *probe.method_mut() = Method::OPTIONS;
        *probe.uri_mut() = parts.uri.clone();
        *probe.headers_mut() = parts.headers.clone();
        let answer = self.mcp.handle(probe).await;
        (answer.status() == StatusCode::FORBIDDEN).then_some(answer)
    }
}

/// One client connection of [`serve`](super::HttpServer::serve): what
/// stands for the caller of a server with neither an authenticator nor
/// sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Client(pub(crate) u64);

impl Client {
    /// A number no connection of this process had.
    pub(crate) fn next() -> Client {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Client(NEXT.fetch_add(1, Ordering::Relaxed))
    }
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
