//! MCP over Streamable HTTP: rmcp's server transport, served on hyper, with
//! a graceful shutdown that answers every call already made.
//!
//! Each request is answered by the endpoint (`http/endpoint.rs`), which
//! checks what [`HttpOptions`] lists before rmcp sees it (the path, `Host`
//! and `Origin`, the bearer token (`http/auth/`: who is calling), a POST body as the stdio transport
//! checks a line, the session cap); this file holds the listener: accepting
//! at most `max_connections` at once, serving each on hyper under its head
//! and idle timeouts (`http/connection.rs`), and the shutdown.
//! [`HttpServer`] of any context serves the one [`Server`] type, so
//! hyper's and rmcp's code is compiled once, in this crate.

mod accept;
pub mod auth;
mod bearer;
mod budget;
mod connection;
mod endpoint;
mod options;
mod peers;
mod replies;
pub(crate) mod served;
pub(crate) mod sessions;
pub(crate) mod streams;
mod unsent;

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::marker::PhantomData;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::BodyExt;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::McpServer;
use super::server::{Server, Serving};
use accept::{ACCEPT_RETRY, AcceptErrors, is_per_connection};
use budget::BodyBudget;
use connection::{Activity, Timeouts, Watched};
use endpoint::Endpoint;
use options::{HostCheck, OriginCheck};
use peers::{PeerAddr, Peers};
use sessions::CappedSessions;
use streams::Streams;
use unsent::{Counted, Ledger, Outbox};

pub use options::HttpOptions;

/// An MCP server bound to a TCP address, not yet serving: made by
/// [`McpServer::bind_http`](crate::mcp::McpServer::bind_http), so that the
/// address is known (port `0` picks a free one) before the first request.
pub struct HttpServer<C = ()> {
    listening: Listening,
    context: PhantomData<fn(C)>,
}

impl<C> HttpServer<C> {
    pub(crate) fn new(listening: Listening) -> Self {
        HttpServer {
            listening,
            context: PhantomData,
        }
    }
}

impl<C> std::fmt::Debug for HttpServer<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpServer")
            .field("local_addr", &self.listening.local_addr)
            .field("options", &self.listening.options)
            .finish_non_exhaustive()
    }
}

impl<C> HttpServer<C> {
    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.listening.local_addr
    }

    /// The URL of the MCP endpoint, `http://127.0.0.1:8080/mcp`.
    pub fn url(&self) -> String {
        format!(
            "http://{}{}",
            self.listening.local_addr, self.listening.options.path
        )
    }

    /// Serves until the process ends.
    pub async fn serve(self) -> io::Result<()> {
        self.listening.serve(CancellationToken::new()).await
    }

    /// Serves until `signal` resolves, then shuts down gracefully: no new
    /// connection is accepted, every request already received is answered
    /// (for up to the [grace](HttpOptions::shutdown_grace)), then sessions
    /// and their streams are closed and the connections with them.
    ///
    /// An error accepting a connection (out of file descriptors, say) is
    /// told to stderr, at most once every 10 seconds with the count of
    /// those since, and retried after a pause, never the end of the
    /// server: the
    /// `io::Result` is that of
    /// [`McpServer::serve_http_with_shutdown`](crate::mcp::McpServer::serve_http_with_shutdown),
    /// whose binding may fail.
    pub async fn serve_with_shutdown(self, signal: impl Future<Output = ()>) -> io::Result<()> {
        let stop = CancellationToken::new();
        let mut serving = self.listening.serve(stop.clone());
        tokio::select! {
            served = &mut serving => return served,
            () = signal => stop.cancel(),
        }
        serving.await
    }
}

/// A bound listener with the server it serves and how: what an
/// [`HttpServer`] of any context holds.
pub(crate) struct Listening {
    listener: TcpListener,
    local_addr: SocketAddr,
    server: Server,
    options: HttpOptions,
}

