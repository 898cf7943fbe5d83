//! The example tools served over MCP on standard input and output.
//!
//! ```text
//! cargo run --example mcp_server
//! ```
//!
//! Point an MCP client at that command (or at the built binary,
//! `target/debug/examples/mcp_server`).

#[path = "demo_tools/mod.rs"]
mod demo_tools;

#[tokio::main]
async fn main() -> std::io::Result<()> {
    // Repaired calls (a camelCase key, JSON text for an object) still run;
    // the log on stderr says what was read differently from what was sent.
    let tools = demo_tools::tools().on_repair(|tool, repairs| {
        for repair in repairs {
            eprintln!("{tool}: {repair}");
        }
    });
    toolsmith::mcp::McpServer::new(tools)
        .with_server_info("toolsmith-demo", env!("CARGO_PKG_VERSION"))
        .serve_stdio()
        .await
}
