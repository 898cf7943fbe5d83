//! Who is calling over HTTP: the [`Authenticator`] seam that turns a bearer
//! token into a [`Caller`](toolsmith_runtime::Caller), and its
//! implementations (feature `auth`): a JWT verified against a JWKS
//! (`JwtVerifier`) and RFC 7662 token introspection (`Introspection`),
//! both checking the
//! audience is this resource (RFC 8707). The scope step-up answer
//! (`403`, `insufficient_scope`) is in `step_up.rs`; what fetches the JWKS
//! and asks the introspection endpoint, in `fetch.rs`.

#[cfg(feature = "auth")]
mod claims;
#[cfg(feature = "auth")]
mod fetch;
#[cfg(feature = "auth-https")]
mod https;
#[cfg(feature = "auth")]
mod introspection;
#[cfg(feature = "auth")]
mod jwt;
pub(crate) mod step_up;

use std::future::Future;
use std::pin::Pin;

use toolsmith_runtime::Caller;

#[cfg(feature = "auth")]
pub use fetch::{Fetch, FetchFuture, FetchRequest, FetchResponse, PlainHttp};
#[cfg(feature = "auth-https")]
pub use https::HttpsFetch;
#[cfg(feature = "auth")]
pub use introspection::Introspection;
/// The signature algorithms a [`JwtVerifier`] may take.
#[cfg(feature = "auth")]
pub use jsonwebtoken::Algorithm;
#[cfg(feature = "auth")]
pub use jwt::JwtVerifier;

/// A boxed future an [`Authenticator`] answers with.
pub type AuthFuture<'a> = Pin<Box<dyn Future<Output = Result<Caller, AuthError>> + Send + 'a>>;

/// Turns the token of `Authorization: Bearer <token>` into the principal
/// it names, for [`HttpOptions::authenticator`](crate::mcp::HttpOptions::authenticator):
/// the [`Caller`] tools take as `#[ctx] caller: Caller`. The token itself
/// stays here; no tool sees it.
///
/// `JwtVerifier` and `Introspection` (feature `auth`) are the usual ones;
/// one of one's own is a plain `impl`:
///
/// ```
/// use toolsmith::Caller;
/// use toolsmith::mcp::auth::{AuthError, AuthFuture, Authenticator};
///
/// struct ApiKeys;
///
/// impl Authenticator for ApiKeys {
///     fn authenticate<'a>(&'a self, token: &'a str) -> AuthFuture<'a> {
///         Box::pin(async move {
///             match token {
///                 "k-alice" => Ok(Caller::authenticated("alice").with_scopes(["notes:read"])),
///                 _ => Err(AuthError::invalid("unknown key")),
///             }
///         })
///     }
/// }
/// ```
pub trait Authenticator: Send + Sync + 'static {
    /// The principal `token` names, or why it names none.
    fn authenticate<'a>(&'a self, token: &'a str) -> AuthFuture<'a>;
}

/// Why a token was not turned into a [`Caller`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AuthError {
    /// The token is not good: malformed, badly signed, expired, for
    /// another audience or issuer, revoked. Answered `401` with
    /// `error="invalid_token"`; the reason is logged by the caller of the
    /// authenticator only, never sent.
    Invalid(String),
    /// The token could not be checked now (the JWKS or the introspection
    /// endpoint cannot be reached): answered `503` with `Retry-After`.
    Unavailable(String),
}

impl AuthError {
    /// An [`Invalid`](AuthError::Invalid) token, for `reason`.
    pub fn invalid(reason: impl Into<String>) -> AuthError {
        AuthError::Invalid(reason.into())
    }

    /// A check that could not be made now, for `reason`.
    pub fn unavailable(reason: impl Into<String>) -> AuthError {
        AuthError::Unavailable(reason.into())
    }
}

impl std::fmt::Display for AuthError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AuthError::Invalid(reason) => write!(f, "invalid token: {reason}"),
            AuthError::Unavailable(reason) => write!(f, "token not checked: {reason}"),
        }
    }
}

impl std::error::Error for AuthError {}

/// The simple check of [`HttpOptions::bearer`](crate::mcp::HttpOptions::bearer):
/// a yes or no on the token, whose principal is the fixed subject
/// `bearer`, with no scopes.
pub(crate) struct Check<F>(pub(crate) F);

impl<F: Fn(&str) -> bool + Send + Sync + 'static> Authenticator for Check<F> {
    fn authenticate<'a>(&'a self, token: &'a str) -> AuthFuture<'a> {
        let answer = match (self.0)(token) {
            true => Ok(Caller::authenticated("bearer")),
            false => Err(AuthError::invalid("the check said no")),
        };
        Box::pin(std::future::ready(answer))
    }
}

/// The fetch an authenticator uses unless told otherwise: [`HttpsFetch`]
/// with Mozilla's roots when the `auth-https` feature is on, else
/// [`PlainHttp`].
#[cfg(feature = "auth")]
fn built_in_fetch() -> std::sync::Arc<dyn Fetch> {
    #[cfg(feature = "auth-https")]
    return std::sync::Arc::new(HttpsFetch::new());
    #[cfg(not(feature = "auth-https"))]
    std::sync::Arc::new(PlainHttp)
}
