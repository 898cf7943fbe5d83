//! One request to the MCP endpoint, answered: the path and `Host` checked,
//! a POST body read up to the line cap and checked as the stdio transport
//! checks a line (`400` with `-32700 Parse error` for a body that is not
//! JSON, `400` with `-32600 Invalid Request` for JSON that is no JSON-RPC
//! message, `413` for one over the cap, `408` for one that stalls), and
//! the rest handed to rmcp's Streamable HTTP service as it came.

use std::convert::Infallible;
use std::time::Duration;

use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use tokio_util::task::TaskTracker;

use crate::mcp::recover_id::recover_id;
use crate::mcp::server::Server;
use crate::mcp::transport::{
    INVALID_REQUEST, PARSE_ERROR, invalid_request_reason, is_request_id, parse_json,
};

/// The body of every response the endpoint sends.
pub(crate) type Body = BoxBody<Bytes, Infallible>;

/// The MCP endpoint at its path, keeping count of the answers on their way.
pub(crate) struct Endpoint {
    pub(crate) mcp: StreamableHttpService<Server, LocalSessionManager>,
    pub(crate) path: String,
    /// The longest body read, as the longest line on stdio.
    pub(crate) max_body: usize,
    /// How long a body may take to arrive.
    pub(crate) body_timeout: Duration,
    /// `allowed_hosts` was given an empty list: every request is refused.
    pub(crate) no_host_allowed: bool,
    /// One token per POST whose answer is not yet sent: its response body
    /// holds it until the body is done (or dropped with the connection).
    pub(crate) answering: TaskTracker,
}

impl Endpoint {
    /// Answers one request.
    pub(crate) async fn answer(&self, request: Request<Incoming>) -> Response<Body> {
        if request.uri().path() != self.path {
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
        if request.method() != Method::POST {
            return self.mcp.handle(request).await;
        }
        let pending = self.answering.token();
        let (parts, body) = request.into_parts();
        if let Some(forbidden) = self.forbidden(&parts).await {
            return forbidden;
        }
        let read = tokio::time::timeout(self.body_timeout, read_body(body, self.max_body));
        let Ok(body) = read.await else {
            let message = format!(
                "Invalid Request: the body did not arrive within {} ms",
                self.body_timeout.as_millis()
            );
            return closing(rpc_error(
                StatusCode::REQUEST_TIMEOUT,
                None,
                INVALID_REQUEST,
                message,
            ));
        };
        let body = match body {
            Ok(body) => body,
            Err(Unread::TooLarge { head }) => {
                let message = format!(
                    "Invalid Request: the message is larger than the limit of {} bytes",
                    self.max_body
                );
                let id = recover_id(&head);
                return closing(rpc_error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    id,
                    INVALID_REQUEST,
                    message,
                ));
            }
            Err(Unread::Failed(reason)) => {
                let message = format!("Invalid Request: cannot read the body: {reason}");
                return rpc_error(StatusCode::BAD_REQUEST, None, INVALID_REQUEST, message);
            }
        };
        if let Some(refusal) = refusal(&body) {
            return refusal;
        }
        let request = Request::from_parts(parts, Full::new(body));
        let response = self.mcp.handle(request).await;
        response.map(|body| {
            body.map_frame(move |frame| {
                let _ = &pending;
                frame
            })
            .boxed()
        })
    }
}

/// How much of a body over the cap is kept, to find its `id`.
const KEPT_PREFIX: usize = 64 * 1024;

/// Why a body was not read.
enum Unread {
    /// Over the cap: the first bytes, to find the request's `id` in.
    TooLarge { head: Vec<u8> },
    /// The connection failed while reading.
    Failed(String),
}

/// Reads a whole body of at most `max` bytes; stops reading at the cap.
async fn read_body(mut body: Incoming, max: usize) -> Result<Bytes, Unread> {
    let mut read = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|err| Unread::Failed(err.to_string()))?;
        let Ok(data) = frame.into_data() else {
            continue; // trailers
        };
        if read.len() + data.len() > max {
            read.extend_from_slice(&data[..data.len().min(KEPT_PREFIX.saturating_sub(read.len()))]);
            read.truncate(KEPT_PREFIX);
            return Err(Unread::TooLarge { head: read });
        }
        read.extend_from_slice(&data);
    }
    Ok(Bytes::from(read))
}

/// The answer to a body that is not one JSON-RPC message, or `None` when
/// it is one.
fn refusal(body: &[u8]) -> Option<Response<Body>> {
    let value = match parse_json(body) {
        Ok(value) => value,
        Err(reason) => {
            let message = format!("Parse error: {reason}");
            return Some(rpc_error(
                StatusCode::BAD_REQUEST,
                recover_id(body),
                PARSE_ERROR,
                message,
            ));
        }
    };
    let id = value.get("id").cloned().filter(is_request_id);
    let reason = if value.is_object() {
        invalid_request_reason(&value)
    } else {
        "a message is one JSON object (no batches)".to_owned()
    };
    match serde_json::from_value::<ClientJsonRpcMessage>(value) {
        Ok(_) => None,
        Err(_) => Some(rpc_error(
            StatusCode::BAD_REQUEST,
            id,
            INVALID_REQUEST,
            format!("Invalid Request: {reason}"),
        )),
    }
}

/// `response` with `Connection: close`: the rest of an unread body is
/// still on the connection, so neither side may send another request on it.
fn closing(mut response: Response<Body>) -> Response<Body> {
    response.headers_mut().insert(
        hyper::header::CONNECTION,
        hyper::header::HeaderValue::from_static("close"),
    );
    response
}

/// A JSON-RPC error as an HTTP response with `status`.
fn rpc_error(
    status: StatusCode,
    id: Option<serde_json::Value>,
    code: i64,
    message: String,
) -> Response<Body> {
    let reply = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(serde_json::Value::Null),
        "error": { "code": code, "message": message },
    });
    let mut response = Response::new(Full::new(Bytes::from(reply.to_string())).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("application/json"),
    );
    response
}

impl Endpoint {
    /// rmcp's answer to a request from a `Host` or `Origin` it does not
    /// allow, asked before the body is read: the same headers on a request
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

/// A plain-text response.
fn plain(status: StatusCode, text: String) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(text)).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}
