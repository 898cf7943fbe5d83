//! MCP over Streamable HTTP: rmcp's server transport, served on hyper, with
//! a graceful shutdown that answers every call already made.
//!
//! A POST body is read here first, up to the line cap, and checked as the
//! stdio transport checks a line: a body that is not JSON is answered
//! `400` with `-32700 Parse error` and the reason, JSON that is no
//! JSON-RPC message `400` with `-32600 Invalid Request`, a body over the
//! cap `413` with `-32600` (each with the request's `id` when it can be
//! read, `null` otherwise), where rmcp would answer
//! `415 Unsupported Media Type` with serde's words. The rest goes to rmcp
//! as it came. A request from a `Host` (or `Origin`) that is not allowed is
//! refused `403` before its body is read.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::{TcpListener, ToSocketAddrs};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::McpServer;
use super::recover_id::recover_id;
use super::transport::{
    INVALID_REQUEST, PARSE_ERROR, invalid_request_reason, is_request_id, parse_json,
};

/// How [`McpServer::serve_http`] serves: the endpoint's path, sessions or
/// none, the `Host` names it answers, and how long a shutdown waits for
/// calls in flight.
///
/// ```
/// use std::time::Duration;
/// use toolsmith::ToolSet;
/// use toolsmith::mcp::{HttpOptions, McpServer};
///
/// // Several replicas behind a load balancer, at https://tools.example.com/mcp:
/// let options = HttpOptions::new()
///     .stateless(true)
///     .allowed_hosts(["tools.example.com"])
///     .shutdown_grace(Duration::from_secs(10));
/// let server = McpServer::new(ToolSet::new()).with_http_options(options);
/// # drop(server);
/// ```
#[derive(Debug, Clone)]
pub struct HttpOptions {
    path: String,
    stateless: bool,
    /// `None`: rmcp's loopback default.
    allowed_hosts: Option<HostCheck>,
    shutdown_grace: Duration,
    body_timeout: Duration,
}

/// Which `Host` headers the server takes, when not the loopback default.
#[derive(Debug, Clone)]
enum HostCheck {
    /// These names only; none when empty.
    Only(Vec<String>),
    /// Any host: the check is off.
    Any,
}

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions {
            path: "/mcp".to_owned(),
            stateless: false,
            allowed_hosts: None,
            shutdown_grace: Duration::from_secs(30),
            body_timeout: Duration::from_secs(30),
        }
    }
}

impl HttpOptions {
    /// The defaults: `/mcp`, with sessions, loopback `Host` names only, 30
    /// seconds of grace.
    pub fn new() -> Self {
        Self::default()
    }

    /// The path of the MCP endpoint (`/mcp` by default; a leading `/` is
    /// added when missing); any other path is answered `404 Not Found`.
    pub fn path(mut self, path: impl Into<String>) -> Self {
        let path = path.into();
        self.path = if path.starts_with('/') {
            path
        } else {
            format!("/{path}")
        };
        self
    }

    /// Serves without sessions: each request stands alone (no
    /// `Mcp-Session-Id`, answers as plain JSON), so any replica behind a
    /// load balancer can answer any request. With sessions (the default),
    /// a client's requests must reach the replica that holds its session,
    /// which keeps it in memory. Clients of protocol version 2026-07-28 or
    /// later are served without sessions either way.
    pub fn stateless(mut self, stateless: bool) -> Self {
        self.stateless = stateless;
        self
    }

    /// The `Host` names (or `host:port` authorities) requests may carry;
    /// others are refused `403 Forbidden`, which keeps a DNS-rebinding page
    /// from reaching a server on a developer's machine. By default only
    /// `localhost`, `127.0.0.1` and `::1`: a server behind a load balancer
    /// names its public host here. An empty list allows no host at all
    /// (every request is refused); [`any_host`](Self::any_host) is how to
    /// turn the check off.
    pub fn allowed_hosts<S: Into<String>>(mut self, hosts: impl IntoIterator<Item = S>) -> Self {
        self.allowed_hosts = Some(HostCheck::Only(hosts.into_iter().map(Into::into).collect()));
        self
    }

    /// Takes requests whatever their `Host`: for a server only reached
    /// through a proxy that checks the host itself. Without that proxy, a
    /// page on any site can reach the server through DNS rebinding.
    pub fn any_host(mut self) -> Self {
        self.allowed_hosts = Some(HostCheck::Any);
        self
    }

