//! The bearer-token seam: `Authorization: Bearer <token>` turned into a
//! [`Caller`] by the user's authenticator, `401` with the challenge RFC
//! 6750 and RFC 9728 describe otherwise, and the protected-resource
//! metadata the challenge points to (its `scopes_supported` those of the
//! tools served).

use std::sync::Arc;

use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Response, StatusCode};

use serde_json::Value;
use toolsmith_runtime::{Caller, ToolSet};

use super::auth::{AuthError, Authenticator, step_up};
use super::replies::{Body, SERVER_ERROR, busy, json, rpc_error};

/// Where RFC 9728 puts a protected resource's metadata.
const WELL_KNOWN: &str = "/.well-known/oauth-protected-resource";

/// A bearer-token check and the resource it guards.
#[derive(Clone)]
pub(crate) struct Bearer {
    authenticator: Arc<dyn Authenticator>,
    resource: String,
    authorization_servers: Vec<String>,
    /// The metadata's URL, as the challenge names it.
    metadata_url: String,
    /// The path of the metadata route for this resource
    /// (`/.well-known/oauth-protected-resource/mcp`).
    metadata_path: String,
}

impl std::fmt::Debug for Bearer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bearer")
            .field("metadata_url", &self.metadata_url)
            .finish_non_exhaustive()
    }
}

/// Why a request was not let through.
enum Refused {
    /// No `Authorization: Bearer` at all.
    NoToken,
    /// A token the authenticator said no to.
    InvalidToken,
}

impl Bearer {
    /// `authenticator` guarding `resource`, whose tokens come from
    /// `authorization_servers`.
    pub(crate) fn new(
        authenticator: Arc<dyn Authenticator>,
        resource: String,
        authorization_servers: Vec<String>,
    ) -> Self {
        let (origin, path) = split_resource(&resource);
        let metadata_path = format!("{WELL_KNOWN}{path}");
        Bearer {
            authenticator,
            metadata_url: format!("{origin}{metadata_path}"),
            resource,
            authorization_servers,
            metadata_path,
        }
    }

    /// Whether `path` is one of the metadata routes.
    pub(crate) fn is_metadata_route(&self, path: &str) -> bool {
        path == WELL_KNOWN || path == self.metadata_path
    }

    /// The metadata document, its `scopes_supported` those `tools` want
    /// (left out when none does).
    pub(crate) fn metadata(&self, tools: &ToolSet) -> Response<Body> {
        let mut document = serde_json::json!({
            "resource": self.resource,
            "authorization_servers": self.authorization_servers,
            "bearer_methods_supported": ["header"],
        });
        let scopes = step_up::supported(tools);
        if !scopes.is_empty() {
            document["scopes_supported"] = Value::from(scopes);
        }
        json(StatusCode::OK, document.to_string())
    }

    /// The `403` for a `tools/call` of `name` whose scopes `caller` lacks.
    pub(crate) fn step_up(
        &self,
        tools: &ToolSet,
        caller: &Caller,
        name: &str,
        id: Option<Value>,
    ) -> Option<Response<Body>> {
        step_up::refusal(tools, caller, name, id, &self.metadata_url)
    }

    /// The caller the request's token names, or the answer to a request
    /// without one the authenticator takes: `401`, or `503` when the
    /// token could not be checked now.
    pub(crate) async fn caller(&self, headers: &HeaderMap) -> Result<Caller, Response<Body>> {
        let refused = match bearer_token(headers) {
            None => Refused::NoToken,
            Some(token) => match self.authenticator.authenticate(token).await {
                Ok(caller) => return Ok(caller),
                Err(AuthError::Unavailable(_)) => {
                    return Err(busy(
                        None,
                        "Server busy: the bearer token cannot be checked now; retry later"
                            .to_owned(),
                    ));
                }
                Err(AuthError::Invalid(_)) => Refused::InvalidToken,
            },
        };
        let (challenge, message) = match refused {
            Refused::NoToken => (
                format!("Bearer resource_metadata=\"{}\"", self.metadata_url),
                format!(
                    "Unauthorized: send \"Authorization: Bearer <token>\" with a token from an \
                     authorization server the metadata at {} names",
                    self.metadata_url
                ),
            ),
            Refused::InvalidToken => (
                format!(
                    "Bearer resource_metadata=\"{}\", error=\"invalid_token\"",
                    self.metadata_url
                ),
                "Unauthorized: the bearer token was not accepted".to_owned(),
            ),
        };
        let mut response = rpc_error(StatusCode::UNAUTHORIZED, None, SERVER_ERROR, message);
        if let Ok(value) = HeaderValue::from_str(&challenge) {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, value);
        }
        Err(response)
    }
}

/// The token of `Authorization: Bearer <token>` (the scheme in any case).
fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// `https://tools.example.com/mcp` as its origin and its path
/// (`https://tools.example.com`, `/mcp`); the path is empty for `/`.
fn split_resource(resource: &str) -> (&str, &str) {
    let after_scheme = resource.find("://").map_or(0, |at| at + 3);
    let path_at = resource[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(resource.len(), |at| after_scheme + at);
    let (origin, rest) = resource.split_at(path_at);
    let path = rest.split(['?', '#']).next().unwrap_or("");
    (origin, path.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_metadata_url_puts_the_well_known_path_before_the_resources() {
        let cases = [
            (
                "https://tools.example.com/mcp",
                "https://tools.example.com/.well-known/oauth-protected-resource/mcp",
            ),
            (
                "https://tools.example.com",
                "https://tools.example.com/.well-known/oauth-protected-resource",
            ),
            (
                "https://tools.example.com/",
                "https://tools.example.com/.well-known/oauth-protected-resource",
            ),
            (
                "http://127.0.0.1:8080/a/mcp?x=1",
                "http://127.0.0.1:8080/.well-known/oauth-protected-resource/a/mcp",
            ),
        ];
        for (resource, url) in cases {
            let check = Arc::new(crate::mcp::http::auth::Check(|_: &str| true));
            let bearer = Bearer::new(check, resource.to_owned(), Vec::new());
            assert_eq!(bearer.metadata_url, url, "{resource}");
        }
    }

    #[test]
    fn only_a_bearer_scheme_carries_a_token() {
        let cases = [
            ("Bearer abc", Some("abc")),
            ("bearer  abc ", Some("abc")),
            ("Basic abc", None),
            ("Bearer", None),
            ("Bearer ", None),
        ];
        for (value, token) in cases {
            let mut headers = HeaderMap::new();
            headers.insert(header::AUTHORIZATION, HeaderValue::from_static(value));
            assert_eq!(bearer_token(&headers), token, "{value}");
        }
    }
}
