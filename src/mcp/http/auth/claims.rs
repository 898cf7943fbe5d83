//! A token's claims (a JWT's payload, an introspection answer) as the
//! [`Caller`] they name: `sub`, `scope` (or `scp`), `iss`, `aud`, and the
//! rest kept as claims.

use serde_json::{Map, Value};
use toolsmith_runtime::Caller;

use super::AuthError;

/// Claims about the token itself, not its principal: left out of
/// [`Caller::claims`].
const TOKEN_CLAIMS: [&str; 11] = [
    "sub",
    "scope",
    "scp",
    "iss",
    "aud",
    "exp",
    "nbf",
    "iat",
    "jti",
    "active",
    "token_type",
];

/// The caller `claims` name; a token without `sub` names none.
pub(super) fn caller(mut claims: Map<String, Value>) -> Result<Caller, AuthError> {
    let Some(Value::String(subject)) = claims.remove("sub") else {
        return Err(AuthError::invalid("the token names no subject (`sub`)"));
    };
    let scopes = scopes(&claims);
    let audiences = audiences(claims.get("aud"));
    let issuer = match claims.get("iss") {
        Some(Value::String(issuer)) => Some(issuer.clone()),
        _ => None,
    };
    claims.retain(|name, _| !TOKEN_CLAIMS.contains(&name.as_str()));
    let mut caller = Caller::authenticated(subject)
        .with_scopes(scopes)
        .with_audiences(audiences)
        .with_claims(claims);
    if let Some(issuer) = issuer {
        caller = caller.with_issuer(issuer);
    }
    Ok(caller)
}

/// RFC 8693's `scope` (space-separated), or the `scp` list some issuers
/// write.
fn scopes(claims: &Map<String, Value>) -> Vec<String> {
    match (claims.get("scope"), claims.get("scp")) {
        (Some(Value::String(scope)), _) => scope.split_whitespace().map(str::to_owned).collect(),
        (_, Some(Value::Array(scopes))) => scopes
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect(),
        (_, Some(Value::String(scp))) => scp.split_whitespace().map(str::to_owned).collect(),
        _ => Vec::new(),
    }
}

/// `aud`, a string or a list of them.
pub(super) fn audiences(aud: Option<&Value>) -> Vec<String> {
    match aud {
        Some(Value::String(one)) => vec![one.clone()],
        Some(Value::Array(many)) => many
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_token_claims_become_the_callers_parts() {
        let Value::Object(claims) = json!({
            "sub": "alice", "scope": "notes:read notes:write", "iss": "https://as",
            "aud": ["https://rs/mcp"], "exp": 1, "email": "alice@example.com"
        }) else {
            unreachable!()
        };
        let caller = caller(claims).unwrap();
        assert_eq!(caller.subject(), "alice");
        assert_eq!(caller.scopes(), ["notes:read", "notes:write"]);
        assert_eq!(caller.issuer(), Some("https://as"));
        assert_eq!(caller.audiences(), ["https://rs/mcp"]);
        assert_eq!(
            Value::Object(caller.claims().clone()),
            json!({"email": "alice@example.com"})
        );
    }

    #[test]
    fn a_token_without_a_subject_names_no_one() {
        let Value::Object(claims) = json!({"scp": ["a"]}) else {
            unreachable!()
        };
        assert_eq!(
            caller(claims),
            Err(AuthError::invalid("the token names no subject (`sub`)"))
        );
    }
}
