//! [`Introspection`]: an opaque token asked about at the authorization
//! server's introspection endpoint (RFC 7662), as a client of its own.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::claims::{audiences, caller};
use super::fetch::{Fetch, FetchRequest};
use super::{AuthError, AuthFuture, Authenticator};

/// Asks the authorization server about each token (RFC 7662): `POST
/// token=<token>` to its introspection endpoint, authenticated with the
/// resource server's own client id and secret (HTTP Basic). A token is
/// taken when the answer says `"active": true`, its `exp` (if any) is in
/// the future, and its `aud` (if any) holds the resource (RFC 8707); its
/// `sub`, `scope`, `iss`, `aud` and other members become the
/// [`Caller`](toolsmith_runtime::Caller).
///
/// ```
/// use toolsmith::mcp::auth::Introspection;
///
/// let introspection = Introspection::new(
///     "http://auth.internal:8080/oauth2/introspect",
///     "https://tools.example.com/mcp",
/// )
/// .client_credentials("tools-server", "its secret");
/// # drop(introspection);
/// ```
pub struct Introspection {
    endpoint: String,
    audience: String,
    credentials: Option<String>,
    fetch: Arc<dyn Fetch>,
}

impl std::fmt::Debug for Introspection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Introspection")
            .field("endpoint", &self.endpoint)
            .field("audience", &self.audience)
            .finish_non_exhaustive()
    }
}

impl Introspection {
    /// Asks `endpoint` about tokens meant for `audience` (the endpoint's
    /// public URL).
    pub fn new(endpoint: impl Into<String>, audience: impl Into<String>) -> Introspection {
        Introspection {
            endpoint: endpoint.into(),
            audience: audience.into(),
            credentials: None,
            fetch: super::built_in_fetch(),
        }
    }

    /// Authenticates to the endpoint as `client_id` with `secret` (HTTP
    /// Basic, RFC 7662 section 2.1).
    #[must_use]
    pub fn client_credentials(mut self, client_id: &str, secret: &str) -> Self {
        let pair = format!("{}:{}", form_encode(client_id), form_encode(secret));
        self.credentials = Some(format!("Basic {}", base64(pair.as_bytes())));
        self
    }

    /// Asks with `fetch` (an `https` one: the program's own HTTP client)
    /// instead of the built-in plain-HTTP one.
    #[must_use]
    pub fn with_fetch(mut self, fetch: impl Fetch) -> Self {
        self.fetch = Arc::new(fetch);
        self
    }

    async fn introspect(&self, token: &str) -> Result<toolsmith_runtime::Caller, AuthError> {
        let mut headers = vec![
            (
                "content-type",
                "application/x-www-form-urlencoded".to_owned(),
            ),
            ("accept", "application/json".to_owned()),
        ];
        if let Some(credentials) = &self.credentials {
            headers.push(("authorization", credentials.clone()));
        }
        let request = FetchRequest {
            method: "POST",
            url: self.endpoint.clone(),
            headers,
            body: Some(format!(
                "token={}&token_type_hint=access_token",
                form_encode(token)
            )),
        };
        let answer = self
            .fetch
            .fetch(request)
            .await
            .map_err(AuthError::unavailable)?;
        if answer.status != 200 {
            return Err(AuthError::unavailable(format!(
                "{} answered {}",
                self.endpoint, answer.status
            )));
        }
        let Ok(Value::Object(claims)) = serde_json::from_slice::<Value>(&answer.body) else {
            return Err(AuthError::unavailable(format!(
                "{} answered no JSON object",
                self.endpoint
            )));
        };
        self.judge(claims)
    }

    /// The caller an introspection answer names, if it is one to take.
    fn judge(&self, claims: Map<String, Value>) -> Result<toolsmith_runtime::Caller, AuthError> {
        if claims.get("active") != Some(&Value::Bool(true)) {
            return Err(AuthError::invalid("the token is not active"));
        }
        if let Some(exp) = claims.get("exp").and_then(Value::as_u64) {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_secs());
            if exp <= now {
                return Err(AuthError::invalid("the token has expired"));
            }
        }
        if claims.contains_key("aud") && !audiences(claims.get("aud")).contains(&self.audience) {
            return Err(AuthError::invalid("the token is for another audience"));
        }
        caller(claims)
    }
}

impl Authenticator for Introspection {
    fn authenticate<'a>(&'a self, token: &'a str) -> AuthFuture<'a> {
        Box::pin(self.introspect(token))
    }
}

/// `application/x-www-form-urlencoded` escaping.
fn form_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(char::from(byte));
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_are_form_encoded_then_base64() {
        assert_eq!(base64(b"a:b"), "YTpi");
        assert_eq!(base64(b"ab"), "YWI=");
        assert_eq!(base64(b"a"), "YQ==");
        assert_eq!(form_encode("a b&c"), "a%20b%26c");
    }
}
