//! How a tool reads on the command line beyond its schema: parameters
//! taken by position (`demo search rust`), short flags (`-q rust`) and
//! other names for a tool. Hints change the command line only, never the
//! schema other hosts see; each is checked against the tools when the
//! command line starts, and a hint that cannot work is a line saying why.

use clap::{Arg, ArgAction, Command};
use serde_json::Value;
use toolsmith_runtime::ToolSet;

use super::flags::Flag;
use crate::host::types_of;

/// The id suffix of the positional argument that stands for a flag.
pub(crate) const POSITIONAL: &str = " (positional)";

/// One hint, for one tool.
pub(crate) enum Hint {
    /// These parameters, in order, may be given by position.
    Positional(Vec<String>),
    /// The parameter has this short flag.
    Short(String, char),
    /// The tool is also called this.
    Alias(String),
}

/// The hints given, by tool name, in the order given.
#[derive(Default)]
pub(crate) struct Hints {
    hints: Vec<(String, Hint)>,
}

impl Hints {
    pub(crate) fn push(&mut self, tool: &str, hint: Hint) {
        self.hints.push((tool.to_owned(), hint));
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
                Hint::Alias(alias) => {
                    if tools.contains(alias)
                        || commands.contains(&alias.as_str())
                        || aliases.contains(&alias.as_str())
                    {
                        problems.push(format!(
                            "`{alias}` cannot name `{tool}`: it already names a command"
                        ));
                    }
                    aliases.push(alias);
                }
            }
        }
        problems
    }

    /// `command`, a tool's subcommand, with its hints applied.
    pub(crate) fn apply(&self, tool: &str, mut command: Command) -> Command {
        for (_, hint) in self.hints.iter().filter(|(t, _)| t == tool) {
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
            }
        }
        command
    }
}

/// The id of the positional argument standing for `flag`.
pub(crate) fn positional_id(flag: &Flag) -> String {
    format!("{}{POSITIONAL}", flag.long())
}
