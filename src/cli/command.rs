//! The `clap` command a set of tools makes: one subcommand per tool, a
//! flag per property of its schema (nested objects flattened with `.`,
//! arrays as repeated flags, booleans as switches), with descriptions,
//! allowed values and bounds in `--help`; and the built-in subcommands
//! (`completions`, `man`, `check`, `mcp` with `--http ADDR` and
//! `--stateless` under the `mcp-http` feature, `ai-sdk-tools`,
//! `pi-extension`).

use clap::{Arg, ArgAction, Command};
use toolsmith_runtime::{ToolRef, ToolSet};

use super::check::{CHECK, check_command};
use super::flags::flags;
use super::hints::Hints;
use super::output::JSON_FLAG;
use super::shell::{COMPLETIONS, MAN, completions_command, man_command};

/// The subcommand that serves the tools over MCP (with the `mcp` feature),
/// unless a tool is already called so.
pub(crate) const MCP: &str = "mcp";

/// `mcp`'s flag naming the address to serve Streamable HTTP at.
pub(crate) const MCP_HTTP: &str = "http";

/// `mcp`'s flag for a server without sessions.
pub(crate) const MCP_STATELESS: &str = "stateless";

/// `mcp`'s flag naming the Redis (or Valkey) that replicas keep their
/// sessions and tasks in (feature `redis`).
pub(crate) const MCP_REDIS: &str = "redis";

/// The subcommand that prints the AI SDK module (with the `ai-sdk`
/// feature), unless a tool is already called so.
pub(crate) const AI_SDK_TOOLS: &str = "ai-sdk-tools";

/// The command: one subcommand per tool, plus `completions`, `man` and,
/// with the `mcp` feature, `mcp`, and with `ai-sdk`, `ai-sdk-tools` (each unless a tool is already called
/// so); the user's own commands, named in `own`, take the place of a tool
/// or built-in command of the same name.
pub(crate) fn command(
    name: &str,
    about: Option<&str>,
    version: Option<&str>,
    tools: &ToolSet,
    own: &[&str],
    hints: &Hints,
) -> Command {
    let taken = |name: &str| hints.tool_of(tools, name).is_some() || own.contains(&name);
    let mut command = Command::new(name.to_owned())
        .bin_name(name.to_owned())
        .subcommand_required(true)
        .arg_required_else_help(true)
        .arg(json_flag());
    if let Some(about) = about {
        command = command.about(about.to_owned());
    }
    if let Some(version) = version {
        command = command.version(version.to_owned());
    }
    for tool in tools.tools() {
        let name = hints.command_name(tool.name());
        if !own.contains(&name) {
            let sub = tool_command(&tool, name);
            command = command.subcommand(hints.apply(tool.name(), sub));
        }
    }
    if !taken(COMPLETIONS) {
        command = command.subcommand(completions_command(name));
    }
    if !taken(MAN) {
        command = command.subcommand(man_command());
    }
    if cfg!(feature = "mcp") && !taken(MCP) {
        command = command.subcommand(mcp_command());
    }
    if cfg!(feature = "ai-sdk") && !taken(AI_SDK_TOOLS) {
        command = command.subcommand(
            Command::new(AI_SDK_TOOLS)
                .about("Print the ES module that gives these tools to the AI SDK over MCP"),
        );
    }
    if !taken(CHECK) {
        command = command.subcommand(check_command(tools));
    }
    #[cfg(feature = "pi")]
    if !taken(crate::pi::PI_EXTENSION) {
        command = command.subcommand(crate::pi::extension_command());
    }
    command
}

/// `mcp`: the tools over MCP on standard input and output, or, with the
/// `mcp-http` feature, over Streamable HTTP (`--http ADDR`, `--stateless`).
fn mcp_command() -> Command {
    let command = Command::new(MCP);
    if !cfg!(feature = "mcp-http") {
        return command.about(
            "Serve these tools over MCP (Model Context Protocol) on standard input and output",
        );
    }
    let command = command
        .about("Serve these tools over MCP (Model Context Protocol) on stdio, or HTTP with --http")
        .arg(
            Arg::new(MCP_HTTP)
                .long(MCP_HTTP)
                .value_name("ADDR")
                .help("Serve over Streamable HTTP at http://ADDR/mcp (port 0 picks a free one)"),
        )
        .arg(
            Arg::new(MCP_STATELESS)
                .long(MCP_STATELESS)
                .action(ArgAction::SetTrue)
                .requires(MCP_HTTP)
                .help(
                    "With --http: no sessions; a 2025-11-25 client then cannot be asked mid-call",
                ),
        );
    if !cfg!(feature = "redis") {
        return command;
    }
    command.arg(
        Arg::new(MCP_REDIS)
            .long(MCP_REDIS)
            .value_name("URL")
            .requires(MCP_HTTP)
            .help("With --http: sessions and tasks in the Redis at URL, shared by replicas"),
    )
}

/// One subcommand, called `name`: a flag per property, nested objects
/// flattened with `.`.
fn tool_command(tool: &ToolRef<'_>, name: &str) -> Command {
    let description = tool.description();
    let about = description
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .to_owned();
    let mut command = Command::new(name.to_owned()).about(about);
    let kebab = name.replace('_', "-");
    if kebab != name {
        command = command.visible_alias(kebab);
    }
    if description.contains("\n\n") {
        command = command.long_about(description.to_owned());
    }
    let flags = flags(tool.input_schema());
    let own_json = flags.iter().any(|flag| flag.long() == JSON_FLAG);
    for flag in flags {
        command = command.arg(flag.arg());
    }
    if !own_json {
        command = command.arg(json_flag());
    }
    command
}

/// `--json`, on the program and on every tool that has no `json` property
/// of its own: `demo --json search …` and `demo search … --json` alike.
fn json_flag() -> Arg {
    Arg::new(JSON_FLAG)
        .long(JSON_FLAG)
        .action(ArgAction::SetTrue)
        .help("Print the result, and any failure, as JSON on stdout")
}
