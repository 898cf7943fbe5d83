//! Who made a call: [`Caller`], the principal a host authenticated (a
//! token's subject, scopes and claims), else the session or the local user.

use std::fmt;
use std::sync::Arc;

use serde_json::{Map, Value};

/// Who made a call, as the host knows it: take it as `#[ctx] caller:
/// Caller` beside the set's own context (it does not take the set's
/// `#[ctx]` slot), or read it from the [`Call`](super::Call) with
/// [`Call::caller`](super::Call::caller).
///
/// - Over HTTP with an authenticator, the principal the bearer token names:
///   its subject, scopes, issuer, audiences and other claims. The token
///   itself never reaches a tool.
/// - Over HTTP without one, the session (or, on a server without sessions,
///   the client connection).
/// - On stdio, the command line and a call made in code: the local user.
///
/// ```
/// # extern crate toolsmith_runtime as toolsmith;
/// use toolsmith::Caller;
///
/// let alice = Caller::authenticated("alice")
///     .with_scopes(["notes:read", "notes:write"])
///     .with_issuer("https://auth.example.com");
/// assert!(alice.has_scope("notes:write"));
/// assert_eq!(alice.principal(), "https://auth.example.com#alice");
/// assert_eq!(Caller::local().principal(), "local");
/// ```
#[derive(Clone, PartialEq)]
pub struct Caller {
    inner: Arc<Inner>,
}

#[derive(Clone, PartialEq)]
struct Inner {
    kind: CallerKind,
    subject: String,
    scopes: Vec<String>,
    issuer: Option<String>,
    audiences: Vec<String>,
    claims: Map<String, Value>,
}

/// How a host knows a [`Caller`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CallerKind {
    /// A bearer token the server verified.
    Authenticated,
    /// The session of a server without an authenticator.
    Session,
    /// One client connection of a server with neither an authenticator
    /// nor sessions: all that tells its clients apart, and only while the
    /// connection lasts.
    Connection,
    /// The local user: stdio, the command line, a call made in code.
    Local,
}

impl Caller {
    fn of(kind: CallerKind, subject: String) -> Caller {
        Caller {
            inner: Arc::new(Inner {
                kind,
                subject,
                scopes: Vec::new(),
                issuer: None,
                audiences: Vec::new(),
                claims: Map::new(),
            }),
        }
    }

    /// A principal an authenticator verified, named by `subject` (a JWT's
    /// `sub`); add its scopes, issuer, audiences and claims with the
    /// `with_` methods.
    pub fn authenticated(subject: impl Into<String>) -> Caller {
        Caller::of(CallerKind::Authenticated, subject.into())
    }

    /// The caller known only by its session `id`.
    pub fn session(id: impl Into<String>) -> Caller {
        Caller::of(CallerKind::Session, id.into())
    }

    /// The caller known only by the client connection `id` it came on.
    pub fn connection(id: impl Into<String>) -> Caller {
        Caller::of(CallerKind::Connection, id.into())
    }

    /// The local user (subject `local`).
    pub fn local() -> Caller {
        Caller::of(CallerKind::Local, "local".to_owned())
    }

    fn inner_mut(&mut self) -> &mut Inner {
        Arc::make_mut(&mut self.inner)
    }

    /// The caller with these scopes (duplicates dropped, in order).
    #[must_use]
    pub fn with_scopes<S: Into<String>>(mut self, scopes: impl IntoIterator<Item = S>) -> Caller {
        let kept = &mut self.inner_mut().scopes;
        for scope in scopes {
            let scope = scope.into();
            if !scope.is_empty() && !kept.contains(&scope) {
                kept.push(scope);
            }
        }
        self
    }

    /// The caller with the issuer of its token (a JWT's `iss`).
    #[must_use]
    pub fn with_issuer(mut self, issuer: impl Into<String>) -> Caller {
        self.inner_mut().issuer = Some(issuer.into());
        self
    }

