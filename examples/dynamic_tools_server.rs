//! A server whose tools change while it runs: `install` adds a tool that
//! shouts, `uninstall` removes a tool, and each change reaches the
//! connected clients as `notifications/tools/list_changed`
//! (`tests/hosts/mcp_dynamic.rs` drives it with the official Python SDK).
//! Served on stdio by the command line's built-in `mcp` subcommand, or
//! over Streamable HTTP with `mcp --http ADDR`.
//!
//! ```text
//! cargo run --example dynamic_tools_server -- mcp --http 127.0.0.1:8080
//! ```

use std::process::ExitCode;
use std::sync::OnceLock;

use serde_json::json;
use toolsmith::cli::Cli;
use toolsmith::mcp::ToolsHandle;
use toolsmith::{DynamicTool, ToolError, ToolSet, tool};

/// The running server's tools, for `install` and `uninstall` to change.
static TOOLS: OnceLock<ToolsHandle> = OnceLock::new();

fn handle() -> Result<&'static ToolsHandle, ToolError> {
    TOOLS
        .get()
        .ok_or_else(|| ToolError::new("the server is not running yet"))
}

/// Greets someone by name.
#[tool]
fn greet(name: String) -> String {
    format!("Hello, {name}!")
}

/// Adds a tool called `name` that shouts the text it is given.
///
/// # Arguments
///
/// * `name` - the new tool's name
#[tool]
fn install(name: String) -> Result<String, ToolError> {
    let schema = json!({
        "type": "object",
        "properties": { "text": { "type": "string", "description": "what to shout" } },
        "required": ["text"],
        "additionalProperties": false
    });
    let shout = DynamicTool::new(
        name.clone(),
        "Shouts the text",
        schema,
        |args, ()| async move {
            Ok(json!(
                args["text"].as_str().unwrap_or_default().to_uppercase()
            ))
        },
    );
    handle()?.register_dynamic(shout).map_err(ToolError::new)?;
    Ok(format!("installed {name}"))
}

/// Removes the tool called `name`.
///
/// # Arguments
///
/// * `name` - the tool to remove
#[tool]
fn uninstall(name: String) -> Result<String, ToolError> {
    if handle()?.remove(&name) {
        Ok(format!("removed {name}"))
    } else {
        Err(ToolError::new(format!("there is no tool called {name}")))
    }
}

fn tools() -> Result<ToolSet, toolsmith::RegisterError> {
    let mut tools = ToolSet::new();
    tools
        .register(Greet)?
        .register(Install)?
        .register(Uninstall)?;
    Ok(tools)
}

fn main() -> ExitCode {
    let tools = match tools() {
        Ok(tools) => tools,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    Cli::new(tools)
        .name("toolsmith-dynamic")
        .mcp_server(|server| {
            let _ = TOOLS.set(server.tools_handle());
            server
        })
        .run()
}