    /// How long a graceful shutdown waits for the answers of requests
    /// already received (30 seconds by default) before it closes what is
    /// left.
    pub fn shutdown_grace(mut self, grace: Duration) -> Self {
        self.shutdown_grace = grace;
        self
    }

    /// How long a client has to send the headers of a request, and then
    /// its whole body (30 seconds by default each): headers that stall
    /// close the connection, a body that stalls is answered `408 Request
    /// Timeout` with a JSON-RPC error, so neither holds a connection, or a
    /// shutdown, open forever.
    pub fn body_timeout(mut self, timeout: Duration) -> Self {
        self.body_timeout = timeout;
        self
    }
}

/// An MCP server bound to a TCP address, not yet serving: made by
/// [`McpServer::bind_http`], so that the address is known (port `0` picks
/// a free one) before the first request.
pub struct HttpServer<C = ()> {
    listener: TcpListener,
    local_addr: SocketAddr,
    server: McpServer<C>,
}

impl<C> std::fmt::Debug for HttpServer<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpServer")
            .field("local_addr", &self.local_addr)
            .field("options", &self.server.http)
            .finish_non_exhaustive()
    }
}

impl<C: Clone + Send + Sync + 'static> HttpServer<C> {
    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The URL of the MCP endpoint, `http://127.0.0.1:8080/mcp`.
    pub fn url(&self) -> String {
        format!("http://{}{}", self.local_addr, self.server.http.path)
    }

    /// Serves until the process ends.
    pub async fn serve(self) -> io::Result<()> {
        self.serve_with_shutdown(std::future::pending()).await
    }

    /// Serves until `signal` resolves, then shuts down gracefully: no new
    /// connection is accepted, every request already received is answered
    /// (for up to the [grace](HttpOptions::shutdown_grace)), then sessions
    /// and their streams are closed and the connections with them.
    ///
    /// An error accepting a connection (out of file descriptors, say) is
    /// told to stderr and retried, never the end of the server: the
    /// `io::Result` is that of [`McpServer::serve_http_with_shutdown`],
    /// whose binding may fail.
    pub async fn serve_with_shutdown(self, signal: impl Future<Output = ()>) -> io::Result<()> {
        let HttpServer {
            listener, server, ..
        } = self;
        let options = server.http.clone();
        let max_body = server.max_line;
        let stop_sessions = CancellationToken::new();
        let mut config = StreamableHttpServerConfig::default()
            .with_legacy_session_mode(!options.stateless)
            .with_json_response(options.stateless)
            .with_max_request_body_bytes(max_body)
            .with_cancellation_token(stop_sessions.clone());
        // rmcp reads an empty list as "no check": an empty list of ours
        // allows nothing, and is answered before rmcp sees the request.
        let no_host_allowed =
            matches!(&options.allowed_hosts, Some(HostCheck::Only(hosts)) if hosts.is_empty());
        match &options.allowed_hosts {
            Some(HostCheck::Only(hosts)) if !hosts.is_empty() => {
                config = config.with_allowed_hosts(hosts.iter().cloned());
            }
            Some(HostCheck::Any) => config = config.disable_allowed_hosts(),
            Some(HostCheck::Only(_)) | None => {}
        }
        let mcp = StreamableHttpService::new(
            move || Ok(server.clone()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
        let endpoint = Arc::new(Endpoint {
            mcp,
            path: options.path.clone(),
            max_body,
            body_timeout: options.body_timeout,
            no_host_allowed,
            answering: TaskTracker::new(),
        });

        let connections = GracefulShutdown::new();
        let mut http = auto::Builder::new(TokioExecutor::new());
        // Headers that never end hold a connection as a stalled body would.
        http.http1()
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(options.body_timeout);
        let mut signal = std::pin::pin!(signal);
        loop {
            let (stream, _peer) = tokio::select! {
                () = &mut signal => break,
                accepted = listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    // The peer gave up before we accepted: not ours to fail on.
                    Err(err) if is_per_connection(&err) => continue,
                    // Out of file descriptors, say: the connections being
                    // served still are; wait for some to close.
                    Err(err) => {
                        eprintln!("mcp: cannot accept a connection: {err}");
                        tokio::time::sleep(ACCEPT_RETRY).await;
                        continue;
                    }
                },
            };
            let endpoint = Arc::clone(&endpoint);
            let service = hyper::service::service_fn(move |request| {
                let endpoint = Arc::clone(&endpoint);
                async move { Ok::<_, Infallible>(endpoint.answer(request).await) }
            });
            let connection = http
                .serve_connection_with_upgrades(TokioIo::new(stream), service)
                .into_owned();
            let connection = connections.watch(connection);
            tokio::spawn(async move {
                // A client that goes away mid-request is its own business.
                let _ = connection.await;
            });
        }
        drop(listener);

        // Connections take no new request (each finishes the one it is
        // answering); what was asked is answered; then the sessions close,
        // and their event streams with them, which never end on their own.
        let closing = tokio::spawn(connections.shutdown());
        endpoint.answering.close();
        let _ = tokio::time::timeout(options.shutdown_grace, endpoint.answering.wait()).await;
        stop_sessions.cancel();
        let _ = tokio::time::timeout(CLOSE_GRACE, closing).await;
        Ok(())
    }
}

