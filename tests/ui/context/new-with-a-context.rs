use toolsmith::ToolSet;

#[derive(Clone)]
struct App;

fn main() {
    let tools = ToolSet::<App>::with_context_type();
    let _ = toolsmith::cli::Cli::new(tools.clone());
    let _ = toolsmith::mcp::McpServer::new(tools);
}
