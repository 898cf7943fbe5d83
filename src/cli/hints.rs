//! How a tool reads on the command line beyond its schema: parameters
//! taken by position (`demo search rust`), short flags (`-q rust`), other
//! names for a flag or a tool, a parameter read from standard input, a
//! parameter whose flag takes `@path` to read a file, the command's own
//! name. Hints come from the tool (`#[arg(positional)]`,
//! checked at compile time, see [`CliHints`]) and from
//! [`Cli`](super::Cli)'s methods, the tool's first. They change the
//! command line only, never the schema other hosts see; each is checked
//! against the tools when the command line starts, and a hint that cannot
//! work is a line saying why.

use clap::{Arg, ArgAction, Command};
use serde_json::Value;
use toolsmith_runtime::{CliHints, ToolSet};

use super::flags::Flag;
use crate::host::types_of;

/// The id suffix of the positional argument that stands for a flag.
pub(crate) const POSITIONAL: &str = " (positional)";

/// One hint, for one tool.
#[derive(Clone)]
pub(crate) enum Hint {
    /// These parameters, in order, may be given by position.
    Positional(Vec<String>),
    /// The parameter has this short flag.
    Short(String, char),
    /// The tool is also called this.
    Alias(String),
    /// The parameter's flag has this other name.
    FlagAlias(String, String),
    /// The parameter reads standard input when it is not given.
    Stdin(String),
    /// The parameter's flag takes `@path` to read a file.
    File(String),
    /// The tool's command is called this instead of the tool's name.
    Name(String),
}

/// The hints given, by tool name, in the order given.
#[derive(Default, Clone)]
pub(crate) struct Hints {
    hints: Vec<(String, Hint)>,
}

impl Hints {
    pub(crate) fn push(&mut self, tool: &str, hint: Hint) {
        self.hints.push((tool.to_owned(), hint));
    }

    /// The hints the tools of `tools` give themselves, then these.
    pub(crate) fn with_tools(&self, tools: &ToolSet) -> Hints {
        let mut all = Hints::default();
        for tool in tools.tools() {
            if let Some(cli) = &tool.hints().cli {
                all.push_compiled(tool.name(), cli);
            }
        }
        all.hints.extend(self.hints.iter().cloned());
        all
    }

    /// The hints of `#[tool(cli_name)]` and `#[arg(..)]` on `tool`.
    fn push_compiled(&mut self, tool: &str, cli: &CliHints) {
        if let Some(name) = cli.name() {
            self.push(tool, Hint::Name(name.to_owned()));
        }
        let positional: Vec<String> = cli
            .params()
            .iter()
            .filter(|p| p.is_positional())
            .map(|p| p.name().to_owned())
            .collect();
        if !positional.is_empty() {
            self.push(tool, Hint::Positional(positional));
        }
        for param in cli.params() {
            if let Some(short) = param.short_flag() {
                self.push(tool, Hint::Short(param.name().to_owned(), short));
            }
            for alias in param.aliases() {
                let hint = Hint::FlagAlias(param.name().to_owned(), (*alias).to_owned());
                self.push(tool, hint);
            }
            if param.reads_stdin() {
                self.push(tool, Hint::Stdin(param.name().to_owned()));
            }
            if param.reads_file() {
                self.push(tool, Hint::File(param.name().to_owned()));
            }
        }
    }

    /// The name of `tool`'s command: its `cli_name`, else its own.
    pub(crate) fn command_name<'a>(&'a self, tool: &'a str) -> &'a str {
        self.hints
            .iter()
            .rev()
            .find_map(|(t, hint)| match hint {
                Hint::Name(name) if t == tool => Some(name.as_str()),
                _ => None,
            })
            .unwrap_or(tool)
    }

