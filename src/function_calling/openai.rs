//! OpenAI: `tools` in strict mode and `tool_calls` dispatch.
//!
//! Strict mode wants every property listed in `required`; an optional
//! parameter is declared nullable instead, and the model sends `null` for
//! it. Dispatch drops those `null`s again before validating, so the tool
//! sees the parameter absent, as on every other host. Strict mode has no
//! `oneOf`: a tagged enum's alternatives are sent as `anyOf`, which the
//! `const` tags keep exclusive.

use serde_json::{Map, Value, json};
use toolsmith_runtime::portable::{tagged_as_any_of, union_tag};
use toolsmith_runtime::{JsonLimits, ToolInputError, ToolSet, parse_json_text};

use super::{Args, STRICT_FORMATS, call_field};
use crate::host::{append_description, map_schema, result_text, spell_out_format, types};

/// The `tools` array of a Chat Completions request, strict mode:
/// `[{"type": "function", "function": {"name", "description", "parameters", "strict": true}}]`.
pub fn tools<C>(set: &ToolSet<C>) -> Value {
    set.tools()
        .map(|tool| {
            json!({
                "type": "function",
                "function": {
                    "name": tool.name(),
                    "description": tool.description(),
                    "parameters": strict_schema(tool.input_schema()),
                    "strict": true,
                }
            })
        })
        .collect()
}

/// Keywords strict mode accepts; the rest are left out of the declaration
/// (and still enforced, against the canonical schema, on every call).
const STRICT_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "description",
    "title",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
];

/// The canonical schema rewritten for strict mode: every object closed,
/// every property required, the optional ones nullable, keywords strict
/// mode refuses left out, and a `format` it does not take (a URL's `uri`)
/// spelled out in the description. Strict mode refuses `default`, so a
/// default is stated in the description instead (`Default: 10 (null means
/// the default)`): `null` for an optional parameter means absent, and an
/// absent parameter takes its default.
pub fn strict_schema(canonical: &Value) -> Value {
    // Strict mode has no `oneOf`: a tagged union is sent as `anyOf`, which
    // its tags keep exclusive.
    let canonical = map_schema(&tagged_as_any_of(canonical), &spell_out_defaults);
    map_schema(&canonical, &|schema| {
        spell_out_format(schema, STRICT_FORMATS);
        schema.retain(|key, _| STRICT_KEYWORDS.contains(&key.as_str()));
        let required: Vec<String> = match schema.get("required") {
            Some(Value::Array(names)) => names
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect(),
            _ => Vec::new(),
        };
        let Some(Value::Object(props)) = schema.get_mut("properties") else {
            if types(schema).contains(&"object") {
                schema.insert("additionalProperties".into(), Value::Bool(false));
            }
            return;
        };
        for (name, sub) in props.iter_mut() {
            if !required.contains(name) {
                make_nullable(sub);
            }
        }
        let all: Vec<Value> = props.keys().cloned().map(Value::String).collect();
        schema.insert("required".into(), Value::Array(all));
        schema.insert("additionalProperties".into(), Value::Bool(false));
    })
}

/// The `default` of each property of `schema` moved into its description,
/// with what `null` means where the property is optional (and so sent
/// nullable): `Default: 10 (null means the default)`.
fn spell_out_defaults(schema: &mut Map<String, Value>) {
    let required: Vec<Value> = match schema.get("required") {
        Some(Value::Array(names)) => names.clone(),
        _ => Vec::new(),
    };
    let Some(Value::Object(props)) = schema.get_mut("properties") else {
        return;
    };
    for (name, sub) in props.iter_mut() {
        let Some(sub) = sub.as_object_mut() else {
            continue;
        };
        // A `null` default is what the nullable type already says.
        let Some(default) = sub.remove("default").filter(|d| !d.is_null()) else {
            continue;
        };
        let note = if required.iter().any(|n| n.as_str() == Some(name)) {
            format!("Default: {default}")
        } else {
            format!("Default: {default} (null means the default)")
        };
        append_description(sub, &note);
    }
}

