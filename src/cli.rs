//! Command line: a [`ToolSet`] as a [`clap::Command`] with one subcommand
//! per tool (feature `cli`).
//!
//! Flags come from each tool's schema: `--limit 5`; booleans as flags
//! (`--dry-run`, or `--dry-run=false`); arrays as repeated flags
//! (`--tag a --tag b`); nested objects as `--point.x 1 --point.y 2` or as
//! one JSON value (`--point '{"x": 1, "y": 2}'`). Descriptions, allowed
//! values and bounds show in `--help`. Property names keep their spelling
//! except `_`, written `-` (`max_len` is `--max-len`).
//!
//! The arguments are checked by the runtime, not by clap, so a bad call gets
//! the lines every other host gets, with flags for locations, on stderr with
//! exit code 2:
//!
//! ```text
//! Invalid arguments at --limit: must be at most 50, got 500
//! ```
//!
//! A failing tool prints `<tool> failed: <message>` and exits 1; a result is
//! printed as JSON on stdout, exit 0. With the `mcp` feature, the `mcp`
//! subcommand serves the same tools over MCP on standard input and output.
//!
//! The context is handed over once, when the command line is made
//! ([`ToolSet::bind`]): whatever `C` is, the program inside is one type,
//! compiled once in this crate.
//!
//! ```no_run
//! # fn main() -> std::process::ExitCode {
//! # let tools = toolsmith::ToolSet::new();
//! toolsmith::cli::Cli::new(tools).name("demo").run()
//! # }
//! ```

mod arguments;
mod command;
mod lines;
mod run;

pub use lines::{flag_for_pointer, lines};
pub use run::{EXIT_FAILED, EXIT_INVALID};

use std::ffi::OsString;
use std::io::Write;
use std::marker::PhantomData;
use std::process::ExitCode;

use clap::Command;
use toolsmith_runtime::ToolSet;

use run::Program;

/// A command line over a [`ToolSet`].
pub struct Cli<C = ()> {
    program: Program,
    context: PhantomData<fn(C)>,
}

impl Cli<()> {
    /// A command line for tools that take no context.
    pub fn new(tools: ToolSet) -> Self {
        Cli::from_program(Program::new(tools))
    }
}

impl<C: Clone + Send + Sync + 'static> Cli<C> {
    /// A command line that hands `ctx` to the tool it runs.
    pub fn with_context(tools: ToolSet<C>, ctx: C) -> Self {
        Cli::from_program(Program::new(tools.bind(ctx)))
    }
}

impl<C> Cli<C> {
    fn from_program(program: Program) -> Self {
        Cli {
            program,
            context: PhantomData,
        }
    }

    /// The program name shown in usage lines (`Usage: demo search …`),
    /// whatever the name the program was started by.
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.program.name = name.into();
        self
    }

    /// What the program does, for `--help`.
    pub fn about(mut self, about: impl Into<String>) -> Self {
        self.program.about = Some(about.into());
        self
    }

    /// The version shown by `--version`.
    pub fn version(mut self, version: impl Into<String>) -> Self {
        self.program.version = Some(version.into());
        self
    }

    /// The `clap` command: one subcommand per tool, plus `mcp` with the
    /// `mcp` feature (unless a tool is already called so).
    pub fn command(&self) -> Command {
        self.program.command()
    }

    /// Runs on the process's arguments, printing to stdout and stderr.
    pub fn run(self) -> ExitCode {
        let code = self.run_from(
            std::env::args_os(),
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        );
        ExitCode::from(code)
    }

    /// Runs on `args` (the program name first), writing a result to `out`
    /// and problems to `err`; returns the exit code: 0 on success, 1 when the
    /// tool failed, 2 for bad input or a usage error.
    pub fn run_from<I, T>(self, args: I, out: &mut dyn Write, err: &mut dyn Write) -> u8
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args = args.into_iter().map(Into::into).collect();
        self.program.run_from(args, out, err)
    }
}
