//! A tool returning [`Content`] (a text block and an image) through every
//! host: MCP and Anthropic get the blocks, every host that takes only text
//! or JSON (the command line, with and without `--json`, OpenAI, Gemini,
//! rig, `ToolSet::call`) the text block and a line for the image; the key a
//! `Content` travels under inside the runtime reaches no one.

#![cfg(all(feature = "cli", feature = "mcp", feature = "rig"))]

use serde_json::{Value, json};
use toolsmith::cli::Cli;
use toolsmith::function_calling::{anthropic, gemini, openai};
use toolsmith::mcp::McpServer;
use toolsmith::{Content, ToolSet, tool};

/// A one-pixel red PNG, 69 bytes.
const RED_PIXEL: &[u8] = include_bytes!("../../examples/assets/red_pixel.png");
const RED_PIXEL_BASE64: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

/// What a host that takes only text reads.
const TEXT: &str = "Sales by month:\n[image image/png, 69 bytes]";

/// The part of the runtime's own key every run shares.
const INTERNAL_KEY: &str = "x-toolsmith-content";

/// Draws the sales chart.
#[tool]
fn chart() -> Content {
    Content::text("Sales by month:").and(Content::image(RED_PIXEL, "image/png"))
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(Chart).unwrap();
    tools
}

/// What the command line prints on stdout and stderr, and its exit code.
fn cli(args: &[&str]) -> (String, String, u8) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("charts").chain(args.iter().copied());
    let code =
        Cli::new(tools())
            .name("charts")
            .run_with_input(argv, &mut &b""[..], &mut out, &mut err);
    let text = |bytes| String::from_utf8(bytes).unwrap();
    (text(out), text(err), code)
}

/// Every host's answer to one call of `chart`, as the text it sends on.
async fn every_host() -> Vec<(&'static str, String)> {
    let tools = tools();
    let call = json!({"id": "call_1", "type": "function", "function": {"name": "chart", "arguments": "{}"}});
    let tool_use = json!({"type": "tool_use", "id": "toolu_1", "name": "chart", "input": {}});
    let function_call = json!({"functionCall": {"name": "chart", "args": {}}});
    let rig_tools = toolsmith::rig::tools(tools.clone());
    let rig = rig_tools[0].execute(json!({})).await.unwrap();
    let mcp = McpServer::new(tools.clone()).call("chart", json!({})).await;
    let direct = tools.call("chart", json!({}), ()).await.unwrap().unwrap();
    vec![
        ("cli", cli(&["chart"]).0),
        ("cli --json", cli(&["chart", "--json"]).0),
        (
            "openai",
            openai::dispatch(&tools, &call, ()).await.to_string(),
        ),
        (
            "anthropic",
            anthropic::dispatch(&tools, &tool_use, ()).await.to_string(),
        ),
        (
            "gemini",
            gemini::dispatch(&tools, &function_call, ())
                .await
                .to_string(),
        ),
        ("rig", rig.as_text().unwrap_or_default().to_owned()),
        ("mcp", serde_json::to_string(&mcp.unwrap()).unwrap()),
        ("ToolSet::call", direct.to_string()),
    ]
}

#[tokio::test]
async fn a_host_that_takes_only_text_gets_the_text_and_a_line_per_other_block() {
    assert_eq!(cli(&["chart"]), (format!("{TEXT}\n"), String::new(), 0));
    assert_eq!(
        cli(&["--json", "chart"]),
        (format!("{}\n", Value::from(TEXT)), String::new(), 0)
    );
    let tools = tools();
    let call = json!({"id": "call_1", "type": "function", "function": {"name": "chart", "arguments": "{}"}});
    assert_eq!(
        openai::dispatch(&tools, &call, ()).await,
        json!({"role": "tool", "tool_call_id": "call_1", "content": TEXT})
    );
    let function_call = json!({"functionCall": {"id": "fc_1", "name": "chart", "args": {}}});
    assert_eq!(
        gemini::dispatch(&tools, &function_call, ()).await,
        json!({"functionResponse": {"id": "fc_1", "name": "chart", "response": {"output": TEXT}}})
    );
    let rig_tools = toolsmith::rig::tools(tools.clone());
    let rig = rig_tools[0].execute(json!({})).await.unwrap();
    assert_eq!(rig.as_text(), Some(TEXT));
    let direct = tools.call("chart", json!({}), ()).await.unwrap().unwrap();
    assert_eq!(direct, json!(TEXT));
}

#[tokio::test]
async fn mcp_and_anthropic_get_the_blocks() {
    let tools = tools();
    let mcp = McpServer::new(tools.clone()).call("chart", json!({})).await;
    assert_eq!(
        serde_json::to_value(mcp.unwrap()).unwrap(),
        json!({
            "resultType": "complete",
            "content": [
                {"type": "text", "text": "Sales by month:"},
                {"type": "image", "data": RED_PIXEL_BASE64, "mimeType": "image/png"}
            ],
            "isError": false
        })
    );
    let tool_use = json!({"type": "tool_use", "id": "toolu_1", "name": "chart", "input": {}});
    assert_eq!(
        anthropic::dispatch(&tools, &tool_use, ()).await,
        json!({
            "type": "tool_result",
            "tool_use_id": "toolu_1",
            "content": [
                {"type": "text", "text": "Sales by month:"},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": RED_PIXEL_BASE64}}
            ]
        })
    );
}

#[tokio::test]
async fn no_host_repeats_the_runtimes_own_key() {
    for (host, answer) in every_host().await {
        assert!(
            !answer.contains(INTERNAL_KEY),
            "{host} repeats the internal key: {answer}"
        );
    }
}
