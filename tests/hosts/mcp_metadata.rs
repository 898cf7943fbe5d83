//! What an MCP server says about itself and its tools: `serverInfo`
//! (title, description, website, icons), `instructions`, the capabilities
//! (tools and logging), and a tool's `title` at the top level and among
//! its annotations — the exact JSON a client receives.

#![cfg(feature = "mcp")]

use rmcp::model::{Icon, Implementation};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use toolsmith::mcp::McpServer;
use toolsmith::{ToolSet, tool};

/// Finds pages of the handbook.
#[tool(title = "Search the handbook", read_only)]
fn search(query: String) -> String {
    query
}

/// Sends `requests` one per line, and reads as many answers.
pub(crate) async fn exchange(server: McpServer, requests: &[Value]) -> Vec<Value> {
    let (ours, theirs) = tokio::io::duplex(1 << 16);
    let (server_read, server_write) = tokio::io::split(theirs);
    let serving = tokio::spawn(server.serve_lines(server_read, server_write));
    let (read, mut write) = tokio::io::split(ours);
    let mut lines = BufReader::new(read).lines();
    let mut answers = Vec::new();
    for request in requests {
        write
            .write_all(format!("{request}\n").as_bytes())
            .await
            .unwrap();
        if request.get("id").is_some() {
            let line = lines.next_line().await.unwrap().expect("an answer");
            answers.push(serde_json::from_str(&line).unwrap());
        }
    }
    write.shutdown().await.unwrap();
    serving.await.unwrap().unwrap();
    answers
}

#[tokio::test]
async fn initialize_and_tools_list_carry_the_servers_and_the_tools_metadata() {
    let mut tools = ToolSet::new();
    tools.register(Search).unwrap();
    let server = McpServer::new(tools)
        .with_implementation(
            Implementation::new("handbook", "2.0.0")
                .with_title("The handbook")
                .with_description("Searches the team handbook")
                .with_website_url("https://example.com/handbook")
                .with_icons(vec![Icon::new("https://example.com/icon.png")]),
        )
        .with_instructions("Search before you answer questions about the team.");
    let answers = exchange(
        server,
        &[
            json!({
                "jsonrpc": "2.0", "id": 0, "method": "initialize",
                "params": {
                    "protocolVersion": "2025-11-25",
                    "capabilities": {},
                    "clientInfo": {"name": "test", "version": "0"}
                }
            }),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        ],
    )
    .await;
    assert_eq!(
        answers[0]["result"],
        json!({
            "protocolVersion": "2025-11-25",
            "capabilities": {"logging": {}, "tools": {}},
            "serverInfo": {
                "name": "handbook",
                "title": "The handbook",
                "version": "2.0.0",
                "description": "Searches the team handbook",
                "icons": [{"src": "https://example.com/icon.png"}],
                "websiteUrl": "https://example.com/handbook"
            },
            "instructions": "Search before you answer questions about the team."
        })
    );
    let listed = &answers[1]["result"]["tools"][0];
    assert_eq!(listed["title"], json!("Search the handbook"));
    assert_eq!(
        listed["annotations"],
        json!({"title": "Search the handbook", "readOnlyHint": true})
    );
}

/// Deploys a build to a region.
#[tool(
    icon = "https://example.com/deploy.png",
    icon_mime = "image/png",
    icon(src = "https://example.com/deploy.svg", mime = "image/svg+xml", sizes = "any"),
    meta(team = "platform", "com.example/tier" = 2, "com.example/beta" = true)
)]
fn deploy(#[arg(header = "Region")] region: String, build: u32) -> String {
    format!("{build} to {region}")
}

/// Lists the regions.
#[tool]
fn regions() -> Vec<String> {
    vec!["eu".to_owned(), "us".to_owned()]
}