/// Lets a subschema also take `null`.
fn make_nullable(schema: &mut Value) {
    let Value::Object(map) = schema else {
        return;
    };
    let null = json!({"type": "null"});
    if let Some(Value::Array(branches)) = map.get("anyOf")
        && branches.contains(&null)
    {
        return;
    }
    if let Some(constant) = map.remove("const") {
        map.insert("enum".into(), json!([constant, null]));
    } else if let Some(Value::Array(values)) = map.get_mut("enum") {
        if !values.contains(&Value::Null) {
            values.push(Value::Null);
        }
    }
    match map.get_mut("type") {
        Some(Value::String(t)) => {
            let t = std::mem::take(t);
            if t != "null" {
                map.insert("type".into(), json!([t, "null"]));
            }
        }
        Some(Value::Array(ts)) => {
            if !ts.contains(&json!("null")) {
                ts.push(json!("null"));
            }
        }
        _ => {
            let description = map.remove("description");
            let inner = Value::Object(std::mem::take(map));
            map.insert("anyOf".into(), json!([inner, {"type": "null"}]));
            if let Some(description) = description {
                map.insert("description".into(), description);
            }
        }
    }
}

/// Answers one entry of an assistant message's `tool_calls` with the `tool`
/// message to send back, arguments capped by the set's
/// [`Limits`](crate::Limits) (1 MiB by default).
///
/// Takes the Chat Completions shape
/// (`{"id", "type": "function", "function": {"name", "arguments"}}` →
/// `{"role": "tool", "tool_call_id", "content"}`) and the Responses shape
/// (`{"type": "function_call", "call_id", "name", "arguments"}` →
/// `{"type": "function_call_output", "call_id", "output"}`).
pub async fn dispatch<C>(set: &ToolSet<C>, tool_call: &Value, ctx: C) -> Value {
    let max_payload = set.limits().max_bytes;
    let responses = tool_call.get("type").and_then(Value::as_str) == Some("function_call");
    let text = match function(tool_call, responses) {
        Err(line) => line,
        Ok((function, name)) => {
            let args = parse_arguments(function.get("arguments"), max_payload);
            let args = match (args, set.tool(name)) {
                (Args::Value(mut value), Ok(tool)) => {
                    drop_nulls(tool.input_schema(), &mut value);
                    Args::Value(value)
                }
                (args, _) => args,
            };
            match super::run(set, (name, "openai"), args, ctx).await {
                Ok(value) => result_text(&value),
                Err(lines) => lines,
            }
        }
    };
    if responses {
        json!({
            "type": "function_call_output",
            "call_id": tool_call.get("call_id").cloned().unwrap_or(Value::Null),
            "output": text,
        })
    } else {
        json!({
            "role": "tool",
            "tool_call_id": tool_call.get("id").cloned().unwrap_or(Value::Null),
            "content": text,
        })
    }
}

/// The object holding `name` and `arguments` (the call itself in the
/// Responses shape, its `function` in Chat Completions) and the name, or
/// the line for a call that has neither.
fn function(tool_call: &Value, responses: bool) -> Result<(&Value, &str), String> {
    if responses {
        return call_field(tool_call, "name", "name").map(|name| (tool_call, name));
    }
    match tool_call.get("function") {
        Some(function @ Value::Object(_)) => {
            call_field(function, "name", "function.name").map(|name| (function, name))
        }
        None | Some(Value::Null) => Err("Invalid tool call: missing \"function\"".to_owned()),
        Some(_) => Err("Invalid tool call: \"function\" must be an object".to_owned()),
    }
}

/// `arguments` is a string of JSON, read by the runtime's parser (a key
/// sent twice, a number out of range or nesting past 128 levels is refused
/// with a line); the empty string means no arguments.
fn parse_arguments(arguments: Option<&Value>, max_payload: usize) -> Args {
    match arguments {
        None | Some(Value::Null) => Args::Value(Value::Null),
        Some(Value::String(text)) if text.len() > max_payload => Args::Refused(format!(
            "Invalid arguments: larger than the limit of {max_payload} bytes"
        )),
        Some(Value::String(text)) if text.trim().is_empty() => Args::Value(Value::Null),
        Some(Value::String(text)) => match parse_json_text(text, &JsonLimits::default()) {
            Ok(value) => Args::Value(value),
            // The words `toolsmith::validate_input_str` uses.
            Err(err) => Args::Refused(ToolInputError::not_json(&err).to_string()),
        },
        Some(value) => Args::from_payload(Some(value), max_payload),
    }
}

