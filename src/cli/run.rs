//! Running the command line: the program's arguments matched, the tool
//! they name called, and its outcome printed with the exit code
//! (`0` a result on stdout, `1` the tool failed, `2` bad input or a usage
//! error), or the tools served over MCP by the `mcp` subcommand.

use std::ffi::OsString;
use std::io::Write;

use toolsmith_runtime::ToolSet;

use super::arguments::arguments;
#[cfg(feature = "mcp")]
use super::command::MCP;
use super::command::command;
use super::lines::{clap_error_text, lines};
use crate::host::{self, Outcome};

/// Exit code of a call whose input failed the schema (and of a usage error).
pub const EXIT_INVALID: u8 = 2;
/// Exit code of a call whose function failed.
pub const EXIT_FAILED: u8 = 1;

/// The command line itself, one type for every context: the tools of a
/// set whose context is already bound, and what `--help` says of the
/// program. A [`Cli`](crate::cli::Cli) of any context hands its work here,
/// so clap's parsing is compiled once, in this crate.
pub(crate) struct Program {
    tools: ToolSet,
    pub(crate) name: String,
    pub(crate) about: Option<String>,
    pub(crate) version: Option<String>,
}

impl Program {
    pub(crate) fn new(tools: ToolSet) -> Self {
        Program {
            tools,
            name: "tools".to_owned(),
            about: None,
            version: None,
        }
    }

    /// The `clap` command: one subcommand per tool, plus `mcp`.
    pub(crate) fn command(&self) -> clap::Command {
        command(
            &self.name,
            self.about.as_deref(),
            self.version.as_deref(),
            &self.tools,
        )
    }

    /// Runs on `args` (the program name first), writing a result to `out`
    /// and problems to `err`; returns the exit code.
    pub(crate) fn run_from(
        self,
        args: Vec<OsString>,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> u8 {
        let matches = match self.command().try_get_matches_from(args) {
            Ok(matches) => matches,
            Err(clap_err) => {
                let (to_stderr, code) = (clap_err.use_stderr(), clap_err.exit_code());
                let text = clap_error_text(clap_err);
                let _ = if to_stderr {
                    err.write_all(text.as_bytes())
                } else {
                    out.write_all(text.as_bytes())
                };
                return u8::try_from(code).unwrap_or(EXIT_INVALID);
            }
        };
        let Some((name, sub)) = matches.subcommand() else {
            return EXIT_INVALID;
        };
        let runtime = match tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(e) => {
                let _ = writeln!(err, "cannot start the async runtime: {e}");
                return EXIT_FAILED;
            }
        };
        #[cfg(feature = "mcp")]
        if name == MCP && !self.tools.contains(MCP) {
            let server = crate::mcp::McpServer::new(self.tools).with_server_info(
                self.name,
                self.version
                    .unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_owned()),
            );
            return match runtime.block_on(server.serve_stdio()) {
                Ok(()) => 0,
                Err(e) => {
                    let _ = writeln!(err, "mcp server stopped: {e}");
                    EXIT_FAILED
                }
            };
        }
        let Ok(tool) = self.tools.tool(name) else {
            return EXIT_INVALID;
        };
        let args = arguments(&tool, sub);
        match runtime.block_on(host::call(tool, args, ())) {
            Outcome::Ran(value) => {
                let text = serde_json::to_string_pretty(&value).unwrap_or_default();
                let _ = writeln!(out, "{text}");
                0
            }
            Outcome::Refused(input) => {
                for line in lines(&input) {
                    let _ = writeln!(err, "{line}");
                }
                EXIT_INVALID
            }
            Outcome::Failed(line) => {
                let _ = writeln!(err, "{line}");
                EXIT_FAILED
            }
        }
    }
}