    /// The tool of `tools` whose command is `command`.
    pub(crate) fn tool_of<'a>(&self, tools: &'a ToolSet, command: &str) -> Option<&'a str> {
        tools
            .tools()
            .map(|tool| tool.name())
            .find(|name| self.command_name(name) == command)
    }

    /// The parameters of `tool` that read standard input when not given.
    pub(crate) fn stdin_params(&self, tool: &str) -> Vec<&str> {
        self.hints
            .iter()
            .filter_map(|(t, hint)| match hint {
                Hint::Stdin(param) if t == tool => Some(param.as_str()),
                _ => None,
            })
            .collect()
    }

    /// The parameters of `tool` whose flag takes `@path`.
    pub(crate) fn file_params(&self, tool: &str) -> Vec<&str> {
        self.hints
            .iter()
            .filter_map(|(t, hint)| match hint {
                Hint::File(param) if t == tool => Some(param.as_str()),
                _ => None,
            })
            .collect()
    }

    /// Every hint that cannot work, as a line each.
    pub(crate) fn problems(&self, tools: &ToolSet, commands: &[&str]) -> Vec<String> {
        let mut problems = Vec::new();
        let mut aliases: Vec<&str> = Vec::new();
        for (k, (tool, hint)) in self.hints.iter().enumerate() {
            let earlier = self.hints[..k]
                .iter()
                .filter(|(t, _)| t == tool)
                .map(|(_, h)| h);
            let Ok(found) = tools.tool(tool) else {
                problems.push(format!("a command-line hint names no tool: `{tool}`"));
                continue;
            };
            let schema = found.input_schema();
            let param = |name: &str| -> Option<&Value> { schema.get("properties")?.get(name) };
            match hint {
                Hint::Positional(names) => {
                    for (i, name) in names.iter().enumerate() {
                        let Some(sub) = param(name) else {
                            problems.push(format!(
                                "`{tool}` has no parameter `{name}` to take by position"
                            ));
                            continue;
                        };
                        let types = types_of(sub);
                        if types == ["boolean"] || types == ["object"] {
                            problems.push(format!(
                                "`{tool}`'s `{name}` cannot be taken by position: it is a {}, give it as a flag",
                                types[0]
                            ));
                        }
                        if types == ["array"] && i + 1 != names.len() {
                            problems.push(format!(
                                "`{tool}`'s `{name}` takes many values, so only the last parameter taken by position can be it"
                            ));
                        }
                        if names[..i].contains(name) {
                            problems
                                .push(format!("`{tool}`'s `{name}` is taken by position twice"));
                        }
                    }
                    if earlier.clone().any(|h| matches!(h, Hint::Positional(_))) {
                        problems.push(format!(
                            "`{tool}` has two lists of parameters taken by position: give one"
                        ));
                    }
                }
                Hint::Short(name, short) => {
                    if param(name).is_none() {
                        problems.push(format!(
                            "`{tool}` has no parameter `{name}` for the short flag -{short}"
                        ));
                    }
                    if !short.is_ascii_alphanumeric() || *short == 'h' {
                        problems.push(format!(
                            "`{tool}`'s short flag -{short} cannot be used: pick a letter or digit other than h"
                        ));
                    }
                    if earlier
                        .clone()
                        .any(|h| matches!(h, Hint::Short(_, other) if other == short))
                    {
                        problems.push(format!("`{tool}` has the short flag -{short} twice"));
                    }
                }
                Hint::Alias(alias) | Hint::Name(alias) => {
                    let other_tool = tools
                        .tools()
                        .any(|t| t.name() != tool && self.command_name(t.name()) == alias);
                    if other_tool
                        || commands.contains(&alias.as_str())
                        || aliases.contains(&alias.as_str())
                    {
                        problems.push(format!(
                            "`{alias}` cannot name `{tool}`: it already names a command"
                        ));
                    }
                    aliases.push(alias);
                }
                Hint::FlagAlias(name, alias) => {
                    if param(name).is_none() {
                        problems.push(format!(
                            "`{tool}` has no parameter `{name}` for the flag --{alias}"
                        ));
                    }
                }
                Hint::Stdin(name) => {
                    if param(name).is_none() {
                        problems.push(format!(
                            "`{tool}` has no parameter `{name}` to read from standard input"
                        ));
                    }
                }
                Hint::File(name) => {
                    if param(name).is_none() {
                        problems.push(format!(
                            "`{tool}` has no parameter `{name}` to read from a file"
                        ));
                    }
                }
            }
        }
        problems
    }

    /// `command`, a tool's subcommand, with its hints applied: the flags'
    /// own first, so that a positional argument shows its flag's help.
    pub(crate) fn apply(&self, tool: &str, mut command: Command) -> Command {
        let hints = || self.hints.iter().filter(|(t, _)| t == tool).map(|(_, h)| h);
        for hint in hints() {
            match hint {
                Hint::FlagAlias(name, alias) => {
                    let long = name.replace('_', "-");
                    if command.get_arguments().any(|a| a.get_id() == long.as_str()) {
                        command = command.mut_arg(long, |arg| arg.visible_alias(alias.clone()));
                    }
                }
                Hint::Stdin(name) | Hint::File(name) => {
                    let long = name.replace('_', "-");
                    let note = match hint {
                        Hint::Stdin(_) => "[read from standard input when left out]",
                        _ => "[@path reads the file]",
                    };
                    if command.get_arguments().any(|a| a.get_id() == long.as_str()) {
                        command = command.mut_arg(long, |arg| {
                            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                            arg.help(format!("{help} {note}").trim_start().to_owned())
                        });
                    }
                }
                _ => {}
            }
        }
        for hint in hints() {
            match hint {
                Hint::Positional(names) => {
                    for (i, name) in names.iter().enumerate() {
                        let long = name.replace('_', "-");
                        let Some(flag) = command
                            .get_arguments()
                            .find(|a| a.get_id() == long.as_str())
                            .cloned()
                        else {
                            continue;
                        };
                        let mut arg = Arg::new(format!("{long}{POSITIONAL}"))
                            .index(i + 1)
                            .value_name(long.to_uppercase())
                            .help(flag.get_help().map(ToString::to_string).unwrap_or_default())
                            .allow_negative_numbers(true)
                            .value_parser(flag.get_value_parser().clone())
                            .hide_possible_values(flag.is_hide_possible_values_set())
                            .conflicts_with(long.clone());
                        if matches!(flag.get_action(), ArgAction::Append) {
                            arg = arg.action(ArgAction::Append).num_args(1..);
                        }
                        command = command.arg(arg);
                    }
                }
                Hint::Short(name, short) => {
                    let long = name.replace('_', "-");
                    if command.get_arguments().any(|a| a.get_id() == long.as_str()) {
                        command = command.mut_arg(long, |arg| arg.short(*short));
                    }
                }
                Hint::Alias(alias) => command = command.visible_alias(alias.clone()),
                Hint::FlagAlias(..) | Hint::Stdin(_) | Hint::File(_) | Hint::Name(_) => {}
            }
        }
        command
    }
}

/// The id of the positional argument standing for `flag`.
pub(crate) fn positional_id(flag: &Flag) -> String {
    format!("{}{POSITIONAL}", flag.long())
}