/// Removes the `null` a strict-mode model sends for an optional property,
/// where the canonical schema does not itself take `null`.
fn drop_nulls(schema: &Value, value: &mut Value) {
    let Value::Object(schema) = schema else {
        return;
    };
    match value {
        Value::Object(object) => {
            // A tagged union: the alternative the call's tag names.
            if let Some(tag) = union_tag(schema) {
                let branches = ["oneOf", "anyOf"]
                    .iter()
                    .find_map(|key| schema.get(*key))
                    .and_then(Value::as_array);
                let sent = object.get(tag).cloned();
                let named = branches.into_iter().flatten().find(|branch| {
                    sent.is_some() && branch["properties"][tag].get("const") == sent.as_ref()
                });
                if let Some(branch) = named {
                    drop_nulls(branch, value);
                }
                return;
            }
            let Some(Value::Object(props)) = schema.get("properties") else {
                return;
            };
            let required = |name: &str| {
                schema
                    .get("required")
                    .and_then(Value::as_array)
                    .is_some_and(|names| names.iter().any(|n| n == name))
            };
            object.retain(|name, item| {
                !(item.is_null()
                    && !required(name)
                    && props.get(name).is_some_and(|sub| !takes_null(sub)))
            });
            for (name, item) in object.iter_mut() {
                if let Some(sub) = props.get(name) {
                    drop_nulls(sub, item);
                }
            }
        }
        Value::Array(items) => {
            if let Some(sub) = schema.get("items") {
                for item in items {
                    drop_nulls(sub, item);
                }
            }
        }
        _ => {}
    }
}

/// Whether a subschema accepts `null` (by its `type`, `enum` or `const`).
fn takes_null(schema: &Value) -> bool {
    let Value::Object(map) = schema else {
        return schema != &Value::Bool(false);
    };
    if let Some(constant) = map.get("const") {
        return constant.is_null();
    }
    if let Some(Value::Array(values)) = map.get("enum") {
        return values.contains(&Value::Null);
    }
    let types = types(map);
    types.is_empty() && !map.contains_key("anyOf") || types.contains(&"null")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_properties_become_required_and_nullable() {
        let canonical = json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "minLength": 1},
                "limit": {"type": "integer", "minimum": 1, "maximum": 50},
                "mode": {"enum": ["a", "b"], "type": "string"}
            },
            "required": ["query"],
            "additionalProperties": false
        });
        assert_eq!(
            strict_schema(&canonical),
            json!({
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "limit": {"type": ["integer", "null"], "minimum": 1, "maximum": 50},
                    "mode": {"enum": ["a", "b", null], "type": ["string", "null"]}
                },
                "required": ["query", "limit", "mode"],
                "additionalProperties": false
            })
        );
    }

    #[test]
    fn nulls_for_optional_properties_are_dropped() {
        let schema = json!({
            "type": "object",
            "properties": {"q": {"type": "string"}, "n": {"type": "integer"}},
            "required": ["q"]
        });
        let mut value = json!({"q": null, "n": null});
        drop_nulls(&schema, &mut value);
        assert_eq!(value, json!({"q": null}));
    }

    #[test]
    fn arguments_are_parsed_with_a_position() {
        let Args::Refused(line) = parse_arguments(Some(&json!("{\"a\": ")), 100) else {
            panic!("expected a refusal");
        };
        assert_eq!(
            line,
            "Invalid arguments: not valid JSON: unexpected end of input at line 1 column 6"
        );
        let Args::Refused(line) = parse_arguments(Some(&json!("x".repeat(101))), 100) else {
            panic!("expected a refusal");
        };
        assert_eq!(
            line,
            "Invalid arguments: larger than the limit of 100 bytes"
        );
    }
}
