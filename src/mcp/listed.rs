//! A tool as `tools/list` describes it: name, title, description,
//! `inputSchema`, `outputSchema` where MCP can carry it, and the tool's
//! hints as annotations.

use std::sync::Arc;

use serde_json::{Map, Value, json};
use toolsmith_runtime::{ToolAnnotations, ToolRef};

/// A tool as `tools/list` describes it.
pub(crate) fn describe(tool: &ToolRef<'_>) -> rmcp::model::Tool {
    let mut listed = rmcp::model::Tool::new(
        tool.name().to_owned(),
        tool.description().to_owned(),
        Arc::new(as_object(tool.input_schema())),
    );
    if let Some(output) = object_output(tool) {
        listed = listed.with_raw_output_schema(Arc::new(as_object(output)));
    }
    let hints = tool.annotations();
    // The title is the tool's own (`title`) and, for older clients, a hint.
    listed.title = hints.title.as_ref().map(|title| title.to_string());
    if !hints.is_empty() {
        listed = listed.with_annotations(annotations(hints));
    }
    listed
}

/// The hints as MCP tool annotations.
fn annotations(hints: &ToolAnnotations) -> rmcp::model::ToolAnnotations {
    let mut out = rmcp::model::ToolAnnotations::new();
    out.title = hints.title.as_ref().map(|title| title.to_string());
    out.read_only_hint = hints.read_only;
    out.destructive_hint = hints.destructive;
    out.idempotent_hint = hints.idempotent;
    out.open_world_hint = hints.open_world;
    out
}

/// The output schema where MCP can carry it: `structuredContent` is an
/// object (through protocol version 2025-11-25), so only object schemas are
/// advertised; other results travel as text alone.
pub(crate) fn object_output<'a>(tool: &ToolRef<'a>) -> Option<&'a Value> {
    tool.output_schema()
        .filter(|schema| schema.get("type") == Some(&json!("object")))
}

/// A schema as a JSON object; `true` is `{}`, `false` is `{"not": {}}`.
fn as_object(schema: &Value) -> Map<String, Value> {
    match schema {
        Value::Object(map) => map.clone(),
        Value::Bool(false) => Map::from_iter([("not".to_owned(), json!({}))]),
        _ => Map::new(),
    }
}
