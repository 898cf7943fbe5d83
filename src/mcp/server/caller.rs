//! Who made a request: the [`Caller`] the HTTP endpoint's authenticator
//! found, else the session, else (a server without sessions) the client
//! connection, else, on stdio, the local user. What a tool's `#[ctx]
//! caller: Caller` is given, and what tasks and sealed rounds are bound to.

use rmcp::RoleServer;
use rmcp::service::RequestContext;
use toolsmith_runtime::Caller;

/// The caller of the request `context` serves.
pub(crate) fn caller_of(context: &RequestContext<RoleServer>) -> Caller {
    #[cfg(feature = "mcp-http")]
    if let Some(parts) = context.extensions.get::<hyper::http::request::Parts>() {
        return of_http(parts);
    }
    let _ = context;
    Caller::local()
}

/// The caller of an HTTP request.
#[cfg(feature = "mcp-http")]
fn of_http(parts: &hyper::http::request::Parts) -> Caller {
    use crate::mcp::transport::Client;

    if let Some(caller) = parts.extensions.get::<Caller>() {
        return caller.clone();
    }
    if let Some(session) = parts
        .headers
        .get("mcp-session-id")
        .and_then(|id| id.to_str().ok())
    {
        return Caller::session(session);
    }
    match parts.extensions.get::<Client>() {
        Some(Client(number)) => Caller::connection(number.to_string()),
        // A service mounted in a router of one's own, without sessions
        // or an authenticator: nothing tells its clients apart.
        None => Caller::connection("unknown"),
    }
}
