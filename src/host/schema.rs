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

/// A `format` outside `kept` (the values the host takes) moved into the
/// description, spelled out: `Format: a UUID, e.g. ".."`. The validator
/// still runs the parser behind it on every call.
pub(crate) fn spell_out_format(schema: &mut Map<String, Value>, kept: &[&str]) {
    let Some(Value::String(format)) = schema.get("format") else {
        return;
    };
    if kept.contains(&format.as_str()) {
        return;
    }
    let note = toolsmith_runtime::portable::spelled_format(format)
        .unwrap_or_else(|| format!("Format: {format}"));
    schema.remove("format");
    append_description(schema, &note);
}

/// `note` on a line of its own after the description `schema` has.
pub(crate) fn append_description(schema: &mut Map<String, Value>, note: &str) {
    let text = match schema.get("description").and_then(Value::as_str) {
        Some(existing) if !existing.is_empty() => format!("{existing}\n{note}"),
        _ => note.to_owned(),
    };
    schema.insert("description".into(), Value::String(text));
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
