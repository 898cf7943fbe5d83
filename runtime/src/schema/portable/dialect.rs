//! What each function-calling host refuses of draft 2020-12, named per
//! host: a foreign schema (a proxied MCP tool, a schemars type) is told at
//! registration which construct a host cannot take, instead of every
//! construct being refused for every host. The keywords a host refuses are
//! those whose row in [`KEYWORDS`](crate::schema::keywords::KEYWORDS) says
//! [`Refuses`](crate::schema::keywords::Verdict::Refuses) for it; the rules
//! on a whole schema (the root, OpenAI strict mode's closed objects) are
//! here.

use serde_json::{Map, Value};

use super::report;
use crate::echo::quoted;
use crate::pointer::escape_into;
use crate::schema::graph::{ONE_SCHEMA, SCHEMA_ARRAYS, SCHEMA_MAPS};

/// A host whose schema dialect is narrower than JSON Schema 2020-12.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Host {
    /// Anthropic tool use: any schema, but the root must be an object and
    /// not a union.
    Anthropic,
    /// OpenAI function calling with `strict: true`: `anyOf` (not at the
    /// root), `$ref` / `$defs`, closed objects with every property
    /// required; no other applicator.
    OpenAiStrict,
    /// Gemini function declarations: the OpenAPI subset, without
    /// references (every subschema inlined).
    Gemini,
}

impl Host {
    /// The host's name in a line.
    pub fn name(self) -> &'static str {
        match self {
            Host::Anthropic => "Anthropic",
            Host::OpenAiStrict => "OpenAI strict mode",
            Host::Gemini => "Gemini",
        }
    }

    /// What to do instead of `keyword`, for the host's line.
    fn instead(self, keyword: &str) -> &'static str {
        match (self, keyword) {
            (Host::Gemini, "$ref" | "$dynamicRef") => "inline the subschema it points to",
            (_, "oneOf" | "allOf") if self != Host::Gemini => {
                "use anyOf, or one object with optional fields"
            }
            (_, "prefixItems") => "take an object with named fields",
            (_, "patternProperties" | "propertyNames") => "name the properties",
            _ => "state it in the description and check it in the function",
        }
    }
}

/// Every construct of `schema` that `host` refuses, one line each in
/// document order (`at /shape: "oneOf" is refused by OpenAI strict mode;
/// use anyOf, or one object with optional fields`). Empty when the host
/// takes the schema. A tagged union's `oneOf` (see
/// [`union_tag`](super::union_tag)) is not named: the hosts without
/// `oneOf` are sent it as `anyOf`, which the tags keep exclusive.
///
/// ```
/// use serde_json::json;
/// # extern crate toolsmith_runtime as toolsmith;
/// use toolsmith::portable::{Host, refused_by};
///
/// let schema = json!({
///     "type": "object",
///     "properties": { "at": { "$ref": "#/$defs/point" } },
///     "$defs": { "point": { "type": "object" } }
/// });
/// assert!(refused_by(&schema, Host::Anthropic).is_empty());
/// assert_eq!(
///     refused_by(&schema, Host::Gemini),
///     ["at /properties/at: \"$ref\" is refused by Gemini; inline the subschema it points to"]
/// );
/// ```
pub fn refused_by(schema: &Value, host: Host) -> Vec<String> {
    let mut found = Vec::new();
    if let Value::Object(map) = schema {
        for union in ["anyOf", "oneOf", "allOf"] {
            if map.contains_key(union) && host != Host::Gemini {
                found.push(format!(
                    "the root is a union (\"{union}\"), which {} refuses; make the root one object with a property per alternative",
                    host.name()
                ));
            }
        }
        if map.get("type") != Some(&Value::String("object".to_owned())) {
            found.push(format!(
                "the root must have \"type\": \"object\" for {}",
                host.name()
            ));
        }
    }
    walk(schema, host, &mut String::new(), &mut found, 0);
    found
}

