//! The example tools as a command line, one subcommand per tool, with
//! `search` taking its query by position (`-q` for short, `s` for its
//! name), `search` run when no command is named, and a `version` command
//! of the program's own.
//!
//! ```text
//! cargo run --example cli -- search rust --limit 5
//! cargo run --example cli -- search rust --limit 500         # exit 2
//! cargo run --example cli -- --json s -q rust --limit 500    # the same as JSON
//! echo '{"x": 1, "y": 2}' | cargo run --example cli -- move-point --point - --dx 1 --dy -1
//! cargo run --example cli -- --query async                   # runs `search`
//! cargo run --example cli -- completions bash > cli.bash
//! cargo run --example cli -- man | man -l -
//! cargo run --example cli -- mcp                             # an MCP server
//! ```

use std::process::ExitCode;

#[path = "demo_tools/mod.rs"]
mod demo_tools;

fn main() -> ExitCode {
    toolsmith::cli::Cli::new(demo_tools::tools())
        .name("cli")
        .about("The toolsmith example tools")
        .version(env!("CARGO_PKG_VERSION"))
        .positional("search", &["query"])
        .short("search", "query", 'q')
        .short("search", "limit", 'l')
        .alias("search", "s")
        .default_tool("search")
        .subcommand(
            clap::Command::new("version").about("Print the version of the tools"),
            |_, out, _| {
                let _ = writeln!(out, "cli {}", env!("CARGO_PKG_VERSION"));
                0
            },
        )
        .run()
}
