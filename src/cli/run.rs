//! Running the command line: the program's arguments matched, the tool
//! they name called, and its outcome printed with the exit code
//! (`0` a result on stdout, `1` the tool failed, `2` bad input or a usage
//! error), or the tools served over MCP by the `mcp` subcommand (see
//! [`super::mcp`]).

use std::ffi::OsString;
use std::io::{Read, Write};

use toolsmith_runtime::ToolSet;

use super::arguments::arguments;
use super::check::{CHECK, check};
#[cfg(feature = "ai-sdk")]
use super::command::AI_SDK_TOOLS;
#[cfg(feature = "mcp")]
use super::command::MCP;
use super::command::command;
use super::driver::Driver;
use super::exit::{EXIT_CANCELLED, EXIT_FAILED, EXIT_INVALID};
use super::hints::Hints;
use super::input::Sources;
use super::lines::{clap_error_text, refused_lines};
#[cfg(feature = "mcp")]
use super::mcp::{self, McpSetup};
use super::output::{Failure, JSON_FLAG, Style};
use super::progress::Shown;
use super::shell::{COMPLETIONS, MAN, completions, man};
use super::terminal;
use crate::host::{self, Outcome};

/// The line (and, under `--json`, the error) of a call cancelled by Ctrl-C.
const CANCELLED: &str = "cancelled";

/// A command of the user's own, beside the tools: what it prints on stdout
/// and stderr from its matches, and its exit code.
pub(crate) type Handler = Box<dyn Fn(&clap::ArgMatches, &mut dyn Write, &mut dyn Write) -> u8>;

/// The command line itself, one type for every context: the tools of a
/// set whose context is already bound, and what `--help` says of the
/// program. A [`Cli`](crate::cli::Cli) of any context hands its work here,
/// so clap's parsing is compiled once, in this crate.
pub(crate) struct Program {
    tools: ToolSet,
    pub(crate) name: String,
    pub(crate) about: Option<String>,
    pub(crate) version: Option<String>,
    /// stdout is a terminal: structured results print as pretty JSON.
    pub(crate) terminal: bool,
    /// Standard input and stderr are terminals: `call.ask` prompts there.
    pub(crate) interactive: bool,
    /// Standard input is a terminal: a parameter left out does not read it.
    pub(crate) stdin_terminal: bool,
    /// stderr is a terminal: progress is a bar there.
    pub(crate) progress_bar: bool,
    /// Ctrl-C cancels the running tool (the process's own command line).
    pub(crate) interrupt: bool,
    /// The user's own commands, in the order added.
    pub(crate) commands: Vec<(clap::Command, Handler)>,
    /// The tool run when no command is named.
    pub(crate) default_tool: Option<String>,
    /// Positional parameters, short flags and other names of tools.
    pub(crate) hints: Hints,
    /// How the `mcp` subcommand serves.
    #[cfg(feature = "mcp")]
    pub(crate) mcp: McpSetup,
}

impl Program {
    pub(crate) fn new(tools: ToolSet) -> Self {
        Program {
            tools,
            name: "tools".to_owned(),
            about: None,
            version: None,
            terminal: false,
            interactive: false,
            stdin_terminal: false,
            progress_bar: false,
            interrupt: false,
            commands: Vec::new(),
            default_tool: None,
            hints: Hints::default(),
            #[cfg(feature = "mcp")]
            mcp: McpSetup::default(),
        }
    }

    /// The hints of the tools themselves, then those given to the
    /// command line.
    fn hints(&self) -> Hints {
        self.hints.with_tools(&self.tools)
    }

    /// The `clap` command: one subcommand per tool, plus `mcp`.
    pub(crate) fn command(&self) -> clap::Command {
        self.command_with(&self.hints())
    }