/// How long to wait before accepting again after an accept error that is
/// not one connection's.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);

/// How long connections get to close once sessions have ended.
const CLOSE_GRACE: Duration = Duration::from_secs(1);

/// An accept error that concerns one connection only.
fn is_per_connection(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
    )
}

type Body = BoxBody<Bytes, Infallible>;

/// The MCP endpoint at its path, keeping count of the answers on their way.
struct Endpoint<C> {
    mcp: StreamableHttpService<McpServer<C>, LocalSessionManager>,
    path: String,
    /// The longest body read, as the longest line on stdio.
    max_body: usize,
    /// How long a body may take to arrive.
    body_timeout: Duration,
    /// `allowed_hosts` was given an empty list: every request is refused.
    no_host_allowed: bool,
    /// One token per POST whose answer is not yet sent: its response body
    /// holds it until the body is done (or dropped with the connection).
    answering: TaskTracker,
}

impl<C: Clone + Send + Sync + 'static> Endpoint<C> {
    async fn answer(&self, request: Request<Incoming>) -> Response<Body> {
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

impl<C: Clone + Send + Sync + 'static> Endpoint<C> {
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

impl<C: Clone + Send + Sync + 'static> McpServer<C> {
    /// Sets how [`serve_http`](Self::serve_http) and
    /// [`bind_http`](Self::bind_http) serve: path, sessions, `Host` names,
    /// shutdown grace.
    pub fn with_http_options(mut self, options: HttpOptions) -> Self {
        self.http = options;
        self
    }

    /// Binds `addr` for MCP over Streamable HTTP; the server answers once
    /// [`serve`](HttpServer::serve) or
    /// [`serve_with_shutdown`](HttpServer::serve_with_shutdown) runs.
    ///
    /// ```no_run
    /// # async fn run(tools: toolsmith::ToolSet) -> std::io::Result<()> {
    /// use toolsmith::mcp::{McpServer, shutdown_signal};
    ///
    /// let server = McpServer::new(tools).bind_http("127.0.0.1:0").await?;
    /// println!("serving at {}", server.url());
    /// server.serve_with_shutdown(shutdown_signal()).await
    /// # }
    /// ```
    pub async fn bind_http(self, addr: impl ToSocketAddrs) -> io::Result<HttpServer<C>> {
        let listener = TcpListener::bind(addr).await?;
        let local_addr = listener.local_addr()?;
        Ok(HttpServer {
            listener,
            local_addr,
            server: self,
        })
    }

    /// Serves the tools over Streamable HTTP at `http://ADDR/mcp` until the
    /// process ends.
    ///
    /// ```no_run
    /// # async fn run(tools: toolsmith::ToolSet) -> std::io::Result<()> {
    /// use toolsmith::mcp::{HttpOptions, McpServer};
    ///
    /// McpServer::new(tools)
    ///     .with_http_options(HttpOptions::new().stateless(true))
    ///     .serve_http("127.0.0.1:8080")
    ///     .await
    /// # }
    /// ```
    pub async fn serve_http(self, addr: impl ToSocketAddrs) -> io::Result<()> {
        self.bind_http(addr).await?.serve().await
    }

    /// Serves the tools over Streamable HTTP until `signal` resolves, then
    /// shuts down gracefully (see
    /// [`HttpServer::serve_with_shutdown`]).
    pub async fn serve_http_with_shutdown(
        self,
        addr: impl ToSocketAddrs,
        signal: impl Future<Output = ()>,
    ) -> io::Result<()> {
        self.bind_http(addr)
            .await?
            .serve_with_shutdown(signal)
            .await
    }
}

/// Resolves on Ctrl-C, or on `SIGTERM` on Unix (what an orchestrator sends
/// a replica it stops): the signal for
/// [`serve_with_shutdown`](HttpServer::serve_with_shutdown).
pub async fn shutdown_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
