//! A tool as `tools/list` describes it: name, title, description,
//! `inputSchema`, `outputSchema`, the tool's hints as annotations, its
//! `icons` and its `_meta`.

use std::sync::Arc;

use serde_json::{Map, Value, json};
use toolsmith_runtime::{ToolAnnotations, ToolIcon, ToolRef};

/// A tool as `tools/list` describes it.
pub(crate) fn describe(tool: &ToolRef<'_>) -> rmcp::model::Tool {
    let mut listed = rmcp::model::Tool::new(
        tool.name().to_owned(),
        tool.description().to_owned(),
        Arc::new(as_object(tool.input_schema())),
    );
    // Any schema: rmcp drops one whose root is no object for a client on a
    // protocol version before 2026-07-28, which reads objects only.
    if let Some(output) = tool.output_schema() {
        listed = listed.with_raw_output_schema(Arc::new(as_object(output)));
    }
    let hints = &tool.hints().annotations;
    // The title is the tool's own (`title`) and, for older clients, a hint.
    listed.title = hints.title.as_ref().map(|title| title.to_string());
    let annotations = annotations(hints);
    if annotations != rmcp::model::ToolAnnotations::new() {
        listed = listed.with_annotations(annotations);
    }
    if !hints.icons.is_empty() {
        listed.icons = Some(hints.icons.iter().map(icon).collect());
    }
    if !hints.meta.is_empty() {
        let meta = hints
            .meta
            .iter()
            .map(|(key, value)| (key.to_string(), value.clone()));
        listed.meta = Some(rmcp::model::MetaObject(meta.collect()));
    }
    listed
}

/// A tool's icon as MCP's.
fn icon(icon: &ToolIcon) -> rmcp::model::Icon {
    let mut out = rmcp::model::Icon::new(icon.src.to_string());
    out.mime_type = icon.mime_type.as_ref().map(|mime| mime.to_string());
    if !icon.sizes.is_empty() {
        out.sizes = Some(icon.sizes.iter().map(|size| size.to_string()).collect());
    }
    out
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

/// A schema as a JSON object; `true` is `{}`, `false` is `{"not": {}}`.
fn as_object(schema: &Value) -> Map<String, Value> {
    match schema {
        Value::Object(map) => map.clone(),
        Value::Bool(false) => Map::from_iter([("not".to_owned(), json!({}))]),
        _ => Map::new(),
    }
}
