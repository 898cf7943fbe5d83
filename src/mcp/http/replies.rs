//! The responses the endpoint writes itself: JSON-RPC errors with an HTTP
//! status, plain text, JSON documents, and the marks they may carry
//! (`Connection: close`, `Retry-After`).

use std::convert::Infallible;

use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::Bytes;
use hyper::header::{self, HeaderValue};
use hyper::{Response, StatusCode};

/// The body of every response the endpoint sends.
pub(crate) type Body = BoxBody<Bytes, Infallible>;

/// JSON-RPC's code for an error of the server's own (the start of the
/// range it leaves to implementations): here, a cap reached or a missing
/// credential.
pub(crate) const SERVER_ERROR: i64 = -32000;

/// How many seconds a client told to come back later waits first.
pub(crate) const RETRY_AFTER_SECONDS: &str = "1";

/// A JSON-RPC error as an HTTP response with `status`.
pub(crate) fn rpc_error(
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
    json(status, reply.to_string())
}

/// `503 Service Unavailable` with `Retry-After`, for a cap that is full
/// now and may not be in a moment.
pub(crate) fn busy(id: Option<serde_json::Value>, message: String) -> Response<Body> {
    let mut response = rpc_error(StatusCode::SERVICE_UNAVAILABLE, id, SERVER_ERROR, message);
    response.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from_static(RETRY_AFTER_SECONDS),
    );
    response
}

/// A JSON document as an HTTP response with `status`.
pub(crate) fn json(status: StatusCode, text: String) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(text)).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// A plain-text response.
pub(crate) fn plain(status: StatusCode, text: String) -> Response<Body> {
    let mut response = Response::new(Full::new(Bytes::from(text)).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// `response` with `Connection: close`: the rest of an unread body is
/// still on the connection, so neither side may send another request on it.
pub(crate) fn closing(mut response: Response<Body>) -> Response<Body> {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}
