//! Anthropic: `tools` with `input_schema` and `tool_use` dispatch.

use serde_json::{Value, json};
use toolsmith_runtime::{Content, ToolSet};

use super::STRICT_FORMATS;
use crate::host::{map_schema, result_text};

/// Keywords that only annotate the document, and MCP's `x-mcp-header`;
/// no function-calling host needs them in a declaration.
const META_KEYWORDS: &[&str] = &["$schema", "$comment", "$id", "x-mcp-header"];

/// The keywords strict tool use takes (Anthropic's "JSON Schema
/// limitations" of structured outputs): no numeric bounds, no lengths, no
/// item counts past `minItems: 1`, no `$ref` this crate would have to prove
/// is not recursive.
const STRICT_KEYWORDS: &[&str] = &[
    "type",
    "description",
    "enum",
    "const",
    "default",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "minItems",
    "anyOf",
    "allOf",
    "format",
    "pattern",
];

/// The most optional properties, and properties with `anyOf` or a list of
/// types, strict tool use takes (across a request; here, in one tool).
const STRICT_MAX_OPTIONAL: usize = 24;
const STRICT_MAX_UNIONS: usize = 16;

/// The `tools` array of a Messages request:
/// `[{"name", "description", "input_schema"}]`, with `"strict": true` on
/// each tool whose schema strict tool use takes as it is (see
/// [`is_strict`]), so that Claude's input is sampled to match it. The
/// others go without `strict`: their bounds are still checked here, on
/// every call.
pub fn tools<C>(set: &ToolSet<C>) -> Value {
    set.tools()
        .map(|tool| {
            let schema = input_schema(tool.input_schema());
            let mut declared = json!({
                "name": tool.name(),
                "description": tool.description(),
                "input_schema": schema,
            });
            if is_strict(&declared["input_schema"]) {
                declared["strict"] = Value::Bool(true);
            }
            declared
        })
        .collect()
}

/// The canonical schema as Anthropic takes it: the same, less the
/// `$schema`-style keywords that only annotate the document. A tagged
/// enum's `oneOf` is sent as it is: Anthropic refuses a union only at the
/// root, where a tool's arguments never have one.
pub fn input_schema(canonical: &Value) -> Value {
    map_schema(canonical, &|schema| {
        schema.retain(|key, _| !META_KEYWORDS.contains(&key.as_str()));
    })
}

/// Whether strict tool use takes `schema` (an [`input_schema`]) as it is:
/// every object closed with `additionalProperties: false`, only the
/// keywords of its subset (no `minimum`/`maximum`, `minLength`/`maxLength`,
/// `maxItems`, `multipleOf`, `uniqueItems`, `$ref`), `minItems` 0 or 1,
/// formats it knows, patterns without backreferences, lookaround or
/// `\b`, at most 24 optional properties and 16 unions.
///
/// ```
/// use serde_json::json;
/// use toolsmith::function_calling::anthropic::is_strict;
///
/// let closed = json!({"type": "object", "properties": {"q": {"type": "string"}},
///                     "required": ["q"], "additionalProperties": false});
/// assert!(is_strict(&closed));
/// let bounded = json!({"type": "object", "properties": {"n": {"type": "integer", "maximum": 5}},
///                      "required": ["n"], "additionalProperties": false});
/// assert!(!is_strict(&bounded));
/// ```
pub fn is_strict(schema: &Value) -> bool {
    let mut counts = StrictCounts::default();
    strict_subschema(schema, &mut counts)
        && counts.optional <= STRICT_MAX_OPTIONAL
        && counts.unions <= STRICT_MAX_UNIONS
}

#[derive(Default)]
struct StrictCounts {
    optional: usize,
    unions: usize,
}

