//! The example tools served over MCP on standard input and output, or over
//! Streamable HTTP, by the command line's built-in `mcp` subcommand (and,
//! as commands of their own, on the command line).
//!
//! ```text
//! cargo run --example mcp_server -- mcp
//! cargo run --example mcp_server -- mcp --http 127.0.0.1:8080               # at http://127.0.0.1:8080/mcp
//! cargo run --example mcp_server -- mcp --http 127.0.0.1:8080 --stateless   # no sessions
//! ```
//!
//! Point an MCP client at that command (or at the built binary,
//! `target/debug/examples/mcp_server mcp`), or at the URL. Over HTTP the
//! first line on stderr is `serving MCP at <url>` (port `0` picks a free
//! port), and Ctrl-C or `SIGTERM` stops the server once every request
//! already received is answered.
//!
//! With `TOOLSMITH_SOAK` set in its environment, it adds two tools the
//! soak test needs and no one else should call: `crash`, which panics, and
//! `nap`, which blocks its thread. With `TOOLSMITH_SLOW` set, it adds
//! `countdown`, which reports progress and stops when cancelled, and
//! `confirm`, which asks the user, for the tests of real MCP clients.

use std::process::ExitCode;

#[path = "demo_tools/mod.rs"]
mod demo_tools;
#[path = "slow_tools/mod.rs"]
mod slow_tools;

fn main() -> ExitCode {
    let mut tools = demo_tools::tools();
    if std::env::var_os("TOOLSMITH_SOAK").is_some() {
        soak::register(&mut tools);
    }
    if std::env::var_os("TOOLSMITH_SLOW").is_some() {
        slow_tools::register(&mut tools);
    }
    // Repaired calls (a camelCase key, JSON text for an object) still run;
    // the log on stderr says what was read differently from what was sent.
    // A panic is answered `<tool> failed: the tool panicked`; the log gets
    // its (sanitized) message.
    let tools = tools
        .on_repair(|tool, repairs| {
            for repair in repairs {
                eprintln!("{tool}: {repair}");
            }
        })
        .on_panic(|tool, message| eprintln!("{tool} panicked: {message}"));
    toolsmith::cli::Cli::new(tools).name("toolsmith-demo").run()
}

/// Tools that misbehave on purpose, for the soak test.
pub mod soak {
    use std::time::Duration;

    use toolsmith::{ToolSet, tool};

    /// Panics, with escape sequences and a newline in the message
    ///
    /// # Arguments
    ///
    /// * `reason` - What the panic message says
    #[tool(read_only, idempotent)]
    pub fn crash(reason: String) -> String {
        panic!("\u{1b}[31m{reason}\ncrashed on purpose")
    }

    /// Blocks its thread for a while, then says how long
    ///
    /// # Arguments
    ///
    /// * `ms` - How long to block, in milliseconds
    #[tool(read_only, idempotent, open_world = false)]
    pub fn nap(#[arg(max = 2000)] ms: u64) -> String {
        std::thread::sleep(Duration::from_millis(ms));
        format!("slept {ms} ms")
    }

    pub fn register(tools: &mut ToolSet) {
        tools
            .register(Crash)
            .and_then(|t| t.register(Nap))
            .expect("the soak tools have names of their own");
    }
}