fn metadata_tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(Deploy).unwrap();
    tools.register(Regions).unwrap();
    let rollback = toolsmith::DynamicTool::new(
        "rollback",
        "Rolls a deployment back.",
        json!({"type": "object", "properties": {}, "additionalProperties": false}),
        |_, ()| async { Ok(json!("rolled back")) },
    )
    .with_annotations(
        toolsmith::ToolAnnotations::new()
            .destructive(true)
            .icon(toolsmith::ToolIcon::new("data:image/png;base64,AAAA").sizes(["16x16", "32x32"]))
            .meta("com.example/owner", "ops"),
    );
    tools.register_dynamic(rollback).unwrap();
    tools
}

fn initialize(version: &str) -> Value {
    json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {
            "protocolVersion": version,
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "0"}
        }
    })
}

#[tokio::test]
async fn tools_list_carries_icons_meta_and_the_header_of_a_parameter() {
    let answers = exchange(
        McpServer::new(metadata_tools()),
        &[
            initialize("2025-11-25"),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        ],
    )
    .await;
    assert_eq!(
        answers[1]["result"]["tools"],
        json!([
            {
                "name": "deploy",
                "description": "Deploys a build to a region.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "region": {"type": "string", "x-mcp-header": "Region"},
                        "build": {"type": "integer", "minimum": 0, "maximum": 4294967295u32}
                    },
                    "required": ["region", "build"],
                    "additionalProperties": false
                },
                "icons": [
                    {"src": "https://example.com/deploy.png", "mimeType": "image/png"},
                    {"src": "https://example.com/deploy.svg", "mimeType": "image/svg+xml", "sizes": ["any"]}
                ],
                "_meta": {"team": "platform", "com.example/tier": 2, "com.example/beta": true}
            },
            {
                "name": "regions",
                "description": "Lists the regions.",
                "inputSchema": {"type": "object", "properties": {}, "required": [], "additionalProperties": false}
            },
            {
                "name": "rollback",
                "description": "Rolls a deployment back.",
                "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false},
                "annotations": {"destructiveHint": true},
                "icons": [{"src": "data:image/png;base64,AAAA", "sizes": ["16x16", "32x32"]}],
                "_meta": {"com.example/owner": "ops"}
            }
        ])
    );
}

/// A request of protocol version 2026-07-28, which carries the version
/// and the client's capabilities itself (no `initialize`).
fn request_2026(id: u64, method: &str, params: Value) -> Value {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "0"}
    });
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

#[tokio::test]
async fn structured_content_of_any_type_reaches_a_client_of_2026_07_28() {
    let answers = exchange(
        McpServer::new(metadata_tools()),
        &[
            request_2026(1, "tools/list", json!({})),
            request_2026(2, "tools/call", json!({"name": "regions", "arguments": {}})),
            request_2026(
                3,
                "tools/call",
                json!({"name": "deploy", "arguments": {"region": "eu", "build": 7}}),
            ),
        ],
    )
    .await;
    let listed = &answers[0]["result"];
    // The conservative cache hints rmcp fills in: stale at once, one user's.
    assert_eq!(
        (&listed["ttlMs"], &listed["cacheScope"]),
        (&json!(0), &json!("private"))
    );
    let output_schemas: Vec<&Value> = listed["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| &tool["outputSchema"])
        .collect();
    assert_eq!(
        output_schemas,
        [
            &json!({"type": "string"}),
            &json!({"type": "array", "items": {"type": "string"}}),
            &Value::Null
        ]
    );
    assert_eq!(
        answers[1]["result"],
        json!({
            "resultType": "complete",
            "content": [{"type": "text", "text": "[\"eu\",\"us\"]"}],
            "structuredContent": ["eu", "us"],
            "isError": false
        })
    );
    assert_eq!(
        answers[2]["result"],
        json!({
            "resultType": "complete",
            "content": [{"type": "text", "text": "7 to eu"}],
            "structuredContent": "7 to eu",
            "isError": false
        })
    );
}

#[tokio::test]
async fn a_client_before_2026_07_28_gets_text_for_a_result_that_is_no_object() {
    let answers = exchange(
        McpServer::new(metadata_tools()),
        &[
            initialize("2025-11-25"),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "regions", "arguments": {}}}),
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "deploy", "arguments": {"region": "eu", "build": 7}}}),
        ],
    )
    .await;
    assert_eq!(
        answers[1]["result"],
        json!({"content": [{"type": "text", "text": "[\"eu\",\"us\"]"}], "isError": false})
    );
    assert_eq!(
        answers[2]["result"],
        json!({"content": [{"type": "text", "text": "7 to eu"}], "isError": false})
    );
}

