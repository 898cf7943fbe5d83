//! The example tools as a command line, one subcommand per tool.
//!
//! ```text
//! cargo run --example cli -- search --query rust --limit 5
//! cargo run --example cli -- search --query rust --limit 500   # exit 2
//! cargo run --example cli -- move-point --help
//! cargo run --example cli -- mcp                               # an MCP server
//! ```

use std::process::ExitCode;

#[path = "demo_tools/mod.rs"]
mod demo_tools;

fn main() -> ExitCode {
    toolsmith::cli::Cli::new(demo_tools::tools())
        .name("cli")
        .about("The toolsmith example tools")
        .version(env!("CARGO_PKG_VERSION"))
        .run()
}
