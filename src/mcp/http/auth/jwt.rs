//! [`JwtVerifier`]: a JWT checked against the issuer's JWKS (fetched,
//! cached, refetched at most once per refresh interval, and once at once
//! for a key id it does not hold), its issuer, its audience (this
//! resource, RFC 8707) and its times.

use std::sync::Arc;
use std::time::{Duration, Instant};

use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::{Map, Value};
use tokio::sync::Mutex;

use super::claims::caller;
use super::fetch::{Fetch, FetchRequest};
use super::{AuthError, AuthFuture, Authenticator};

/// Verifies bearer tokens that are JWTs (RFC 9068 access tokens) signed by
/// a key of the issuer's JWKS:
///
/// - the signature, by the key the header's `kid` names (or the only key,
///   when the header names none), with an algorithm of the
///   [allowed](Self::algorithms) ones (`RS256`, `ES256` and `EdDSA` by
///   default; never `none`, never an HMAC one unless listed);
/// - `iss` is the issuer; `aud` holds the resource, the endpoint's public
///   URL (RFC 8707), so a token minted for another server is refused;
/// - `exp` is in the future and `nbf` in the past, with a
///   [leeway](Self::leeway) of 60 seconds.
///
/// The JWKS is fetched on first use and kept for the [cache
/// lifetime](Self::cache_for) (10 minutes). A token whose `kid` is not in
/// it (a key the issuer just rotated in) makes one refetch, unless another
/// such refetch was made within the [refresh interval](Self::min_refresh)
/// (30 seconds): a flood of made-up key ids costs the issuer one request
/// per interval. A JWKS that cannot be fetched leaves the keys held in
/// use; with none held, the request is answered `503`.
///
/// ```
/// use toolsmith::mcp::HttpOptions;
/// use toolsmith::mcp::auth::JwtVerifier;
///
/// let verifier = JwtVerifier::new(
///     "http://auth.internal:8080/.well-known/jwks.json",
///     "http://auth.internal:8080",
///     "https://tools.example.com/mcp",
/// );
/// let options = HttpOptions::new().authenticator(
///     verifier,
///     "https://tools.example.com/mcp",
///     ["http://auth.internal:8080"],
/// );
/// # drop(options);
/// ```
pub struct JwtVerifier {
    jwks_url: String,
    issuer: String,
    audience: String,
    algorithms: Vec<Algorithm>,
    leeway: Duration,
    cache_for: Duration,
    min_refresh: Duration,
    fetch: Arc<dyn Fetch>,
    keys: Mutex<Keys>,
}

/// The JWKS as last fetched.
#[derive(Default)]
struct Keys {
    set: Option<JwkSet>,
    /// When it was last fetched (or a fetch was tried).
    fetched: Option<Instant>,
    /// When a key id it lacked last made it fetch again.
    refetched: Option<Instant>,
}

impl std::fmt::Debug for JwtVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JwtVerifier")
            .field("jwks_url", &self.jwks_url)
            .field("issuer", &self.issuer)
            .field("audience", &self.audience)
            .field("algorithms", &self.algorithms)
            .finish_non_exhaustive()
    }
}

impl JwtVerifier {
    /// Tokens of `issuer`, signed by a key of the JWKS at `jwks_url`, for
    /// `audience` (the endpoint's public URL, as
    /// [`HttpOptions::authenticator`](crate::mcp::HttpOptions::authenticator)'s
    /// `resource`).
    pub fn new(
        jwks_url: impl Into<String>,
        issuer: impl Into<String>,
        audience: impl Into<String>,
    ) -> JwtVerifier {
        JwtVerifier {
            jwks_url: jwks_url.into(),
            issuer: issuer.into(),
            audience: audience.into(),
            algorithms: vec![Algorithm::RS256, Algorithm::ES256, Algorithm::EdDSA],
            leeway: Duration::from_secs(60),
            cache_for: Duration::from_secs(600),
            min_refresh: Duration::from_secs(30),
            fetch: super::built_in_fetch(),
            keys: Mutex::default(),
        }
    }

    /// The signature algorithms taken (`RS256`, `ES256`, `EdDSA` by
    /// default).
    #[must_use]
    pub fn algorithms(mut self, algorithms: impl IntoIterator<Item = Algorithm>) -> Self {
        self.algorithms = algorithms.into_iter().collect();
        self
    }

    /// How far `exp` and `nbf` may be off (60 seconds by default).
    #[must_use]
    pub fn leeway(mut self, leeway: Duration) -> Self {
        self.leeway = leeway;
        self
    }

    /// How long a fetched JWKS is used before it is fetched again (10
    /// minutes by default).
    #[must_use]
    pub fn cache_for(mut self, lifetime: Duration) -> Self {
        self.cache_for = lifetime;
        self
    }

