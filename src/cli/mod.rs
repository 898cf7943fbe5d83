//! Command line: a [`ToolSet`] as a [`clap::Command`] with one subcommand
//! per tool (feature `cli`).
//!
//! Flags come from each tool's schema: `--limit 5`; booleans as flags
//! (`--dry-run`, or `--dry-run=false`); arrays as repeated flags
//! (`--tag a --tag b`); nested objects as `--point.x 1 --point.y 2` or as
//! one JSON value (`--point '{"x": 1, "y": 2}'`). Descriptions, allowed
//! values, bounds and defaults (`[default: 10]`) show in `--help`.
//! Property names keep their spelling except `_`, written `-` (`max_len`
//! is `--max-len`).
//!
//! # Hints on the tool
//!
//! How a tool reads on the command line beyond its flags is said on the
//! tool, checked at compile time, and never changes the schema any other
//! host sees:
//!
//! - `#[arg(positional)]`: taken by position, in declaration order, beside
//!   its flag. The last may be a `Vec` taking the rest; an optional one
//!   cannot come before a required one, and objects and booleans stay
//!   flags.
//! - `#[arg(short = 'q')]`: a short flag (not `h` or `V`, which clap keeps
//!   for help and version; one parameter per letter).
//! - `#[arg(alias = "max")]`: another long flag, repeatable.
//! - `#[arg(stdin)]`: a text parameter read from standard input when its
//!   flag is left out (strict UTF-8, as `-` is). Standard input is not read
//!   when it is a terminal or another flag read it (`--other -`), and empty
//!   input leaves the parameter out: a required one gets its `missing`
//!   line, an optional one its default.
//! - `#[arg(file)]`: the flag takes `@path`, the text of the file at
//!   `path` (`@@…` is text starting with `@`). No other flag reads a file.
//! - `#[tool(cli_name = "slug")]`: the tool's command is `slug`.
//!
//! A hint that cannot work is a compile error on the token written, with
//! the fix: two positionals that cannot be told apart, a letter used
//! twice, a hint on a type it cannot serve, a malformed name.
//!
//! ```
//! use toolsmith::tool;
//!
//! /// Saves a note
//! ///
//! /// # Arguments
//! ///
//! /// * `title` - The note's title
//! /// * `tags` - Its tags
//! /// * `body` - The note
//! /// * `priority` - How important it is
//! #[tool(cli_name = "add")]
//! fn save_note(
//!     #[arg(positional)] title: String,
//!     #[arg(positional)] tags: Vec<String>,
//!     #[arg(stdin)] body: String,
//!     #[arg(short = 'p', alias = "prio", default = 3)] priority: u8,
//! ) -> String {
//!     format!("{title} {tags:?} {priority}: {body}")
//! }
//!
//! let mut tools = toolsmith::ToolSet::new();
//! tools.register(SaveNote).unwrap();
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let code = toolsmith::cli::Cli::new(tools).name("notes").run_with_input(
//!     ["notes", "add", "shopping", "milk", "eggs", "-p", "1"],
//!     &mut &b"buy them"[..],
//!     &mut out,
//!     &mut err,
//! );
//! assert_eq!(code, 0);
//! assert_eq!(String::from_utf8(out).unwrap(), "shopping [\"milk\", \"eggs\"] 1: buy them\n");
//! ```
//!
//! The same hints can be given to the command line at run time, for tools
//! one did not write ([`Cli::positional`], [`Cli::short`], [`Cli::alias`]),
//! checked when it starts ([`Cli::check`]); the tool's own come first.
//!
//! The arguments are checked by the runtime, not by clap, so a bad call gets
//! the lines every other host gets, with flags for locations, on stderr with
//! exit code 2:
//!
//! ```text
//! Invalid arguments at --limit: must be at most 50, got 500
//! ```
//!
//! A failing tool prints `<tool> failed: <message>` and exits 1. A result
//! goes to stdout, exit 0: a string as plain text, anything else as JSON,
//! pretty when stdout is a terminal and compact in a pipe. With `--json`
//! (before or after the tool's name) every outcome is JSON on stdout, a
//! failure as `{"error":"invalid arguments","lines":[…]}`, with the same
//! exit codes. Everything printed is sanitized first. No colours are
//! written, whatever the terminal, but the progress bar's.
//!
//! A value of `-` is read from standard input (for text, numbers and
//! JSON-valued flags alike), less exactly one trailing newline (`\n` or
//! `\r\n`), as `echo rust | demo search --query -` means `rust`; a second
//! newline stays. What is read must be UTF-8. Only one flag may read
//! standard input; `-` is read as itself where the flag's allowed values
//! include it. Negative numbers are values: `--dy -1`.
//!
//! `@path` reads a file only for a parameter marked to take one
//! (`#[arg(file)]`, or [`Cli::file`] for a tool one did not write), taken
//! as it is, trailing newline included; a literal leading `@` is then
//! written twice (`--body @@home` gives `@home`). Every other flag takes
//! `@…` as the text it is: a value passed on from elsewhere (`--title
//! "$TITLE"`) is never a file read on its behalf. A line about a value
//! read from a file names the file, never its text: `Invalid arguments at
//! --body: must be at most 80 characters long (the text of file
//! "notes.txt")`.
//!
//! A problem inside the JSON value of a flag (a tagged enum, a map) names
//! that flag and the place in its value: `Invalid value for --change at
//! /kind: must be one of circle, square, got "triangle"`. `--help` shows
//! each flag's allowed values (offered by the completion scripts too),
//! format (`format: date`), bounds and default, and a tagged enum's kinds
//! with their fields: `one of, by "kind": circle {r: number}, square {side:
//! number}`.
//!
//! A tool that takes its [`Call`](crate::Call) reports progress on
//! stderr: under [`Cli::run`] with stderr a terminal, a bar redrawn in
//! place (`[==========>         ] [2/3] deleting b`, cyan unless `NO_COLOR`
//! is set) and cleared before the answer prints; otherwise a plain line
//! per report (`[2/3] deleting b`), as a pipe or a log keeps it. Under
//! [`Cli::run`], Ctrl-C cancels the running call (an async tool is
//! dropped, a plain `fn` sees `is_cancelled()`), prints `cancelled` and
//! exits [`EXIT_CANCELLED`] (130). `call.ask` prompts on the terminal, one
//! field at a time, asking a field again while its answer fails the
//! schema; when standard input or stderr is not a terminal (and always
//! under [`Cli::run_from`]) it fails with a line saying so.
//!
//! `completions bash|zsh|fish|powershell|elvish` prints a completion script
//! and `man` a man page, both made from the same command. With the `mcp`
//! feature, the `mcp` subcommand serves the same tools over MCP on
//! standard input and output; with `mcp-http`, `mcp --http 127.0.0.1:8080`
//! serves them over Streamable HTTP at `http://127.0.0.1:8080/mcp` (the
//! first line on stderr says where: `serving MCP at <url>`; port `0` picks
//! a free one) until Ctrl-C or SIGTERM, answering the calls in flight
//! before it exits, and `--stateless` serves without sessions
//! ([`Cli::with_http_options`] sets the rest, [`Cli::mcp_server`] changes
//! the server). With the `ai-sdk` feature, `ai-sdk-tools` prints the ES
//! module that hands them to the AI SDK (`toolsmith::ai_sdk`). `check TOOL`
//! reads a call's JSON arguments on standard input and, never running the
//! tool, prints the arguments the tool would get (repaired where the set
//! allows) as one line of JSON, exit 0, or the lines a model reads for
//! them, exit 2. With the `pi` feature, `pi-extension` prints the extension
//! that gives Pi and OMP the tools ([`crate::pi`]). A tool of one of these
//! names keeps it.
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
mod check;
mod command;
mod driver;
mod exit;
mod flags;
mod hints;
mod input;
mod lines;
#[cfg(feature = "mcp")]
mod mcp;
mod output;
mod progress;
mod prompt;
mod run;
mod shell;
mod terminal;

pub use exit::{EXIT_CANCELLED, EXIT_FAILED, EXIT_INVALID};
pub use lines::{flag_for_pointer, lines};

use std::ffi::OsString;
use std::io::{IsTerminal, Read, Write};
use std::marker::PhantomData;
use std::process::ExitCode;

use clap::Command;
use toolsmith_runtime::ToolSet;

use crate::host::IntoPlainSet;
use run::Program;

/// A command line over a [`ToolSet`].
pub struct Cli<C = ()> {
    program: Program,
    context: PhantomData<fn(C)>,
}

impl Cli<()> {
    /// A command line for tools that take no context; a set whose tools
    /// take one goes to [`with_context`](Cli::with_context), and given here
    /// is a compile error saying so.
    pub fn new(tools: impl IntoPlainSet) -> Self {
        Cli::from_program(Program::new(tools.into_plain_set()))
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

    /// Adds a command of one's own beside the tools: `handler` gets its
    /// matches, stdout and stderr, and returns the exit code. It takes the
    /// place of a tool or built-in command (`man`, `completions`, `mcp`) of
    /// the same name.
    ///
    /// ```no_run
    /// # fn main() -> std::process::ExitCode {
    /// # let tools = toolsmith::ToolSet::new();
    /// use clap::{Arg, Command};
    /// use std::io::Write;
    ///
    /// toolsmith::cli::Cli::new(tools)
    ///     .subcommand(
    ///         Command::new("greet").arg(Arg::new("who").required(true)),
    ///         |matches, out, _err| {
    ///             let who = matches.get_one::<String>("who").unwrap();
    ///             let _ = writeln!(out, "hello {who}");
    ///             0
    ///         },
    ///     )
    ///     .run()
    /// # }
    /// ```
    pub fn subcommand(
        mut self,
        command: Command,
        handler: impl Fn(&clap::ArgMatches, &mut dyn Write, &mut dyn Write) -> u8 + 'static,
    ) -> Self {
        let name = command.get_name().to_owned();
        self.program.commands.retain(|(c, _)| c.get_name() != name);
        self.program.commands.push((command, Box::new(handler)));
        self
    }

    /// The tool that runs when no command is named: with
    /// `.default_tool("search")`, `demo --query rust` is
    /// `demo search --query rust`. Help and version flags, and any command's
    /// name, keep their meaning.
    pub fn default_tool(mut self, tool: impl Into<String>) -> Self {
        self.program.default_tool = Some(tool.into());
        self
    }

    /// Lets `tool` take `params` by position, in this order, beside their
    /// flags: with `.positional("search", &["query"])`, `demo search rust`
    /// is `demo search --query rust`. Only the last may be an array (it takes
    /// the rest); booleans and objects stay flags.
    pub fn positional(mut self, tool: &str, params: &[&str]) -> Self {
        let params = params.iter().map(|p| (*p).to_owned()).collect();
        self.program
            .hints
            .push(tool, hints::Hint::Positional(params));
        self
    }

    /// Gives `tool`'s parameter `param` a short flag: with
    /// `.short("search", "query", 'q')`, `-q rust` is `--query rust`.
    pub fn short(mut self, tool: &str, param: &str, short: char) -> Self {
        self.program
            .hints
            .push(tool, hints::Hint::Short(param.to_owned(), short));
        self
    }

    /// Lets `tool`'s parameter `param` be read from a file: with
    /// `.file("add", "body")`, `--body @notes.txt` is the text of
    /// `notes.txt` and `--body @@x` is `@x`. No other flag reads a file,
    /// so a value passed on from elsewhere that starts with `@` stays
    /// text; a line about a value read from a file names the file and
    /// never repeats its text. A tool marks its own with
    /// [`CliParam::file`](toolsmith_runtime::CliParam::file).
    pub fn file(mut self, tool: &str, param: &str) -> Self {
        self.program
            .hints
            .push(tool, hints::Hint::File(param.to_owned()));
        self
    }

    /// Another name for `tool` on the command line, shown in `--help`:
    /// with `.alias("search", "s")`, `demo s --query rust`.
    pub fn alias(mut self, tool: &str, alias: impl Into<String>) -> Self {
        self.program
            .hints
            .push(tool, hints::Hint::Alias(alias.into()));
        self
    }

    /// Changes the MCP server the `mcp` subcommand serves (feature `mcp`),
    /// after the command line has named it (the program's name and
    /// version): resources and prompts of one's own
    /// ([`McpServer::with_handler`](crate::mcp::McpServer::with_handler)),
    /// instructions, a handle to add tools at run time. Given more than
    /// once, each applies in turn.
    ///
    /// ```no_run
    /// # fn main() -> std::process::ExitCode {
    /// # let tools = toolsmith::ToolSet::new();
    /// toolsmith::cli::Cli::new(tools)
    ///     .name("notes")
    ///     .mcp_server(|server| server.with_instructions("Search before you write a note."))
    ///     .run()
    /// # }
    /// ```
    #[cfg(feature = "mcp")]
    pub fn mcp_server(
        mut self,
        configure: impl FnOnce(crate::mcp::McpServer) -> crate::mcp::McpServer + 'static,
    ) -> Self {
        self.program.mcp.configure.push(Box::new(configure));
        self
    }

    /// The HTTP options `mcp --http ADDR` serves with (feature
    /// `mcp-http`): the path, the `Host` and `Origin` names it answers, a
    /// bearer-token check, timeouts and caps; `--stateless` turns sessions
    /// off on top of them.
    ///
    /// ```no_run
    /// # fn main() -> std::process::ExitCode {
    /// # let tools = toolsmith::ToolSet::new();
    /// use toolsmith::mcp::HttpOptions;
    ///
    /// // `notes mcp --http 0.0.0.0:8080`, behind https://notes.example.com
    /// toolsmith::cli::Cli::new(tools)
    ///     .name("notes")
    ///     .with_http_options(HttpOptions::new().allowed_hosts(["notes.example.com"]))
    ///     .run()
    /// # }
    /// ```
    #[cfg(feature = "mcp-http")]
    pub fn with_http_options(mut self, options: crate::mcp::HttpOptions) -> Self {
        self.program.mcp.http = options;
        self
    }

    /// Every positional, short flag, alias or default tool given that
    /// cannot work (a tool or parameter that does not exist, two arrays by
    /// position, a short flag used twice), a line each. [`run`](Self::run)
    /// prints these and exits 1 before reading any argument; a test of
    /// one's own can call this instead. Hints change the command line
    /// only, never the schema other hosts see.
    pub fn check(&self) -> Result<(), Vec<String>> {
        let problems = self.program.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems)
        }
    }

    /// The `clap` command: one subcommand per tool, plus `completions`,
    /// `man` and, with the `mcp` feature, `mcp` (unless a tool is already
    /// called so).
    pub fn command(&self) -> Command {
        self.program.command()
    }

    /// Runs on the process's arguments, reading `-` values from standard
    /// input and printing to stdout and stderr; a structured result prints
    /// as pretty JSON when stdout is a terminal, compact otherwise.
    ///
    /// The tool (or the `mcp` server) runs on a tokio runtime of the
    /// command line's own, so `run` works from a plain `fn main` and from
    /// a `#[tokio::main]` alike (it blocks the thread that calls it until
    /// the command is done); in an async `main`,
    /// [`run_async`](Self::run_async) runs on the runtime already there.
    pub fn run(self) -> ExitCode {
        let (program, args) = self.for_process();
        let code = program.run_from(
            args,
            &mut std::io::stdin(),
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        );
        ExitCode::from(code)
    }

    /// [`run`](Self::run), on the tokio runtime this future is awaited on
    /// (which needs its I/O and time drivers, as `#[tokio::main]` gives):
    ///
    /// ```no_run
    /// #[tokio::main]
    /// async fn main() -> std::process::ExitCode {
    ///     let tools = toolsmith::ToolSet::new();
    ///     toolsmith::cli::Cli::new(tools).name("demo").run_async().await
    /// }
    /// ```
    ///
    /// The future borrows standard input and output and is not `Send`:
    /// await it (in `main`), rather than spawning it.
    pub async fn run_async(self) -> ExitCode {
        let (program, args) = self.for_process();
        let code = program
            .run_async_from(
                args,
                &mut std::io::stdin(),
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            )
            .await;
        ExitCode::from(code)
    }

    /// The program, told which of the process's streams are terminals, and
    /// the process's arguments.
    fn for_process(mut self) -> (Program, Vec<OsString>) {
        self.program.terminal = std::io::stdout().is_terminal();
        let (stdin, stderr) = (
            std::io::stdin().is_terminal(),
            std::io::stderr().is_terminal(),
        );
        self.program.interactive = stdin && stderr;
        self.program.stdin_terminal = stdin;
        self.program.progress_bar = stderr;
        self.program.interrupt = true;
        (self.program, std::env::args_os().collect())
    }

    /// Runs on `args` (the program name first), reading `-` values from
    /// standard input, writing a result to `out` (as in a pipe: structured
    /// results as compact JSON) and problems to `err`; returns the exit
    /// code: 0 on success, 1 when the tool failed, 2 for bad input or a
    /// usage error.
    pub fn run_from<I, T>(self, args: I, out: &mut dyn Write, err: &mut dyn Write) -> u8
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        self.run_with_input(args, &mut std::io::stdin(), out, err)
    }

    /// [`run_from`](Self::run_from), reading `-` values from `input`
    /// instead of standard input.
    pub fn run_with_input<I, T>(
        self,
        args: I,
        input: &mut dyn Read,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> u8
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args = args.into_iter().map(Into::into).collect();
        self.program.run_from(args, input, out, err)
    }
}