fn strict_subschema(schema: &Value, counts: &mut StrictCounts) -> bool {
    let Value::Object(map) = schema else {
        return false;
    };
    if !map
        .keys()
        .all(|key| STRICT_KEYWORDS.contains(&key.as_str()))
    {
        return false;
    }
    let is_object = map.contains_key("properties") || crate::host::types(map).contains(&"object");
    if is_object && map.get("additionalProperties") != Some(&Value::Bool(false)) {
        return false;
    }
    if map
        .get("minItems")
        .is_some_and(|n| n.as_u64().is_none_or(|n| n > 1))
    {
        return false;
    }
    if let Some(format) = map.get("format")
        && !format
            .as_str()
            .is_some_and(|f| f == "uri" || STRICT_FORMATS.contains(&f))
    {
        return false;
    }
    if let Some(pattern) = map.get("pattern")
        && !pattern.as_str().is_some_and(simple_pattern)
    {
        return false;
    }
    if map.contains_key("anyOf") || matches!(map.get("type"), Some(Value::Array(_))) {
        counts.unions += 1;
    }
    if let Some(Value::Object(props)) = map.get("properties") {
        let required = map.get("required").and_then(Value::as_array);
        let is_required = |name: &str| required.is_some_and(|r| r.iter().any(|n| n == name));
        counts.optional += props.keys().filter(|name| !is_required(name)).count();
        if !props.values().all(|sub| strict_subschema(sub, counts)) {
            return false;
        }
    }
    if let Some(items) = map.get("items")
        && !strict_subschema(items, counts)
    {
        return false;
    }
    ["anyOf", "allOf"]
        .iter()
        .all(|keyword| match map.get(*keyword) {
            None => true,
            Some(Value::Array(branches)) => {
                branches.iter().all(|sub| strict_subschema(sub, counts))
            }
            Some(_) => false,
        })
}

/// A pattern strict tool use compiles: no backreferences, lookaround or
/// word boundaries.
fn simple_pattern(pattern: &str) -> bool {
    const REFUSED: &[&str] = &["(?=", "(?!", "(?<=", "(?<!", "\\b", "\\B", "\\k<"];
    let backreference = pattern
        .as_bytes()
        .windows(2)
        .any(|pair| pair[0] == b'\\' && pair[1].is_ascii_digit() && pair[1] != b'0');
    !backreference && !REFUSED.iter().any(|refused| pattern.contains(refused))
}

/// A block of a [`Content`] result as Anthropic's: text and images as
/// they are (`{"type": "image", "source": {"type": "base64", ..}}`), any
/// other block as a text block naming it.
fn content_block(block: &Value) -> Value {
    match block.get("type").and_then(Value::as_str) {
        Some("image") => json!({
            "type": "image",
            "source": {"type": "base64", "media_type": block["mimeType"], "data": block["data"]}
        }),
        Some("text") => json!({"type": "text", "text": block["text"]}),
        _ => json!({"type": "text", "text": Content::text_of(std::slice::from_ref(block))}),
    }
}

/// Answers a `tool_use` content block
/// (`{"type": "tool_use", "id", "name", "input"}`) with the `tool_result`
/// block to send back in the next user message:
/// `{"type": "tool_result", "tool_use_id", "content"}`, with
/// `"is_error": true` when the input was refused or the tool failed.
/// A [`Content`] result is a list of blocks, its images as image blocks.
/// `input` is capped by the set's [`Limits`](crate::Limits) (1 MiB by
/// default).
pub async fn dispatch<C>(set: &ToolSet<C>, tool_use: &Value, ctx: C) -> Value {
    let max_payload = set.limits().max_bytes;
    let id = tool_use.get("id").cloned().unwrap_or(Value::Null);
    let (_, reply) =
        super::run_named(set, tool_use, ("input", "anthropic"), max_payload, ctx).await;
    match reply {
        Ok(value) => json!({
            "type": "tool_result",
            "tool_use_id": id,
            "content": match Content::blocks_of(&value) {
                Some(blocks) => Value::Array(blocks.iter().map(content_block).collect()),
                None => Value::from(result_text(&value)),
            },
        }),
        Err(lines) => json!({
            "type": "tool_result",
            "tool_use_id": id,
            "content": lines,
            "is_error": true,
        }),
    }
}