    /// The least time between two refetches of the JWKS for a key id it
    /// lacks (30 seconds by default): a token with an unknown `kid` within
    /// it is refused without a fetch.
    #[must_use]
    pub fn min_refresh(mut self, interval: Duration) -> Self {
        self.min_refresh = interval;
        self
    }

    /// Fetches the JWKS with `fetch` (an `https` one: the program's own
    /// HTTP client) instead of the built-in plain-HTTP one.
    #[must_use]
    pub fn with_fetch(mut self, fetch: impl Fetch) -> Self {
        self.fetch = Arc::new(fetch);
        self
    }

    /// The key for `kid`, refetching the JWKS when it is stale, or when
    /// it lacks `kid` and the last such refetch is older than the refresh
    /// interval.
    async fn key(&self, kid: Option<&str>) -> Result<DecodingKey, AuthError> {
        let mut keys = self.keys.lock().await;
        let age = keys.fetched.map(|at| at.elapsed());
        let held = keys.set.is_some();
        let stale = !held || age.is_none_or(|age| age >= self.cache_for);
        let found = |keys: &Keys| keys.set.as_ref().and_then(|set| pick(set, kid));
        if !stale && let Some(jwk) = found(&keys) {
            return DecodingKey::from_jwk(&jwk)
                .map_err(|err| AuthError::invalid(format!("the JWKS key is unusable: {err}")));
        }
        // No keys yet and a fetch just failed: not again before the
        // refresh interval.
        if !held && age.is_some_and(|age| age < self.min_refresh) {
            return Err(AuthError::unavailable(format!(
                "{} could not be fetched",
                self.jwks_url
            )));
        }
        // Stale: fetch. Fresh but without the key: fetch again, at most
        // once per refresh interval.
        let may_refetch = keys
            .refetched
            .is_none_or(|at| at.elapsed() >= self.min_refresh);
        if stale || may_refetch {
            if !stale {
                keys.refetched = Some(Instant::now());
            }
            keys.fetched = Some(Instant::now());
            match self.fetch_set().await {
                Ok(set) => keys.set = Some(set),
                Err(reason) if keys.set.is_none() => return Err(AuthError::unavailable(reason)),
                Err(_) => {} // keep the keys held
            }
        }
        let Some(jwk) = found(&keys) else {
            return Err(AuthError::invalid(match kid {
                Some(kid) => format!("no key {kid:?} in the issuer's JWKS"),
                None => "the token names no key (`kid`) and the JWKS holds several".to_owned(),
            }));
        };
        DecodingKey::from_jwk(&jwk)
            .map_err(|err| AuthError::invalid(format!("the JWKS key is unusable: {err}")))
    }

    async fn fetch_set(&self) -> Result<JwkSet, String> {
        let request = FetchRequest {
            method: "GET",
            url: self.jwks_url.clone(),
            headers: vec![("accept", "application/json".to_owned())],
            body: None,
        };
        let answer = self.fetch.fetch(request).await?;
        if answer.status != 200 {
            return Err(format!("{} answered {}", self.jwks_url, answer.status));
        }
        serde_json::from_slice(&answer.body)
            .map_err(|err| format!("{} is no JWKS: {err}", self.jwks_url))
    }

    async fn verify(&self, token: &str) -> Result<toolsmith_runtime::Caller, AuthError> {
        let header = jsonwebtoken::decode_header(token)
            .map_err(|err| AuthError::invalid(format!("not a JWT: {err}")))?;
        if !self.algorithms.contains(&header.alg) {
            return Err(AuthError::invalid(format!(
                "the algorithm {:?} is not allowed",
                header.alg
            )));
        }
        let key = self.key(header.kid.as_deref()).await?;
        let mut validation = Validation::new(header.alg);
        validation.algorithms = vec![header.alg];
        validation.leeway = self.leeway.as_secs();
        validation.validate_nbf = true;
        validation.set_audience(&[&self.audience]);
        validation.set_issuer(&[&self.issuer]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        let data = jsonwebtoken::decode::<Map<String, Value>>(token, &key, &validation)
            .map_err(|err| AuthError::invalid(err.to_string()))?;
        caller(data.claims)
    }
}

/// The key of `set` named `kid`, or its only key when `kid` is `None`.
fn pick(set: &JwkSet, kid: Option<&str>) -> Option<jsonwebtoken::jwk::Jwk> {
    match kid {
        Some(kid) => set.find(kid).cloned(),
        None if set.keys.len() == 1 => set.keys.first().cloned(),
        None => None,
    }
}

impl Authenticator for JwtVerifier {
    fn authenticate<'a>(&'a self, token: &'a str) -> AuthFuture<'a> {
        Box::pin(self.verify(token))
    }
}
