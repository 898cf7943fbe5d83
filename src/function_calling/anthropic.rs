//! Anthropic: `tools` with `input_schema` and `tool_use` dispatch.

use serde_json::{Value, json};
use toolsmith_runtime::{Content, ToolSet};

use super::{Args, call_field};
use crate::host::{map_schema, result_text};

/// Keywords that only annotate the document; no host needs them in a
/// declaration.
const META_KEYWORDS: &[&str] = &["$schema", "$comment", "$id"];

/// The `tools` array of a Messages request:
/// `[{"name", "description", "input_schema"}]`.
pub fn tools<C>(set: &ToolSet<C>) -> Value {
    set.tools()
        .map(|tool| {
            json!({
                "name": tool.name(),
                "description": tool.description(),
                "input_schema": input_schema(tool.input_schema()),
            })
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
/// `input` is capped at 1 MiB.
pub async fn dispatch<C>(set: &ToolSet<C>, tool_use: &Value, ctx: C) -> Value {
    dispatch_with_limit(set, tool_use, ctx, set.limits().max_bytes).await
}

/// [`dispatch`] with `input` capped at `max_payload` bytes.
pub async fn dispatch_with_limit<C>(
    set: &ToolSet<C>,
    tool_use: &Value,
    ctx: C,
    max_payload: usize,
) -> Value {
    let id = tool_use.get("id").cloned().unwrap_or(Value::Null);
    let reply = match call_field(tool_use, "name", "name") {
        Ok(name) => {
            let args = Args::from_payload(tool_use.get("input"), max_payload);
            super::run(set, name, args, ctx).await
        }
        Err(line) => Err(line),
    };
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