fn walk(schema: &Value, host: Host, at: &mut String, found: &mut Vec<String>, depth: usize) {
    let Value::Object(map) = schema else { return };
    if depth > crate::schema::graph::MAX_SCHEMA_DEPTH {
        return;
    }
    // A tagged union is sent as `anyOf` where the host lacks `oneOf`: the
    // tags keep the alternatives exclusive.
    let tagged = super::union_tag(map).is_some();
    for keyword in crate::schema::keywords::refused(host) {
        if map.contains_key(keyword) && !(tagged && keyword == "oneOf") {
            report(
                found,
                at,
                format!(
                    "{} is refused by {}; {}",
                    quoted(keyword),
                    host.name(),
                    host.instead(keyword)
                ),
            );
        }
    }
    if host == Host::OpenAiStrict {
        strict_object(map, at, found);
    }
    let len = at.len();
    for (keyword, child) in map {
        let keyword = keyword.as_str();
        if ONE_SCHEMA.contains(&keyword) {
            step(at, keyword);
            walk(child, host, at, found, depth + 1);
            at.truncate(len);
        } else if SCHEMA_ARRAYS.contains(&keyword) {
            for (i, item) in child.as_array().into_iter().flatten().enumerate() {
                step(at, keyword);
                step(at, &i.to_string());
                walk(item, host, at, found, depth + 1);
                at.truncate(len);
            }
        } else if SCHEMA_MAPS.contains(&keyword) && !(keyword == "$defs" && host == Host::Gemini) {
            for (name, item) in child.as_object().into_iter().flatten() {
                step(at, keyword);
                step(at, name);
                walk(item, host, at, found, depth + 1);
                at.truncate(len);
            }
        }
    }
}

/// OpenAI strict mode: every object closed, every property required.
fn strict_object(map: &Map<String, Value>, at: &str, found: &mut Vec<String>) {
    let Some(Value::Object(properties)) = map.get("properties") else {
        return;
    };
    if map.get("additionalProperties") != Some(&Value::Bool(false)) {
        report(
            found,
            at,
            "needs \"additionalProperties\": false for OpenAI strict mode".to_owned(),
        );
    }
    let required: Vec<&str> = map
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let optional: Vec<String> = properties
        .keys()
        .filter(|name| !required.contains(&name.as_str()))
        .map(|name| quoted(name))
        .collect();
    if !optional.is_empty() {
        report(
            found,
            at,
            format!(
                "OpenAI strict mode needs every property required; {} {} optional: make {} nullable and required",
                optional.join(", "),
                if optional.len() == 1 { "is" } else { "are" },
                if optional.len() == 1 { "it" } else { "them" }
            ),
        );
    }
}

fn step(at: &mut String, token: &str) {
    at.push('/');
    escape_into(token, at);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Host, refused_by};

    #[test]
    fn each_host_names_what_it_refuses() {
        let schema = json!({
            "type": "object",
            "properties": {
                "shape": {"oneOf": [{"type": "object"}, {"type": "string"}]},
                "at": {"$ref": "#/$defs/point"},
                "note": {"anyOf": [{"type": "string"}, {"type": "null"}]}
            },
            "required": ["shape", "at", "note"],
            "additionalProperties": false,
            "$defs": {"point": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"], "additionalProperties": false}}
        });
        assert_eq!(refused_by(&schema, Host::Anthropic), Vec::<String>::new());
        assert_eq!(
            refused_by(&schema, Host::OpenAiStrict),
            [
                "at /properties/shape: \"oneOf\" is refused by OpenAI strict mode; use anyOf, or one object with optional fields"
            ]
        );
        assert_eq!(
            refused_by(&schema, Host::Gemini),
            [
                "at /properties/shape: \"oneOf\" is refused by Gemini; state it in the description and check it in the function",
                "at /properties/at: \"$ref\" is refused by Gemini; inline the subschema it points to",
            ]
        );
    }

    #[test]
    fn a_tagged_union_is_refused_by_no_host() {
        let branch = |tag: &str| {
            json!({"type": "object", "properties": {"kind": {"type": "string", "const": tag}},
                "required": ["kind"], "additionalProperties": false})
        };
        let schema = json!({
            "type": "object",
            "properties": {"to": {"oneOf": [branch("email"), branch("log")]}},
            "required": ["to"],
            "additionalProperties": false
        });
        for host in [Host::Anthropic, Host::OpenAiStrict, Host::Gemini] {
            assert_eq!(refused_by(&schema, host), Vec::<String>::new(), "{host:?}");
        }
    }

    #[test]
    fn a_root_union_is_refused_by_anthropic_and_openai_strict() {
        let schema = json!({"anyOf": [{"type": "object"}, {"type": "object"}]});
        assert_eq!(
            refused_by(&schema, Host::Anthropic),
            [
                "the root is a union (\"anyOf\"), which Anthropic refuses; make the root one object with a property per alternative",
                "the root must have \"type\": \"object\" for Anthropic",
            ]
        );
        assert_eq!(refused_by(&schema, Host::OpenAiStrict).len(), 2);
    }

    #[test]
    fn openai_strict_wants_closed_objects_with_every_property_required() {
        let schema = json!({
            "type": "object",
            "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
            "required": ["a"]
        });
        assert_eq!(
            refused_by(&schema, Host::OpenAiStrict),
            [
                "needs \"additionalProperties\": false for OpenAI strict mode",
                "OpenAI strict mode needs every property required; \"b\" is optional: make it nullable and required",
            ]
        );
    }
}
