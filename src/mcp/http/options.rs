//! How the HTTP endpoint serves: its path, sessions or none, the `Host`
//! and `Origin` it answers, who may call it, how long it waits for stalled
//! clients and for calls in flight at shutdown, and how much it holds at
//! once (connections, sessions, bodies being read).

use std::time::Duration;

use std::sync::Arc;

use super::auth::{Authenticator, Check};
use super::bearer::Bearer;

/// How [`McpServer::serve_http`](crate::mcp::McpServer::serve_http) serves: the endpoint's path, sessions or
/// none, the `Host` and `Origin` it answers, an optional bearer-token
/// check, its timeouts and its caps.
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
///     .allowed_origins(["https://app.example.com"])
///     .max_connections(2048)
///     .shutdown_grace(Duration::from_secs(10));
/// let server = McpServer::new(ToolSet::new()).with_http_options(options);
/// # drop(server);
/// ```
///
/// # What every request is checked for
///
/// In this order; the first check that fails answers:
///
/// 1. The path: the endpoint's [path](Self::path) (and, with a
///    [bearer check](Self::bearer), the protected-resource metadata routes);
///    any other is `404 Not Found`.
/// 2. `Host`: one of the [allowed hosts](Self::allowed_hosts) (loopback
///    names by default), else `403 Forbidden`; a loopback name
///    (`localhost`, `127.0.0.1`, `[::1]`) from a peer that is not on this
///    machine is `403` whatever the list says.
/// 3. `Origin`, when the request carries one (browsers do; other clients
///    need not): one of the [allowed origins](Self::allowed_origins)
///    (loopback origins by default), else `403 Forbidden`; every `Origin`
///    header of a request is checked. A request without `Origin` passes.
/// 4. `Authorization`, with a [bearer check](Self::bearer) only: a token
///    the check accepts, else `401 Unauthorized` with `WWW-Authenticate`.
/// 5. For a POST: its body arrives within the [body
///    timeout](Self::body_timeout) (else `408`), fits the line cap
///    ([`max_line_bytes`](crate::mcp::McpServer::with_max_line_bytes), else
///    `413`) and the [bytes in flight](Self::max_body_bytes_in_flight) (else
///    `503`), and is one JSON-RPC message (`400` with `-32700` or
///    `-32600`). A leading UTF-8 byte-order mark is ignored, as on stdio.
/// 6. An `initialize` that opens a session: a free session of the
///    [`max_sessions`](Self::max_sessions), else `503` with `Retry-After`.
///    A `GET` event stream of a session: none open for it already (else
///    `409 Conflict`) and a free one of the [stream
///    cap](Self::max_event_streams) (else `503`). A `DELETE` of a session
///    is answered `204 No Content`, or `404` for a session the server does
///    not hold.
/// 7. What the Streamable HTTP transport itself checks (content type
///    `application/json`, `Accept`, the session id, the protocol version).
///
/// Each connection must send its first request head within the [head
/// timeout](Self::head_timeout), whatever its protocol (HTTP/1.1 or
/// HTTP/2), and is closed after the [idle timeout](Self::idle_timeout)
/// without a request in flight; HTTP/2 connections are pinged every 20
/// seconds and closed when a ping goes unanswered for 20 seconds. At most
/// [`max_connections`](Self::max_connections) are served at once; further
/// ones wait in the listen queue, taking no file descriptor of the server,
/// until one closes. One peer address holds at most
/// [`max_connections_per_peer`](Self::max_connections_per_peer) of them.
/// A connection whose peer reads nothing of what the server writes (an
/// answer, an event stream) for the idle timeout is dropped, and what it
/// held with it. The bytes of answers written and not yet taken by the
/// peers' sockets are capped per session
/// ([`max_unread_bytes_per_session`](Self::max_unread_bytes_per_session))
/// and overall ([`max_unread_bytes`](Self::max_unread_bytes)): an answer
/// past either is dropped with its stream. Replies are sent without delay
/// (`TCP_NODELAY`).
///
/// Binding an address that is not loopback needs a [bearer
/// check](Self::bearer) or
/// [`allow_unauthenticated_network`](Self::allow_unauthenticated_network).
#[derive(Debug, Clone)]
pub struct HttpOptions {
    pub(crate) path: String,
    pub(crate) stateless: bool,
    /// `None`: rmcp's loopback default.
    pub(crate) allowed_hosts: Option<HostCheck>,
    pub(crate) allowed_origins: OriginCheck,
    pub(crate) bearer: Option<Bearer>,
    pub(crate) shutdown_grace: Duration,
    pub(crate) body_timeout: Duration,
    pub(crate) head_timeout: Duration,
    pub(crate) idle_timeout: Duration,
    pub(crate) max_connections: usize,
    pub(crate) max_sessions: usize,
    pub(crate) session_idle: Duration,
    pub(crate) max_body_bytes_in_flight: usize,
    pub(crate) max_connections_per_peer: usize,
    pub(crate) max_event_streams: Option<usize>,
    pub(crate) stream_lifetime: Duration,
    pub(crate) max_unread_bytes_per_session: usize,
    pub(crate) max_unread_bytes: usize,
    pub(crate) unauthenticated_network: bool,
    /// The Redis the sessions and tasks live in, shared by replicas.
    #[cfg(feature = "redis")]
    pub(crate) redis: Option<crate::mcp::redis::Shared>,
}