impl Listening {
    /// Serves `server` on `listener` as `options` say, once
    /// [`serve`](Self::serve) runs; refused for an address that is not
    /// loopback when nothing authenticates the callers, unless the options
    /// allow it.
    pub(crate) fn new(
        listener: TcpListener,
        server: Server,
        options: HttpOptions,
    ) -> io::Result<Self> {
        let local_addr = listener.local_addr()?;
        if !local_addr.ip().is_loopback()
            && !options.authenticates()
            && !options.unauthenticated_network
        {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                unauthenticated_network(local_addr),
            ));
        }
        #[cfg(feature = "redis")]
        if let Some(redis) = &options.redis {
            redis.store().map_err(io::Error::other)?;
        }
        Ok(Listening {
            listener,
            local_addr,
            server,
            options,
        })
    }

    /// Serves until `stop` is cancelled, then shuts down gracefully.
    fn serve(self, stop: CancellationToken) -> Serving {
        Box::pin(self.serve_until(stop))
    }

    async fn serve_until(self, stop: CancellationToken) -> io::Result<()> {
        let Listening {
            listener,
            server,
            options,
            ..
        } = self;
        let (endpoint, stop_sessions) = endpoint(server, &options);

        let mut http = auto::Builder::new(TokioExecutor::new());
        // Headers that never end hold a connection as a stalled body would.
        http.http1()
            .timer(TokioTimer::new())
            .header_read_timeout(options.body_timeout);
        http.http2()
            .timer(TokioTimer::new())
            .keep_alive_interval(H2_PING_EVERY)
            .keep_alive_timeout(H2_PING_TIMEOUT);
        let timeouts = Timeouts {
            head: options.head_timeout,
            idle: options.idle_timeout,
        };
        let slots = Arc::new(Semaphore::new(options.max_connections));
        let peers = Peers::new(options.max_connections_per_peer);
        let unread = Ledger::new(
            options.max_unread_bytes_per_session,
            options.max_unread_bytes,
        );
        let connections = TaskTracker::new();
        let mut errors = AcceptErrors::default();
        loop {
            // At the cap, connections wait in the listen queue, where they
            // take no descriptor of ours.
            let slot = tokio::select! {
                () = stop.cancelled() => break,
                slot = Arc::clone(&slots).acquire_owned() => slot.expect("the slots stay open"),
            };
            let (stream, peer) = tokio::select! {
                () = stop.cancelled() => break,
                accepted = listener.accept() => match accepted {
                    Ok(accepted) => accepted,
                    // The peer gave up before we accepted: not ours to fail on.
                    Err(err) if is_per_connection(&err) => continue,
                    // Out of file descriptors, say: the connections being
                    // served still are; wait for some to close.
                    Err(err) => {
                        if let Some(line) = errors.report(&err, Instant::now()) {
                            eprintln!("{line}");
                        }
                        tokio::time::sleep(ACCEPT_RETRY).await;
                        continue;
                    }
                },
            };
            // A peer past its share is closed at once: the slot goes back
            // to the others.
            let Some(peer_slot) = peers.admit(peer) else {
                continue;
            };
            // Without it, no reply is sent before the peer acknowledges the
            // last one, which it delays.
            let _ = peers::prepare(&stream);
            let outbox = Outbox::new(&unread);
            let (stream, blocked) = Watched::new(stream, Arc::clone(&outbox));
            let (activity, load) = Activity::new();
            let endpoint = Arc::clone(&endpoint);
            let client = crate::mcp::transport::Client::next();
            let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
                request.extensions_mut().insert(PeerAddr(peer));
                request.extensions_mut().insert(client);
                let busy = activity.start();
                let endpoint = Arc::clone(&endpoint);
                let outbox = Arc::clone(&outbox);
                let asked_by = endpoint::session_of(request.headers());
                async move {
                    let response = endpoint.answer(request).await;
                    // An answer to `initialize` names the session it opens.
                    let session: Arc<str> = asked_by
                        .or_else(|| endpoint::session_of(response.headers()))
                        .map_or_else(
                            || format!("connection {}", client.0),
                            |id| format!("session {id}"),
                        )
                        .into();
                    Ok::<_, Infallible>(response.map(|body| {
                        Counted::new(body, outbox, session)
                            .map_frame(move |frame| {
                                let _ = &busy;
                                frame
                            })
                            .boxed()
                    }))
                }
            });
            let served = http
                .serve_connection(TokioIo::new(stream), service)
                .into_owned();
            let stop = stop.clone();
            connections.spawn(async move {
                connection::serve(served, load, blocked, timeouts, stop).await;
                drop((peer_slot, slot));
            });
        }
        drop(listener);

        // Connections take no new request (each finishes the one it is
        // answering); what was asked is answered; then the sessions close,
        // and their event streams with them, which never end on their own.
        connections.close();
        endpoint.answering.close();
        let _ = tokio::time::timeout(options.shutdown_grace, endpoint.answering.wait()).await;
        stop_sessions.cancel();
        let _ = tokio::time::timeout(CLOSE_GRACE, connections.wait()).await;
        Ok(())
    }
}

