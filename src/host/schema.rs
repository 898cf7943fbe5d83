//! Walking a canonical schema, for the rewritten copies hosts advertise
//! (OpenAI strict mode, Anthropic, Gemini's `parameters`) and the flags a
//! command line derives from it.

use serde_json::{Map, Value};

/// Applies `rewrite` to every subschema of `schema`, innermost first.
pub(crate) fn map_schema(schema: &Value, rewrite: &impl Fn(&mut Map<String, Value>)) -> Value {
    let Value::Object(map) = schema else {
        return schema.clone();
    };
    let mut out = Map::with_capacity(map.len());
    for (key, value) in map {
        let value = match (key.as_str(), value) {
            ("properties", Value::Object(props)) => Value::Object(
                props
                    .iter()
                    .map(|(name, sub)| (name.clone(), map_schema(sub, rewrite)))
                    .collect(),
            ),
            ("items" | "additionalProperties" | "not", sub @ Value::Object(_)) => {
                map_schema(sub, rewrite)
            }
            ("anyOf" | "oneOf" | "allOf" | "prefixItems", Value::Array(subs)) => {
                Value::Array(subs.iter().map(|sub| map_schema(sub, rewrite)).collect())
            }
            _ => value.clone(),
        };
        out.insert(key.clone(), value);
    }
    rewrite(&mut out);
    Value::Object(out)
}

/// The JSON types a subschema's `type` names (empty when it names none).
pub(crate) fn types(schema: &Map<String, Value>) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// [`types`] of a schema given as a value (none for a boolean schema).
#[cfg(feature = "cli")]
pub(crate) fn types_of(schema: &Value) -> Vec<&str> {
    schema.as_object().map_or_else(Vec::new, types)
}

/// The canonical schema less MCP's own keyword, `x-mcp-header` (the HTTP
/// header an MCP client copies an argument into), for hosts that are not
/// MCP.
#[cfg(feature = "rig")]
pub(crate) fn without_mcp_keywords(schema: &Value) -> Value {
    map_schema(schema, &|schema| {
        schema.remove("x-mcp-header");
    })
}