/// Which `Host` headers the server takes, when not the loopback default.
#[derive(Debug, Clone)]
pub(crate) enum HostCheck {
    /// These names only; none when empty.
    Only(Vec<String>),
    /// Any host: the check is off.
    Any,
}

/// Which `Origin` headers the server takes.
#[derive(Debug, Clone)]
pub(crate) enum OriginCheck {
    /// These origins only (as rmcp reads them: scheme, host, and a port or
    /// `*`); none when empty.
    Only(Vec<String>),
    /// Any origin: the check is off.
    Any,
}

/// The origins of pages served from this machine, on any port.
const LOOPBACK_ORIGINS: [&str; 6] = [
    "http://localhost:*",
    "http://127.0.0.1:*",
    "http://[::1]:*",
    "https://localhost:*",
    "https://127.0.0.1:*",
    "https://[::1]:*",
];

impl Default for HttpOptions {
    fn default() -> Self {
        HttpOptions {
            path: "/mcp".to_owned(),
            stateless: false,
            allowed_hosts: None,
            allowed_origins: OriginCheck::Only(
                LOOPBACK_ORIGINS.iter().map(|&o| o.to_owned()).collect(),
            ),
            bearer: None,
            shutdown_grace: Duration::from_secs(30),
            body_timeout: Duration::from_secs(30),
            head_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 512,
            max_sessions: 1000,
            session_idle: Duration::from_secs(300),
            max_body_bytes_in_flight: 64 * 1024 * 1024,
            max_connections_per_peer: 128,
            max_event_streams: None,
            stream_lifetime: Duration::from_secs(300),
            max_unread_bytes_per_session: 16 * 1024 * 1024,
            max_unread_bytes: 128 * 1024 * 1024,
            unauthenticated_network: false,
            #[cfg(feature = "redis")]
            redis: None,
        }
    }
}

impl HttpOptions {
    /// The defaults: `/mcp`, with sessions, loopback `Host` names and
    /// origins only, no bearer check, 30 seconds of grace, and the
    /// timeouts and caps each setter below states.
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
    ///
    /// What an earlier client (2025-11-25 and before) loses without a
    /// session: a tool cannot ask it (`ask`), sample its model or list its
    /// roots mid-call (the tool's call fails with `this server runs
    /// stateless: it cannot ask a 2025-11-25 client mid-call; …`), since no
    /// session carries a request to it; its `notifications/cancelled`
    /// reaches no call (closing the request's connection is what cancels
    /// a call); there is no `GET` event stream, so `list_changed` and
    /// other notifications outside a call never reach it.
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

    /// The browser origins whose pages may call the server: a request
    /// that carries an `Origin` not in the list is refused `403
    /// Forbidden` (`Forbidden: Origin header is not allowed`), as the MCP
    /// specification requires, so that a page on another site cannot use
    /// a visitor's browser to call it. A request without `Origin` (what
    /// clients other than browsers send) is not affected.
    ///
    /// Each origin is a scheme, a host and a port, compared as RFC 6454
    /// compares origins: `https://app.example.com` is that host on port
    /// 443 only, `http://localhost:*` that host on any port, `null` the
    /// origin of sandboxed and `file:` pages. By default only pages on
    /// this machine are allowed (`http` and `https`, on `localhost`,
    /// `127.0.0.1` and `[::1]`, any port). An empty list allows no origin
    /// (every request that carries one is refused);
    /// [`any_origin`](Self::any_origin) turns the check off.
    pub fn allowed_origins<S: Into<String>>(
        mut self,
        origins: impl IntoIterator<Item = S>,
    ) -> Self {
        let origins = origins.into_iter().map(|o| with_port(o.into())).collect();
        self.allowed_origins = OriginCheck::Only(origins);
        self
    }