/// The endpoint serving `server` as `options` say, and the token that
/// ends its sessions.
fn endpoint(server: Server, options: &HttpOptions) -> (Arc<Endpoint>, CancellationToken) {
    #[cfg(feature = "redis")]
    let (server, session_store) = crate::mcp::redis::shared_by(server, options.redis.as_ref());
    let max_body = server.max_line;
    let tools = Arc::clone(&server.tools);
    let stop_sessions = CancellationToken::new();
    let mut config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(!options.stateless)
        .with_json_response(options.stateless)
        .with_max_request_body_bytes(max_body)
        .with_cancellation_token(stop_sessions.clone());
    #[cfg(feature = "redis")]
    {
        config.session_store = session_store;
    }
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
    config = match &options.allowed_origins {
        OriginCheck::Only(origins) => config
            .with_allowed_origins(origins.iter().cloned())
            .enforce_origin_validation(),
        OriginCheck::Any => config.disable_allowed_origins(),
    };
    let sessions = CappedSessions::new(options.max_sessions, options.session_idle);
    // Replicas resume each other's streams from the events kept in Redis,
    // and take only the answers to their own requests.
    #[cfg(feature = "redis")]
    let sessions = match crate::mcp::redis::events_by(options.redis.as_ref()) {
        Some(events) if !options.stateless => sessions
            .with_events(events)
            .with_replica(&crate::mcp::redis::replica_id()[..12]),
        _ => sessions,
    };
    let sessions = Arc::new(sessions);
    let streams = Streams::new(
        options.event_streams(),
        options.stream_lifetime,
        options.idle_timeout,
    );
    #[cfg(feature = "redis")]
    let bus = crate::mcp::redis::bus_by(
        options.redis.as_ref(),
        &sessions,
        &streams,
        &tools,
        &stop_sessions,
    );
    #[cfg(feature = "redis")]
    let server = {
        let mut server = server;
        server.bus.clone_from(&bus);
        server
    };
    // Each session is served by a server of its own: the tools, the seal
    // of rounds and the tasks are shared, a session's log level is its own.
    let mcp = StreamableHttpService::new(
        move || Ok(server.for_session()),
        Arc::clone(&sessions),
        config,
    );
    let endpoint = Endpoint {
        mcp,
        sessions: (!options.stateless).then_some(sessions),
        path: options.path.clone(),
        max_body,
        body_timeout: options.body_timeout,
        bodies: BodyBudget::new(options.max_body_bytes_in_flight),
        no_host_allowed,
        bearer: options.bearer.clone(),
        #[cfg(feature = "redis")]
        bus,
        tools,
        answering: TaskTracker::new(),
        streams,
    };
    (Arc::new(endpoint), stop_sessions)
}

impl<C> McpServer<C> {
    /// The Streamable HTTP endpoint as a `tower` [`Service`](tower_service::Service),
    /// to mount in a router of one's own (axum's `route_service`, or any
    /// hyper server) at the [path](HttpOptions::path) of its options
    /// (`/mcp` by default), beside other routes.
    ///
    /// It checks every request as [`serve_http`](Self::serve_http) does
    /// (see [`HttpOptions`]): path, `Host`, `Origin`, bearer token, body
    /// cap, timeout and bytes in flight, the session cap. What concerns
    /// connections (the head and idle timeouts, `max_connections`, HTTP/2
    /// pings) is the hosting server's to set, and so is a graceful
    /// shutdown; the sessions end when the service and its clones are
    /// dropped.
    pub fn into_http_service(self) -> HttpService {
        let (endpoint, stop_sessions) = endpoint(self.server, &self.http);
        HttpService {
            endpoint,
            _sessions: Arc::new(stop_sessions.drop_guard()),
        }
    }
}

/// The MCP endpoint as a `tower` [`Service`](tower_service::Service) of
/// HTTP requests: made by
/// [`McpServer::into_http_service`]. A clone serves the same sessions.
#[derive(Clone)]
pub struct HttpService {
    endpoint: Arc<Endpoint>,
    /// Ends the sessions when the last clone is dropped.
    _sessions: Arc<tokio_util::sync::DropGuard>,
}

impl std::fmt::Debug for HttpService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HttpService")
            .field("path", &self.endpoint.path)
            .finish_non_exhaustive()
    }
}

impl<B> tower_service::Service<hyper::Request<B>> for HttpService
where
    B: hyper::body::Body + Send + 'static,
    B::Data: Send,
    B::Error: std::fmt::Display,
{
    type Response = hyper::Response<replies::Body>;
    type Error = Infallible;
    type Future =
        std::pin::Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Infallible>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: hyper::Request<B>) -> Self::Future {
        let endpoint = Arc::clone(&self.endpoint);
        Box::pin(async move { Ok(endpoint.answer(request).await) })
    }
}

/// Why a bind to `addr` is refused with nothing to authenticate callers.
fn unauthenticated_network(addr: SocketAddr) -> String {
    format!(
        "refusing to serve MCP on {addr} with no authentication: that address is not \
         loopback, so anyone who reaches it could call every tool; set a bearer check \
         (HttpOptions::bearer), bind a loopback address (127.0.0.1), or opt in with \
         HttpOptions::allow_unauthenticated_network()"
    )
}

/// How often an HTTP/2 connection is pinged, to find peers that are gone.
const H2_PING_EVERY: Duration = Duration::from_secs(20);

/// How long an HTTP/2 ping may go unanswered before the connection closes.
const H2_PING_TIMEOUT: Duration = Duration::from_secs(20);

/// How long connections get to close once sessions have ended.
const CLOSE_GRACE: Duration = Duration::from_secs(1);

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