#[tokio::test]
async fn tools_list_carries_the_cache_hint_the_server_gives_to_clients_of_2026_07_28() {
    let server = McpServer::new(metadata_tools()).with_tools_cache(
        std::time::Duration::from_secs(300),
        rmcp::model::CacheScope::Public,
    );
    let newer = exchange(server.clone(), &[request_2026(1, "tools/list", json!({}))]).await;
    assert_eq!(
        (
            &newer[0]["result"]["ttlMs"],
            &newer[0]["result"]["cacheScope"]
        ),
        (&json!(300_000), &json!("public"))
    );
    let older = exchange(
        server,
        &[
            initialize("2025-11-25"),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        ],
    )
    .await;
    let keys: Vec<&String> = older[1]["result"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["tools"]);
}

/// A `tools/call` of `deploy` over Streamable HTTP on 2026-07-28, its
/// `Mcp-Param-Region` header `header` and its argument `region`.
#[cfg(feature = "mcp-http")]
async fn deploy_over_http(header: Option<&str>, region: &str) -> crate::raw_http::Reply {
    let server = McpServer::new(metadata_tools())
        .with_http_options(toolsmith::mcp::HttpOptions::new().stateless(true))
        .bind_http("127.0.0.1:0")
        .await
        .expect("binds");
    let addr = server.local_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(server.serve_with_shutdown(async {
        let _ = stopped.await;
    }));
    let body = request_2026(
        1,
        "tools/call",
        json!({"name": "deploy", "arguments": {"region": region, "build": 7}}),
    )
    .to_string();
    let mut headers = vec![
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", "tools/call"),
        ("Mcp-Name", "deploy"),
    ];
    if let Some(header) = header {
        headers.push(("Mcp-Param-Region", header));
    }
    let reply = crate::raw_http::exchange(addr, &crate::raw_http::post(&body, &headers)).await;
    stop.send(()).unwrap();
    serving.await.unwrap().unwrap();
    reply
}

/// The JSON-RPC message of a reply, sent as JSON or as one SSE event.
#[cfg(feature = "mcp-http")]
fn message_of(reply: &crate::raw_http::Reply) -> Value {
    let json = reply
        .body
        .lines()
        .find_map(|line| line.strip_prefix("data: "))
        .unwrap_or(&reply.body);
    serde_json::from_str(json).unwrap_or_else(|_| panic!("a JSON-RPC message: {:?}", reply.body))
}

#[cfg(feature = "mcp-http")]
#[tokio::test]
async fn over_http_the_header_of_a_parameter_must_say_what_the_argument_says() {
    let agreed = deploy_over_http(Some("eu"), "eu").await;
    assert_eq!(agreed.status, 200, "{agreed:?}");
    assert_eq!(
        message_of(&agreed)["result"]["structuredContent"],
        json!("7 to eu")
    );

    let differs = deploy_over_http(Some("us"), "eu").await;
    assert_eq!(differs.status, 400, "{differs:?}");
    assert_eq!(
        message_of(&differs)["error"]["message"],
        json!("Mcp-Param-Region header `us` does not match body value `eu`")
    );

    let missing = deploy_over_http(None, "eu").await;
    assert_eq!(missing.status, 400, "{missing:?}");
    assert_eq!(
        message_of(&missing)["error"]["message"],
        json!("missing Mcp-Param-Region header for `region`")
    );
}
