//! The `mcp` subcommand: the tools over MCP on standard input and output,
//! or, with `--http ADDR` (feature `mcp-http`), over Streamable HTTP until
//! Ctrl-C or SIGTERM, answering the calls in flight before it exits.

use std::io::Write;

use toolsmith_runtime::ToolSet;

#[cfg(feature = "mcp-http")]
use super::command::{MCP_HTTP, MCP_STATELESS};
use super::exit::EXIT_FAILED;
#[cfg(feature = "mcp-http")]
use crate::mcp::HttpOptions;
use crate::mcp::McpServer;

/// Changes the server `mcp` serves makes, after the command line's own.
pub(crate) type Configure = Box<dyn FnOnce(McpServer) -> McpServer>;

/// How `mcp` serves, beside the tools: what the program said of the
/// server, and its HTTP options.
#[derive(Default)]
pub(crate) struct McpSetup {
    /// The program's own changes, in the order given.
    pub(crate) configure: Vec<Configure>,
    /// The HTTP options `--http` serves with (`--stateless` sets
    /// stateless on top).
    #[cfg(feature = "mcp-http")]
    pub(crate) http: HttpOptions,
}

/// What the server says it is: the program's name and version.
pub(crate) struct Named {
    pub(crate) name: String,
    pub(crate) version: Option<String>,
}

/// Serves `tools` as `matches` asks; the exit code once the server stops.
pub(crate) async fn serve(
    tools: ToolSet,
    named: Named,
    setup: McpSetup,
    matches: &clap::ArgMatches,
    err: &mut dyn Write,
) -> u8 {
    let version = named
        .version
        .unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_owned());
    let mut server = McpServer::new(tools).with_server_info(named.name, version);
    for configure in setup.configure {
        server = configure(server);
    }
    #[cfg(feature = "mcp-http")]
    if let Ok(Some(addr)) = matches.try_get_one::<String>(MCP_HTTP) {
        let stateless = matches!(matches.try_get_one::<bool>(MCP_STATELESS), Ok(Some(true)));
        let mut options = setup.http;
        if stateless {
            options = options.stateless(true);
        }
        #[cfg(feature = "redis")]
        if let Ok(Some(url)) = matches.try_get_one::<String>(super::command::MCP_REDIS) {
            options = options.redis(url.clone());
        }
        return serve_http(server.with_http_options(options), addr, err).await;
    }
    let _ = matches;
    match server.serve_stdio().await {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "mcp server stopped: {e}");
            EXIT_FAILED
        }
    }
}

/// Serves at `addr`, saying where on `err` (`serving MCP at
/// http://127.0.0.1:8080/mcp`), until Ctrl-C or SIGTERM.
#[cfg(feature = "mcp-http")]
async fn serve_http(server: McpServer, addr: &str, err: &mut dyn Write) -> u8 {
    let server = match server.bind_http(addr).await {
        Ok(server) => server,
        Err(e) => {
            let _ = writeln!(err, "cannot serve MCP at {addr}: {e}");
            return EXIT_FAILED;
        }
    };
    let _ = writeln!(err, "serving MCP at {}", server.url());
    let _ = err.flush();
    match server
        .serve_with_shutdown(crate::mcp::shutdown_signal())
        .await
    {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "mcp server stopped: {e}");
            EXIT_FAILED
        }
    }
}