    fn command_with(&self, hints: &Hints) -> clap::Command {
        let own: Vec<&str> = self.commands.iter().map(|(c, _)| c.get_name()).collect();
        let mut command = command(
            &self.name,
            self.about.as_deref(),
            self.version.as_deref(),
            &self.tools,
            &own,
            hints,
        );
        for (own, _) in &self.commands {
            command = command.subcommand(own.clone());
        }
        if let Some(tool) = &self.default_tool {
            let tool = hints.command_name(tool);
            command = command.after_help(format!(
                "With no command, the arguments go to `{tool}`: `{} --flag value` is `{} {tool} --flag value`.",
                self.name, self.name
            ));
        }
        command
    }

    /// Every hint or default tool that cannot work, as a line each.
    pub(crate) fn problems(&self) -> Vec<String> {
        let mut names: Vec<&str> = self.commands.iter().map(|(c, _)| c.get_name()).collect();
        names.extend([COMPLETIONS, MAN, CHECK, "help"]);
        if cfg!(feature = "mcp") {
            names.push("mcp");
        }
        if cfg!(feature = "ai-sdk") {
            names.push("ai-sdk-tools");
        }
        #[cfg(feature = "pi")]
        names.push(crate::pi::PI_EXTENSION);
        let mut problems = self.hints().problems(&self.tools, &names);
        if let Some(tool) = &self.default_tool
            && !self.tools.contains(tool)
        {
            problems.push(format!("the default tool is no tool: `{tool}`"));
        }
        problems
    }

    /// `args` with the default tool's name put in where no command is
    /// named: before the first argument that is not `--json` and names no
    /// command, help or version.
    fn with_default_tool(&self, mut args: Vec<OsString>) -> Vec<OsString> {
        let Some(tool) = &self.default_tool else {
            return args;
        };
        let hints = self.hints();
        let tool = hints.command_name(tool);
        let command = self.command_with(&hints);
        let Some(at) = (1..args.len()).find(|&i| args[i] != "--json") else {
            return args;
        };
        let first = args[at].to_string_lossy();
        let named = command.find_subcommand(first.as_ref()).is_some()
            || ["-h", "--help", "-V", "--version"].contains(&first.as_ref());
        if !named {
            args.insert(at, OsString::from(tool));
        }
        args
    }

