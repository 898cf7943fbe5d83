//! Who a request comes from, as the owner of the tasks it makes: the one
//! place the server derives it, [`owner_of`]. The rules, and why a
//! sessionless request without a token has no owner of its own, are in
//! [the tasks module](crate::mcp::tasks#owners).

use rmcp::RoleServer;
use rmcp::service::RequestContext;
#[cfg(feature = "mcp-http")]
use sha2::{Digest, Sha256};

use crate::mcp::tasks::Owner;

/// The connection a request came on, where no HTTP request says more: put
/// in the request's extensions by the server that serves the connection.
#[derive(Clone, Debug)]
pub(crate) struct Connection(Owner);

impl Connection {
    /// A connection no other has the key of.
    pub(crate) fn new() -> Connection {
        Connection(Owner::from_key(format!(
            "connection:{}",
            crate::mcp::tasks::runner::new_id()
        )))
    }
}

/// The owner of what `context`'s request makes: the principal an
/// [authenticator](crate::mcp::auth::Authenticator) verified (issuer and
/// subject: the same person with a new token owns the same tasks), else
/// the bearer token's digest, else the HTTP session, else (sessionless HTTP) the one owner every
/// sessionless request without a token shares, else the connection.
pub(crate) fn owner_of(context: &RequestContext<RoleServer>) -> Owner {
    #[cfg(feature = "mcp-http")]
    if let Some(parts) = context.extensions.get::<hyper::http::request::Parts>() {
        if let Some(caller) = parts.extensions.get::<toolsmith_runtime::Caller>()
            && caller.is_authenticated()
            && caller.issuer().is_some()
        {
            return Owner::from_key(format!("principal:{}", caller.principal()));
        }
        return http_owner(&parts.headers);
    }
    match context.extensions.get::<Connection>() {
        Some(Connection(owner)) => owner.clone(),
        None => Owner::from_key("connection"),
    }
}

/// The owner of an HTTP request with `headers`.
#[cfg(feature = "mcp-http")]
fn http_owner(headers: &hyper::HeaderMap) -> Owner {
    let token = headers
        .get_all(hyper::header::AUTHORIZATION)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find_map(|value| {
            let (scheme, token) = value.split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
        })
        .filter(|token| !token.is_empty());
    if let Some(token) = token {
        let digest = Sha256::digest(token.as_bytes());
        let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
        return Owner::from_key(format!("bearer:{hex}"));
    }
    match headers
        .get("mcp-session-id")
        .and_then(|value| value.to_str().ok())
    {
        Some(session) => Owner::from_key(format!("session:{session}")),
        None => Owner::from_key("sessionless"),
    }
}
