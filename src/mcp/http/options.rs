//! How the HTTP endpoint serves: its path, sessions or none, the `Host`
//! names it answers, and how long it waits for stalled requests and for
//! calls in flight at shutdown.

use std::time::Duration;

/// How [`McpServer::serve_http`](crate::mcp::McpServer::serve_http) serves: the endpoint's path, sessions or
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
    pub(crate) path: String,
    pub(crate) stateless: bool,
    /// `None`: rmcp's loopback default.
    pub(crate) allowed_hosts: Option<HostCheck>,
    pub(crate) shutdown_grace: Duration,
    pub(crate) body_timeout: Duration,
}

/// Which `Host` headers the server takes, when not the loopback default.
#[derive(Debug, Clone)]
pub(crate) enum HostCheck {
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