    /// Takes requests whatever their `Origin`: for a server no browser
    /// reaches, or one behind a proxy that checks the origin itself.
    pub fn any_origin(mut self) -> Self {
        self.allowed_origins = OriginCheck::Any;
        self
    }

    /// Requires `Authorization: Bearer <token>` on every request to the
    /// endpoint, with a token `accepts` says yes to, so that the server can
    /// sit behind an identity provider (the MCP authorization flow, OAuth
    /// 2.1): `accepts` is where the token is verified (its signature,
    /// audience and expiry, or an introspection the caller caches).
    ///
    /// A request without a bearer token is answered `401 Unauthorized`
    /// with `WWW-Authenticate: Bearer resource_metadata="<url>"`, one whose
    /// token is refused the same with `error="invalid_token"` added; the
    /// URL is that of the protected-resource metadata (RFC 9728) the server
    /// then serves, on `GET`, at `/.well-known/oauth-protected-resource`
    /// followed by the path of `resource`, and at
    /// `/.well-known/oauth-protected-resource` itself:
    /// `{"resource":"<resource>","authorization_servers":[...],"bearer_methods_supported":["header"]}`.
    /// `resource` is the endpoint's public URL
    /// (`https://tools.example.com/mcp`), `authorization_servers` the
    /// issuers whose tokens it takes.
    ///
    /// ```
    /// use toolsmith::mcp::HttpOptions;
    ///
    /// let options = HttpOptions::new()
    ///     .allowed_hosts(["tools.example.com"])
    ///     .bearer(
    ///         |token: &str| token == "a token the identity provider issued",
    ///         "https://tools.example.com/mcp",
    ///         ["https://auth.example.com"],
    ///     );
    /// # drop(options);
    /// ```
    pub fn bearer<S: Into<String>>(
        mut self,
        accepts: impl Fn(&str) -> bool + Send + Sync + 'static,
        resource: impl Into<String>,
        authorization_servers: impl IntoIterator<Item = S>,
    ) -> Self {
        self.bearer = Some(Bearer::new(
            Arc::new(Check(accepts)),
            resource.into(),
            authorization_servers.into_iter().map(Into::into).collect(),
        ));
        self
    }