    /// The caller with the audiences of its token (a JWT's `aud`).
    #[must_use]
    pub fn with_audiences<S: Into<String>>(
        mut self,
        audiences: impl IntoIterator<Item = S>,
    ) -> Caller {
        self.inner_mut().audiences = audiences.into_iter().map(Into::into).collect();
        self
    }

    /// The caller with the other claims of its token (`email`, `tenant`,
    /// ..).
    #[must_use]
    pub fn with_claims(mut self, claims: Map<String, Value>) -> Caller {
        self.inner_mut().claims = claims;
        self
    }

    /// How the host knows the caller.
    pub fn kind(&self) -> CallerKind {
        self.inner.kind
    }

    /// Whether an authenticator verified the caller's token.
    pub fn is_authenticated(&self) -> bool {
        self.inner.kind == CallerKind::Authenticated
    }

    /// The subject: a token's `sub`, a session's id, `local`.
    pub fn subject(&self) -> &str {
        &self.inner.subject
    }

    /// The scopes the token grants (none for a caller not authenticated).
    pub fn scopes(&self) -> &[String] {
        &self.inner.scopes
    }

    /// Whether the token grants `scope`.
    pub fn has_scope(&self, scope: &str) -> bool {
        self.inner.scopes.iter().any(|held| held == scope)
    }

    /// The scopes of `wanted` the caller does not hold, in order.
    pub fn missing_scopes<'a>(&self, wanted: &[&'a str]) -> Vec<&'a str> {
        wanted
            .iter()
            .copied()
            .filter(|scope| !self.has_scope(scope))
            .collect()
    }

    /// The issuer of the token, when it names one.
    pub fn issuer(&self) -> Option<&str> {
        self.inner.issuer.as_deref()
    }

    /// The audiences of the token.
    pub fn audiences(&self) -> &[String] {
        &self.inner.audiences
    }

    /// A claim of the token other than those above, by name.
    pub fn claim(&self, name: &str) -> Option<&Value> {
        self.inner.claims.get(name)
    }

    /// The claims of the token other than those above.
    pub fn claims(&self) -> &Map<String, Value> {
        &self.inner.claims
    }

    /// One string per principal, distinct across kinds, for what a server
    /// binds to its caller (a task, a sealed round): `<issuer>#<subject>`
    /// (or `#<subject>` with no issuer) for an authenticated caller,
    /// `session:<id>` for a session, `connection:<id>` for a connection,
    /// `local`.
    pub fn principal(&self) -> String {
        match self.inner.kind {
            CallerKind::Authenticated => format!(
                "{}#{}",
                self.inner.issuer.as_deref().unwrap_or_default(),
                self.inner.subject
            ),
            CallerKind::Session => format!("session:{}", self.inner.subject),
            CallerKind::Connection => format!("connection:{}", self.inner.subject),
            CallerKind::Local => "local".to_owned(),
        }
    }
}

impl Default for Caller {
    fn default() -> Caller {
        Caller::local()
    }
}

impl fmt::Debug for Caller {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let inner = &*self.inner;
        f.debug_struct("Caller")
            .field("kind", &inner.kind)
            .field("subject", &inner.subject)
            .field("scopes", &inner.scopes)
            .field("issuer", &inner.issuer)
            .field("audiences", &inner.audiences)
            .field("claims", &inner.claims)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn principals_of_different_kinds_never_meet() {
        let token = Caller::authenticated("abc");
        let session = Caller::session("abc");
        assert_eq!(token.principal(), "#abc");
        assert_eq!(session.principal(), "session:abc");
        assert_ne!(token, session);
        assert_eq!(Caller::local().subject(), "local");
    }

    #[test]
    fn scopes_are_kept_once_in_order() {
        let caller = Caller::authenticated("a").with_scopes(["b", "a", "b", ""]);
        assert_eq!(caller.scopes(), ["b", "a"]);
        assert_eq!(caller.missing_scopes(&["a", "c", "d"]), ["c", "d"]);
    }
}
