//! How the example servers start: on standard input and output, or over
//! Streamable HTTP with `--http ADDR` (and `--stateless` for stateless
//! HTTP, `--redis URL` for sessions and tasks in a Redis that replicas
//! share), until Ctrl-C or SIGTERM.

use toolsmith::mcp::{HttpOptions, McpServer, shutdown_signal};

/// Serves `server` as the command line asks.
pub async fn serve<C: Clone + Send + Sync + 'static>(server: McpServer<C>) -> std::io::Result<()> {
    let Some(addr) = http_addr() else {
        return server.serve_stdio().await;
    };
    let stateless = std::env::args().any(|arg| arg == "--stateless");
    let mut options = HttpOptions::new().stateless(stateless);
    if let Some(url) = flag_value("--redis") {
        options = options.redis(url);
    }
    let server = server.with_http_options(options).bind_http(addr).await?;
    eprintln!("serving MCP at {}", server.url());
    server.serve_with_shutdown(shutdown_signal()).await
}

/// The address after `--http`, if given.
fn http_addr() -> Option<String> {
    let mut args = std::env::args().skip_while(|arg| arg != "--http");
    args.next()?;
    Some(args.next().unwrap_or_else(|| {
        eprintln!("--http needs an address, e.g. --http 127.0.0.1:8080");
        std::process::exit(2)
    }))
}

/// The value after `flag`, if given.
fn flag_value(flag: &str) -> Option<String> {
    let mut args = std::env::args().skip_while(|arg| arg != flag);
    args.next()?;
    args.next()
}