    /// Requires `Authorization: Bearer <token>` on every request to the
    /// endpoint, with a token `authenticator` turns into a
    /// [`Caller`](crate::Caller): a JWT checked against its issuer's JWKS
    /// ([`JwtVerifier`](crate::mcp::auth::JwtVerifier)), a token asked about
    /// at an introspection endpoint
    /// ([`Introspection`](crate::mcp::auth::Introspection)), or an
    /// [`Authenticator`] of one's own. Tools take the caller as `#[ctx]
    /// caller: Caller`; the token never reaches them.
    ///
    /// Refusals and the metadata are those of [`bearer`](Self::bearer), and
    /// more:
    ///
    /// - a token that cannot be checked now (the JWKS or introspection
    ///   endpoint unreachable) is answered `503` with `Retry-After`;
    /// - a `tools/call` of a tool declared with scopes
    ///   (`#[tool(scopes = ["notes:write"])]`) the token does not grant is
    ///   answered `403 Forbidden` with `WWW-Authenticate: Bearer
    ///   error="insufficient_scope", scope="notes:write",
    ///   resource_metadata="<url>"` (the step-up the MCP authorization
    ///   flow describes);
    /// - the metadata lists, as `scopes_supported`, every scope a tool of
    ///   the set declares.
    ///
    /// `resource` is the endpoint's public URL, which a token's audience
    /// must hold (RFC 8707); `authorization_servers` the issuers whose
    /// tokens it takes.
    pub fn authenticator<S: Into<String>>(
        mut self,
        authenticator: impl Authenticator,
        resource: impl Into<String>,
        authorization_servers: impl IntoIterator<Item = S>,
    ) -> Self {
        self.bearer = Some(Bearer::new(
            Arc::new(authenticator),
            resource.into(),
            authorization_servers.into_iter().map(Into::into).collect(),
        ));
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

    /// How long a new connection has to send the head of its first
    /// request (10 seconds by default), over HTTP/1.1 or HTTP/2: one that
    /// sends nothing, a few bytes, or only the HTTP/2 preface is closed
    /// then.
    pub fn head_timeout(mut self, timeout: Duration) -> Self {
        self.head_timeout = timeout;
        self
    }

    /// How long a connection may stay open with no request in flight (60
    /// seconds by default) before the server closes it; an event stream
    /// being sent counts as a request in flight, until it has sent no
    /// message for this long (see [`stream_lifetime`](Self::stream_lifetime)).
    pub fn idle_timeout(mut self, timeout: Duration) -> Self {
        self.idle_timeout = timeout;
        self
    }

    /// The most connections served at once (512 by default, below the
    /// usual limit of 1024 file descriptors); past it, new connections
    /// wait in the listen queue until one closes, taking no descriptor.
    /// At least 1.
    pub fn max_connections(mut self, max: usize) -> Self {
        self.max_connections = max.max(1);
        self
    }

    /// The most sessions held at once (1000 by default; each holds a few
    /// tens of KiB). An `initialize` past it is answered `503 Service
    /// Unavailable` with `Retry-After` and a JSON-RPC error, until a
    /// session ends: closed by its client (`DELETE`) or idle for
    /// [`session_idle`](Self::session_idle).
    pub fn max_sessions(mut self, max: usize) -> Self {
        self.max_sessions = max;
        self
    }

    /// How long a session may go unused before it is closed (5 minutes by
    /// default); its client then gets `404` and starts a new one.
    pub fn session_idle(mut self, idle: Duration) -> Self {
        self.session_idle = idle;
        self
    }

    /// The most bytes of request bodies held at once while they are read
    /// and handed on (64 MiB by default): a body that would go past it is
    /// answered `503 Service Unavailable` with `Retry-After` and a
    /// JSON-RPC error, and its connection closed. A sixteenth of it is
    /// kept for bodies of at most 64 KiB, so that ordinary calls still
    /// pass while large bodies fill the rest. Keep the other fifteen
    /// sixteenths at least the line cap
    /// ([`max_line_bytes`](crate::mcp::McpServer::with_max_line_bytes)),
    /// or the largest bodies are never taken.
    pub fn max_body_bytes_in_flight(mut self, max: usize) -> Self {
        self.max_body_bytes_in_flight = max;
        self
    }

    /// The most connections served at once from one peer address (128 by
    /// default, a quarter of the default
    /// [`max_connections`](Self::max_connections)): a further connection
    /// from that address is closed as soon as it is accepted, so that one
    /// peer holding connections open (half-sent request heads, say) leaves
    /// slots for every other. Behind a reverse proxy every connection comes
    /// from the proxy's address: raise it to `max_connections` there. At
    /// least 1.
    pub fn max_connections_per_peer(mut self, max: usize) -> Self {
        self.max_connections_per_peer = max.max(1);
        self
    }

    /// The most `GET` event streams open at once, across sessions (by
    /// default three quarters of [`max_connections`](Self::max_connections),
    /// and never more than `max_connections` less one, so that calls always
    /// find a connection slot). A stream past it is answered `503 Service
    /// Unavailable` with `Retry-After`. A session holds at most one stream:
    /// a second `GET` while its first is open is answered `409 Conflict`.
    pub fn max_event_streams(mut self, max: usize) -> Self {
        self.max_event_streams = Some(max);
        self
    }

    /// How long a `GET` event stream stays open at most (5 minutes by
    /// default); one that sends no message for the [idle
    /// timeout](Self::idle_timeout) (keep-alive comments do not count) ends
    /// then too. The server ends the stream
    /// cleanly; the client opens a new one, with `Last-Event-ID` to receive
    /// what it missed, as the Streamable HTTP transport describes.
    pub fn stream_lifetime(mut self, lifetime: Duration) -> Self {
        self.stream_lifetime = lifetime;
        self
    }

    /// The most bytes of one session's answers the server holds written
    /// but not yet taken by the peer's socket (16 MiB by default; a
    /// sessionless client counts per connection): an answer that would go
    /// past it is dropped with its stream (the peer sees the response end
    /// without it) and a line on stderr says so. Bytes the operating system
    /// has taken into the socket's buffer are not counted. An answer larger
    /// than the cap is never sent: raise it for tools that return more.
    /// Applies to the server [`bind_http`](crate::mcp::McpServer::bind_http)
    /// runs.
    pub fn max_unread_bytes_per_session(mut self, max: usize) -> Self {
        self.max_unread_bytes_per_session = max;
        self
    }

    /// The most bytes of answers the server holds written but not yet taken
    /// by the peers' sockets, across sessions (128 MiB by default): past
    /// it, as past [`max_unread_bytes_per_session`](Self::max_unread_bytes_per_session),
    /// the answer is dropped with its stream and a line on stderr says so.
    pub fn max_unread_bytes(mut self, max: usize) -> Self {
        self.max_unread_bytes = max;
        self
    }

    /// Lets [`bind_http`](crate::mcp::McpServer::bind_http) bind an address
    /// that is not loopback (`0.0.0.0`, a LAN address) with no
    /// [bearer check](Self::bearer): without it, such a bind is refused
    /// with an error saying why, since every tool would then be served to
    /// anyone who reaches the address. For a server on a network whose
    /// peers are all trusted, or behind a proxy that authenticates.
    pub fn allow_unauthenticated_network(mut self) -> Self {
        self.unauthenticated_network = true;
        self
    }

    /// Whether requests must prove who sends them (a bearer check).
    pub(crate) fn authenticates(&self) -> bool {
        self.bearer.is_some()
    }

    /// The most event streams open at once.
    pub(crate) fn event_streams(&self) -> usize {
        let below = self.max_connections.saturating_sub(1);
        self.max_event_streams
            .unwrap_or(self.max_connections * 3 / 4)
            .min(below)
    }

    /// Keeps the sessions (each session's `initialize`, replayed by a
    /// replica that has not seen it) and, unless the server was given a
    /// [task store](crate::mcp::McpServer::with_task_store), the tasks in
    /// the Redis (or Valkey) at `url` (`redis://HOST:PORT`), so that
    /// replicas of the server behind a load balancer with no stickiness
    /// answer every request (feature `redis`; see
    /// [`RedisTaskStore`](crate::mcp::redis::RedisTaskStore)). Each
    /// session's log level is kept there too, and the replicas tell each
    /// other over Redis pub/sub of a client's answer to a server's request
    /// (sampling, elicitation) whichever replica it reached, of a call's
    /// log messages (sent by the replica holding the session's event
    /// stream), and of a change to the tools through a
    /// [`ToolsHandle`](crate::mcp::ToolsHandle), which every replica
    /// announces to its own clients. The events of every stream are kept
    /// there (the last 256 of a stream, for a minute after a request's
    /// last and 10 minutes after a session's), so that a client
    /// resumes a cut stream with `Last-Event-ID` on any replica. A URL that
    /// is none makes binding fail.
    #[cfg(feature = "redis")]
    pub fn redis(mut self, url: impl Into<String>) -> Self {
        self.redis = Some(crate::mcp::redis::Shared::open(url.into()));
        self
    }
}

/// An `http` or `https` origin with its scheme's port written out, so that
/// it means that port only (rmcp reads an origin without a port as any
/// port).
fn with_port(origin: String) -> String {
    let trimmed = origin.trim();
    let port = if trimmed.starts_with("https://") {
        "443"
    } else if trimmed.starts_with("http://") {
        "80"
    } else {
        return origin;
    };
    let Ok(uri) = trimmed.parse::<hyper::Uri>() else {
        return origin;
    };
    match uri.authority() {
        Some(authority) if authority.port().is_none() && !trimmed.ends_with(":*") => {
            format!(
                "{}://{}:{port}",
                uri.scheme_str().unwrap_or("http"),
                authority
            )
        }
        _ => origin,
    }
}

#[cfg(test)]
mod tests {
    use super::with_port;

    #[test]
    fn an_origin_without_a_port_means_its_schemes_port() {
        let cases = [
            ("https://app.example.com", "https://app.example.com:443"),
            ("http://app.example.com", "http://app.example.com:80"),
            ("http://[::1]", "http://[::1]:80"),
            (
                "https://app.example.com:8443",
                "https://app.example.com:8443",
            ),
            ("http://localhost:*", "http://localhost:*"),
            ("null", "null"),
            ("app.example.com", "app.example.com"),
        ];
        for (given, read) in cases {
            assert_eq!(with_port(given.to_owned()), read, "{given}");
        }
    }
}
