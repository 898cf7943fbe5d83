//! A parameter with a default states it in every host's declaration:
//! `default` in MCP's `tools/list`, Anthropic's `input_schema` and Gemini's
//! `parameters`; in OpenAI's strict `parameters`, which refuse `default`,
//! the description says it, and that `null` (the optional parameter sent
//! absent) means the default. Exact JSON, as each host receives it.

use serde_json::{Value, json};
use toolsmith::function_calling::{anthropic, gemini, openai};
use toolsmith::mcp::McpServer;
use toolsmith::{ToolSet, tool};

/// Lists open issues.
#[tool]
fn list_issues(
    /// Which label to list.
    label: String,
    /// How many issues at most.
    #[arg(min = 1, max = 100, default = 20)]
    limit: u32,
    /// Whether closed ones count.
    #[serde(default)]
    closed: bool,
) -> String {
    format!("{label} {limit} {closed}")
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(ListIssues).unwrap();
    tools
}

#[test]
fn openai_strict_states_the_default_and_what_null_means_in_the_description() {
    assert_eq!(
        openai::tools(&tools())[0]["function"]["parameters"],
        json!({
            "type": "object",
            "properties": {
                "label": {"type": "string", "description": "Which label to list."},
                "limit": {
                    "type": ["integer", "null"],
                    "description": "How many issues at most.\nDefault: 20 (null means the default)",
                    "minimum": 1,
                    "maximum": 100
                },
                "closed": {
                    "type": ["boolean", "null"],
                    "description": "Whether closed ones count.\nDefault: false (null means the default)"
                }
            },
            "required": ["label", "limit", "closed"],
            "additionalProperties": false
        })
    );
}

#[test]
fn anthropic_states_the_default() {
    assert_eq!(
        anthropic::tools(&tools())[0]["input_schema"],
        json!({
            "type": "object",
            "properties": {
                "label": {"type": "string", "description": "Which label to list."},
                "limit": {
                    "type": "integer",
                    "description": "How many issues at most.",
                    "minimum": 1,
                    "maximum": 100,
                    "default": 20
                },
                "closed": {"type": "boolean", "description": "Whether closed ones count.", "default": false}
            },
            "required": ["label"],
            "additionalProperties": false
        })
    );
}

#[test]
fn gemini_states_the_default() {
    assert_eq!(
        gemini::tools(&tools())[0]["function_declarations"][0]["parameters"],
        json!({
            "type": "object",
            "properties": {
                "label": {"type": "string", "description": "Which label to list."},
                "limit": {
                    "type": "integer",
                    "description": "How many issues at most.",
                    "minimum": 1,
                    "maximum": 100,
                    "default": 20
                },
                "closed": {"type": "boolean", "description": "Whether closed ones count.", "default": false}
            },
            "required": ["label"]
        })
    );
}

#[tokio::test]
async fn mcp_tools_list_states_the_default() {
    let answers = crate::mcp_metadata::exchange(
        McpServer::new(tools()),
        &[
            json!({
                "jsonrpc": "2.0", "id": 0, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                           "clientInfo": {"name": "test", "version": "1"}}
            }),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        ],
    )
    .await;
    let schema: &Value = &answers[1]["result"]["tools"][0]["inputSchema"];
    assert_eq!(
        schema["properties"],
        json!({
            "label": {"type": "string", "description": "Which label to list."},
            "limit": {
                "type": "integer",
                "description": "How many issues at most.",
                "minimum": 1,
                "maximum": 100,
                "default": 20
            },
            "closed": {"type": "boolean", "description": "Whether closed ones count.", "default": false}
        })
    );
    assert_eq!(schema["required"], json!(["label"]));
}

/// The null OpenAI sends for a defaulted parameter reaches the function as
/// the default the declaration states.
#[tokio::test]
async fn an_openai_null_reaches_the_function_as_the_stated_default() {
    let call = json!({
        "id": "call_1",
        "type": "function",
        "function": {"name": "list_issues", "arguments": "{\"label\": \"bug\", \"limit\": null, \"closed\": null}"}
    });
    let reply = openai::dispatch(&tools(), &call, ()).await;
    assert_eq!(
        reply,
        json!({"role": "tool", "tool_call_id": "call_1", "content": "bug 20 false"})
    );
}
