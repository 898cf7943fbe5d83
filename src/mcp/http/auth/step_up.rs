//! The step-up answer: a call of a tool whose scopes the caller's token
//! lacks is refused `403 Forbidden` with `WWW-Authenticate: Bearer
//! error="insufficient_scope", scope="<the scopes>"` (RFC 6750 section
//! 3.1, the MCP authorization spec's step-up), so the client asks the
//! authorization server for a token with them and calls again.

use hyper::header::{self, HeaderValue};
use hyper::{Response, StatusCode};
use serde_json::Value;
use toolsmith_runtime::{Caller, ToolSet};

use crate::mcp::http::replies::{Body, SERVER_ERROR, rpc_error};

/// The `403` for a `tools/call` of `name` by `caller`, when the tool wants
/// scopes the caller does not hold; `None` otherwise (an unknown tool is
/// the server's to answer).
pub(crate) fn refusal(
    tools: &ToolSet,
    caller: &Caller,
    name: &str,
    id: Option<Value>,
    metadata_url: &str,
) -> Option<Response<Body>> {
    let tool = tools.tool(name).ok()?;
    let wanted = tool.hints().scopes;
    let missing = caller.missing_scopes(wanted);
    if missing.is_empty() {
        return None;
    }
    let message = format!(
        "Forbidden: {name} needs the scope{} {}, which the bearer token does not grant; \
         ask the authorization server for a token with {}",
        if missing.len() == 1 { "" } else { "s" },
        missing.join(", "),
        if missing.len() == 1 { "it" } else { "them" },
    );
    let mut response = rpc_error(StatusCode::FORBIDDEN, id, SERVER_ERROR, message);
    // The scopes the call needs, all of them: a token with these is enough.
    let challenge = format!(
        "Bearer error=\"insufficient_scope\", scope=\"{}\", resource_metadata=\"{metadata_url}\"",
        wanted.join(" ")
    );
    if let Ok(value) = HeaderValue::from_str(&challenge) {
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, value);
    }
    Some(response)
}

/// Every scope the tools of `tools` want, each once, in the order first
/// met: the metadata's `scopes_supported`.
pub(crate) fn supported(tools: &ToolSet) -> Vec<&'static str> {
    let mut scopes: Vec<&'static str> = Vec::new();
    for tool in tools.tools() {
        for &scope in tool.hints().scopes {
            if !scopes.contains(&scope) {
                scopes.push(scope);
            }
        }
    }
    scopes
}
