//! MCP over Streamable HTTP: rmcp's server transport, served on hyper, with
//! a graceful shutdown that answers every call already made.
//!
//! Each request is answered by the endpoint (`http/endpoint.rs`), which
//! checks a POST body as the stdio transport checks a line before rmcp
//! sees it; this file holds the listener: accepting connections, serving
//! them on hyper, and the shutdown. [`HttpServer`] of any context serves the one
//! [`Server`] type, so hyper's and rmcp's code is compiled once, in this
//! crate.

mod endpoint;
mod options;

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::marker::PhantomData;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::server::{Server, Serving};
use endpoint::Endpoint;
use options::HostCheck;

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
    /// told to stderr and retried, never the end of the server: the
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
    /// [`serve`](Self::serve) runs.
    pub(crate) fn new(
        listener: TcpListener,
        server: Server,
        options: HttpOptions,
    ) -> io::Result<Self> {
        Ok(Listening {
            local_addr: listener.local_addr()?,
            listener,
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
        loop {
            let (stream, _peer) = tokio::select! {
                () = stop.cancelled() => break,
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
