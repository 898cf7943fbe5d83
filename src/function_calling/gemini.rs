//! Gemini: `function_declarations` with the `parameters` schema subset and
//! `functionCall` dispatch.

use serde_json::{Map, Value, json};
use toolsmith_runtime::ToolSet;
use toolsmith_runtime::portable::tagged_as_any_of;

use crate::host::{self, append_description, map_schema, spell_out_format, types};

/// The `tools` array of a `generateContent` request:
/// `[{"function_declarations": [{"name", "description", "parameters"}]}]`.
pub fn tools<C>(set: &ToolSet<C>) -> Value {
    let declarations: Vec<Value> = set
        .tools()
        .map(|tool| {
            json!({
                "name": tool.name(),
                "description": tool.description(),
                "parameters": parameters(tool.input_schema()),
            })
        })
        .collect();
    json!([{ "function_declarations": declarations }])
}

/// The `format`s the `parameters` subset takes: a string's `date-time`
/// (and `enum`), a number's widths. Any other moves into the description.
const FORMATS: &[&str] = &["date-time", "enum", "float", "double", "int32", "int64"];

/// Keywords of the `parameters` subset (an OpenAPI 3.0 schema object).
const PARAMETER_KEYWORDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "default",
    "enum",
    "properties",
    "required",
    "items",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "anyOf",
];

/// The canonical schema rewritten to the `parameters` subset: no
/// `additionalProperties`; `const` becomes a one-value `enum`; a type list
/// with `"null"` becomes `nullable`; exclusive integer bounds become
/// inclusive ones; `null` in an enum becomes `nullable`; enums of anything
/// but strings move into the description, and so does a `format` the
/// subset does not take (all but `date-time` of a string's); an empty
/// `required` is left out; a tagged union's `oneOf` becomes `anyOf` (the
/// tags keep its alternatives exclusive), its `null` alternative
/// `nullable`.
/// The canonical schema is still the one every call is validated against.
pub fn parameters(canonical: &Value) -> Value {
    // No `oneOf` in the subset: a tagged union is sent as `anyOf`, which
    // its tags keep exclusive (read before the rewriting drops `const`).
    map_schema(&tagged_as_any_of(canonical), &|schema| {
        // The `null` alternative of an `Option` of a union.
        let null = json!({"type": "null"});
        if let Some(Value::Array(branches)) = schema.get_mut("anyOf")
            && branches.contains(&null)
        {
            branches.retain(|branch| *branch != null);
            schema.insert("nullable".into(), Value::Bool(true));
        }
        if let Some(constant) = schema.remove("const") {
            schema.insert("enum".into(), Value::Array(vec![constant]));
        }
        rewrite_types(schema);
        rewrite_exclusive_bounds(schema);
        spell_out_format(schema, FORMATS);
        if let Some(Value::Array(values)) = schema.get_mut("enum") {
            if values.contains(&Value::Null) {
                values.retain(|v| !v.is_null());
                schema.insert("nullable".into(), Value::Bool(true));
            }
        }
        if schema
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(Vec::is_empty)
        {
            schema.remove("required");
        }
        if let Some(Value::Array(values)) = schema.get("enum") {
            if !values.iter().all(Value::is_string) {
                let listed: Vec<String> = values.iter().map(Value::to_string).collect();
                let note = format!("One of: {}", listed.join(", "));
                schema.remove("enum");
                append_description(schema, &note);
            }
        }
        schema.retain(|key, _| PARAMETER_KEYWORDS.contains(&key.as_str()));
    })
}

/// `"type": ["integer", "null"]` → `"type": "integer", "nullable": true`.
fn rewrite_types(schema: &mut Map<String, Value>) {
    let Some(Value::Array(_)) = schema.get("type") else {
        return;
    };
    let listed: Vec<String> = types(schema).into_iter().map(str::to_owned).collect();
    let nullable = listed.iter().any(|t| t == "null");
    let rest: Vec<&String> = listed.iter().filter(|t| *t != "null").collect();
    match rest.as_slice() {
        [] => {
            schema.remove("type");
        }
        [one] => {
            schema.insert("type".into(), Value::String((*one).clone()));
        }
        many => {
            schema.remove("type");
            let alternatives: Vec<Value> = many.iter().map(|t| json!({ "type": t })).collect();
            schema.insert("anyOf".into(), Value::Array(alternatives));
        }
    }
    if nullable {
        schema.insert("nullable".into(), Value::Bool(true));
    }
}

/// `exclusiveMinimum: 0` on an integer is `minimum: 1`; on other numbers
/// the bound is only enforced, not advertised.
fn rewrite_exclusive_bounds(schema: &mut Map<String, Value>) {
    let integer = types(schema) == ["integer"];
    for (exclusive, inclusive, step) in [
        ("exclusiveMinimum", "minimum", 1),
        ("exclusiveMaximum", "maximum", -1),
    ] {
        let Some(bound) = schema.remove(exclusive) else {
            continue;
        };
        if !integer || schema.contains_key(inclusive) {
            continue;
        }
        let moved = match (bound.as_i64(), bound.as_f64()) {
            (Some(n), _) => n.checked_add(step).map(Value::from),
            (None, Some(x)) if step > 0 => Some(Value::from(x.floor() as i64 + 1)),
            (None, Some(x)) => Some(Value::from(x.ceil() as i64 - 1)),
            _ => None,
        };
        if let Some(moved) = moved {
            schema.insert(inclusive.into(), moved);
        }
    }
}

/// Answers a `functionCall` part (`{"functionCall": {"name", "args", "id"}}`,
/// or the inner object alone) with the `functionResponse` part to send back:
/// `{"functionResponse": {"name", "response": {"output": …}}}`, or
/// `{"response": {"error": "<lines>"}}` when the input was refused or the
/// tool failed. `args` is capped by the set's
/// [`Limits`](crate::Limits) (1 MiB by default).
pub async fn dispatch<C>(set: &ToolSet<C>, function_call: &Value, ctx: C) -> Value {
    let max_payload = set.limits().max_bytes;
    let call = function_call.get("functionCall").unwrap_or(function_call);
    let (name, reply) = super::run_named(set, call, ("args", "gemini"), max_payload, ctx).await;
    let response = match reply {
        Ok(value) => json!({ "output": host::plain_result(value) }),
        Err(lines) => json!({ "error": lines }),
    };
    let mut reply = Map::new();
    if let Some(id) = call.get("id") {
        reply.insert("id".into(), id.clone());
    }
    // The name of a registered tool as it is; any other, as a line may
    // repeat it (sanitized, cut short).
    let shown = if set.contains(name) {
        name.to_owned()
    } else {
        host::name(name)
    };
    reply.insert("name".into(), Value::String(shown));
    reply.insert("response".into(), response);
    json!({ "functionResponse": reply })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_to_the_parameters_subset() {
        let canonical = json!({
            "type": "object",
            "properties": {
                "kind": {"const": "point"},
                "n": {"type": ["integer", "null"], "exclusiveMinimum": 0},
                "level": {"enum": [1, 2]}
            },
            "required": ["kind"],
            "additionalProperties": false
        });
        assert_eq!(
            parameters(&canonical),
            json!({
                "type": "object",
                "properties": {
                    "kind": {"enum": ["point"]},
                    "n": {"type": "integer", "nullable": true, "minimum": 1},
                    "level": {"description": "One of: 1, 2"}
                },
                "required": ["kind"]
            })
        );
    }
}