    /// [`run_async_from`](Self::run_async_from) on a runtime of its own,
    /// whether or not this thread already runs inside one.
    pub(crate) fn run_from(
        self,
        args: Vec<OsString>,
        input: &mut dyn Read,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> u8 {
        match Driver::new() {
            Ok(driver) => driver.block_on(self.run_async_from(args, input, out, err)),
            Err(e) => {
                let _ = writeln!(err, "cannot start the async runtime: {e}");
                EXIT_FAILED
            }
        }
    }

    /// Runs on `args` (the program name first), reading `-` values from
    /// `input`, writing a result to `out` and problems to `err`; returns
    /// the exit code. The tool (or the server) runs on the runtime this
    /// future is awaited on.
    pub(crate) async fn run_async_from(
        self,
        args: Vec<OsString>,
        input: &mut dyn Read,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> u8 {
        // Before the subcommand, or anywhere on a usage error: `--json` is
        // only known once the line parses, so a refused line is scanned.
        let problems = self.problems();
        if !problems.is_empty() {
            for line in problems {
                let _ = writeln!(err, "error: {line}");
            }
            return EXIT_FAILED;
        }
        let json_given = args.iter().skip(1).any(|arg| arg == "--json");
        let args = self.with_default_tool(args);
        let matches = match self.command().try_get_matches_from(args) {
            Ok(matches) => matches,
            Err(clap_err) => {
                let (to_stderr, code) = (clap_err.use_stderr(), clap_err.exit_code());
                let text = clap_error_text(clap_err);
                if to_stderr && json_given {
                    let style = Style {
                        json: true,
                        terminal: self.terminal,
                    };
                    let first = text.lines().next().unwrap_or_default();
                    let lines = [first.strip_prefix("error: ").unwrap_or(first).to_owned()];
                    style.failure(
                        &Failure {
                            error: "usage",
                            lines: &lines,
                        },
                        out,
                        err,
                    );
                    return u8::try_from(code).unwrap_or(EXIT_INVALID);
                }
                let _ = if to_stderr {
                    err.write_all(text.as_bytes())
                } else {
                    out.write_all(text.as_bytes())
                };
                return u8::try_from(code).unwrap_or(EXIT_INVALID);
            }
        };
        let Some((command_name, sub)) = matches.subcommand() else {
            return EXIT_INVALID;
        };
        if let Some((_, handler)) = self
            .commands
            .iter()
            .find(|(c, _)| c.get_name() == command_name)
        {
            return handler(sub, out, err);
        }
        let hints = self.hints();
        let tool_name = hints.tool_of(&self.tools, command_name).map(str::to_owned);
        if tool_name.is_none() {
            match command_name {
                COMPLETIONS => return completions(self.command_with(&hints), sub, out),
                MAN => return man(self.command_with(&hints), sub, out, err),
                #[cfg(feature = "ai-sdk")]
                AI_SDK_TOOLS => {
                    let _ = out.write_all(crate::ai_sdk::tools_module(&self.tools).as_bytes());
                    return 0;
                }
                CHECK => return check(&self.tools, sub, input, out),
                #[cfg(feature = "pi")]
                crate::pi::PI_EXTENSION => {
                    let taken = |name: &str| {
                        hints.tool_of(&self.tools, name).is_some()
                            || self.commands.iter().any(|(c, _)| c.get_name() == name)
                    };
                    let check = (!taken(CHECK)).then_some(CHECK);
                    let serves = !taken(MCP);
                    let printed =
                        crate::pi::print_extension(&self.tools, sub, check, serves, out, err);
                    return if printed { 0 } else { EXIT_FAILED };
                }
                _ => {}
            }
        }
        let style = Style {
            json: matches.get_flag(JSON_FLAG)
                || matches!(sub.try_get_one::<bool>(JSON_FLAG), Ok(Some(true))),
            terminal: self.terminal,
        };
        #[cfg(feature = "mcp")]
        if tool_name.is_none() && command_name == MCP {
            let named = mcp::Named {
                name: self.name,
                version: self.version,
            };
            return mcp::serve(self.tools, named, self.mcp, sub, err).await;
        }
        let Some(Ok(tool)) = tool_name.as_deref().map(|name| self.tools.tool(name)) else {
            return EXIT_INVALID;
        };
        let refused = |lines: &[String], out: &mut dyn Write, err: &mut dyn Write| {
            let error = "invalid arguments";
            style.failure(&Failure { error, lines }, out, err);
            EXIT_INVALID
        };
        let stdin = hints.stdin_params(tool.name());
        let files = hints.file_params(tool.name());
        let mut sources = Sources::new(input, self.stdin_terminal).files(&files);
        let args = match arguments(&tool, sub, &stdin, &mut sources) {
            Ok(args) => args,
            Err(problems) => return refused(&problems, out, err),
        };
        let failed = format!("{} failed", tool.name());
        let (call, progress) = terminal::for_command(self.interactive);
        let (answer, interrupted) = terminal::running(
            tool.call_in(args, (), call.clone()),
            &call,
            progress,
            Shown::new(self.progress_bar),
            self.interrupt,
            err,
        )
        .await;
        if interrupted {
            let lines = [CANCELLED.to_owned()];
            style.failure(
                &Failure {
                    error: CANCELLED,
                    lines: &lines,
                },
                out,
                err,
            );
            return EXIT_CANCELLED;
        }
        let schema = tool.input_schema().clone();
        match host::outcome(tool, answer) {
            Outcome::Ran(value) => {
                style.result(&host::plain_result(value), out);
                0
            }
            Outcome::Refused(input) => refused(&refused_lines(&input, &schema, &sources), out, err),
            Outcome::Failed(line) => {
                let lines = [line];
                style.failure(
                    &Failure {
                        error: &failed,
                        lines: &lines,
                    },
                    out,
                    err,
                );
                EXIT_FAILED
            }
        }
    }
}
