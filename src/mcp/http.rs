//! MCP over Streamable HTTP: rmcp's server transport, served on hyper, with
//! a graceful shutdown that answers every call already made.

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
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::{TcpListener, ToSocketAddrs};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::McpServer;

/// How [`McpServer::serve_http`] serves: the endpoint's path, sessions or
/// none, the `Host` names it answers, and how long a shutdown waits for
/// calls in flight.
///
/// ```
/// use std::time::Duration;
/// use toolsmith::mcp::HttpOptions;
///
/// // Several replicas behind a load balancer, at https://tools.example.com/mcp:
/// let options = HttpOptions::new()
///     .stateless(true)
///     .allowed_hosts(["tools.example.com"])
///     .shutdown_grace(Duration::from_secs(10));
/// assert_eq!(options.path_str(), "/mcp");
/// ```
#[derive(Debug, Clone)]
pub struct HttpOptions {
    path: String,
    stateless: bool,
    allowed_hosts: Option<Vec<String>>,
    shutdown_grace: Duration,
}

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions {
            path: "/mcp".to_owned(),
            stateless: false,
            allowed_hosts: None,
            shutdown_grace: Duration::from_secs(30),
        }
    }
}

impl HttpOptions {
    /// The defaults: `/mcp`, with sessions, loopback `Host` names only, 30
    /// seconds of grace.
    pub fn new() -> Self {
        Self::default()
    }

    /// The path of the MCP endpoint (`/mcp` by default); any other path is
    /// answered `404 Not Found`.
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.path = path.into();
        self
    }

    /// The path of the MCP endpoint.
    pub fn path_str(&self) -> &str {
        &self.path
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

    /// Whether the server serves without sessions.
    pub fn is_stateless(&self) -> bool {
        self.stateless
    }

    /// The `Host` names (or `host:port` authorities) requests may carry;
    /// others are refused `403 Forbidden`, which keeps a DNS-rebinding page
    /// from reaching a server on a developer's machine. By default only
    /// `localhost`, `127.0.0.1` and `::1`: a server behind a load balancer
    /// names its public host here.
    pub fn allowed_hosts<S: Into<String>>(mut self, hosts: impl IntoIterator<Item = S>) -> Self {
        self.allowed_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    /// How long a graceful shutdown waits for the answers of requests
    /// already received (30 seconds by default) before it closes what is
    /// left.
    pub fn shutdown_grace(mut self, grace: Duration) -> Self {
        self.shutdown_grace = grace;
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

    /// Serves until the process ends (or accepting a connection fails).
    pub async fn serve(self) -> io::Result<()> {
        self.serve_with_shutdown(std::future::pending()).await
    }

    /// Serves until `signal` resolves, then shuts down gracefully: no new
    /// connection is accepted, every request already received is answered
    /// (for up to the [grace](HttpOptions::shutdown_grace)), then sessions
    /// and their streams are closed and the connections with them.
    pub async fn serve_with_shutdown(self, signal: impl Future<Output = ()>) -> io::Result<()> {
        let HttpServer {
            listener, server, ..
        } = self;
        let options = server.http.clone();
        let stop_sessions = CancellationToken::new();
        let mut config = StreamableHttpServerConfig::default()
            .with_legacy_session_mode(!options.stateless)
            .with_json_response(options.stateless)
            .with_max_request_body_bytes(server.max_line)
            .with_cancellation_token(stop_sessions.clone());
        if let Some(hosts) = &options.allowed_hosts {
            config = config.with_allowed_hosts(hosts.iter().cloned());
        }
        let mcp = StreamableHttpService::new(
            move || Ok(server.clone()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
        let endpoint = Arc::new(Endpoint {
            mcp,
            path: options.path.clone(),
            answering: TaskTracker::new(),
        });

        let connections = GracefulShutdown::new();
        let http = auto::Builder::new(TokioExecutor::new());
        let mut signal = std::pin::pin!(signal);
        loop {
            let (stream, _peer) = tokio::select! {
                () = &mut signal => break,
                accepted = listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    // The peer gave up before we accepted: not ours to fail on.
                    Err(err) if is_per_connection(&err) => continue,
                    Err(err) => return Err(err),
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

        // Answer what was asked, then close the sessions and their streams
        // (a session's event stream never ends on its own), then the rest.
        endpoint.answering.close();
        let _ = tokio::time::timeout(options.shutdown_grace, endpoint.answering.wait()).await;
        stop_sessions.cancel();
        let _ = tokio::time::timeout(CLOSE_GRACE, connections.shutdown()).await;
        Ok(())
    }
}

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
        if request.method() != Method::POST {
            return self.mcp.handle(request).await;
        }
        let pending = self.answering.token();
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
