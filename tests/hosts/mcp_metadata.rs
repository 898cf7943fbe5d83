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
async fn exchange(server: McpServer, requests: &[Value]) -> Vec<Value> {
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
