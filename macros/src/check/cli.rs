//! Command-line hints: `#[tool(cli_name = "..")]` and
//! `#[arg(positional, short = 'q', alias = "..", stdin)]`. What tokens
//! decide (names, short flags, one standard input) is checked here; what
//! needs the types is left to constants the expansion emits
//! (`expand::cli`).

use crate::ast::ToolFn;
use crate::ctxt::Ctxt;

/// The longest command or flag name a hint may give.
const MAX_NAME: usize = 64;

/// The commands every command line already has.
const RESERVED_COMMANDS: [&str; 1] = ["help"];

/// The flags every tool's command already has.
const RESERVED_FLAGS: [&str; 3] = ["help", "version", "json"];

/// The hints tokens decide: a well-formed `cli_name`, short flags that
/// clap does not reserve and that no two parameters share, aliases that
/// name no other flag, and one parameter at most reading standard input.
pub fn check_cli_hints(cx: &mut Ctxt, tool: &ToolFn) {
    if let Some(given) = &tool.cli_name {
        let name = given.value.value();
        if !is_command_name(&name) {
            cx.error(
                &given.value,
                format_args!(
                    "`cli_name = {:?}` cannot name a command: use ASCII letters, digits, `-` and `_`, starting with a letter or digit, at most {MAX_NAME} characters (`cli_name = \"find-docs\"`)",
                    name
                ),
            );
        } else if RESERVED_COMMANDS.contains(&name.as_str()) {
            cx.error(
                &given.value,
                format_args!(
                    "`cli_name = \"{name}\"` is the command line's own `{name}` command; pick another name"
                ),
            );
        }
    }
    let mut shorts: Vec<(char, &str)> = Vec::new();
    let longs: Vec<String> = tool.params.iter().map(|p| long(&p.name)).collect();
    let mut aliases: Vec<(String, &str)> = Vec::new();
    let mut stdin: Option<&str> = None;
    for field in &tool.params {
        let cli = &field.arg.cli;
        if let Some(given) = &cli.short {
            let short = given.value;
            if short == 'h' || short == 'V' {
                let what = if short == 'h' { "help" } else { "version" };
                cx.error_at(
                    given.span,
                    format_args!(
                        "`short = '{short}'` is clap's own `-{short}` ({what}); pick another letter for `{}`",
                        field.name
                    ),
                );
            } else if !short.is_ascii_alphanumeric() {
                cx.error_at(
                    given.span,
                    format_args!(
                        "`short = {short:?}` cannot be a short flag: pick an ASCII letter or digit"
                    ),
                );
            } else if let Some((_, other)) = shorts.iter().find(|(s, _)| *s == short) {
                cx.error_at(
                    given.span,
                    format_args!(
                        "`-{short}` is already the short flag of `{other}`; pick another letter for `{}`",
                        field.name
                    ),
                );
            } else {
                shorts.push((short, &field.name));
            }
        }
        for given in &cli.aliases {
            let alias = given.value.value();
            let taken = longs.contains(&alias)
                || aliases.iter().any(|(a, _)| *a == alias)
                || RESERVED_FLAGS.contains(&alias.as_str());
            if !is_flag_name(&alias) {
                cx.error(
                    &given.value,
                    format_args!(
                        "`alias = {alias:?}` cannot name a flag: use ASCII letters, digits and `-`, starting with a letter or digit, at most {MAX_NAME} characters (`alias = \"max-results\"`)"
                    ),
                );
            } else if taken {
                cx.error(
                    &given.value,
                    format_args!(
                        "`--{alias}` is already a flag of this tool; pick another alias for `{}`",
                        field.name
                    ),
                );
            } else {
                aliases.push((alias, &field.name));
            }
        }
        if let Some(given) = cli.stdin.as_ref().filter(|given| given.value) {
            match stdin {
                Some(other) => cx.error(
                    &given.key,
                    format_args!(
                        "`{other}` already reads standard input, and a tool has one; remove `stdin` from `{}`",
                        field.name
                    ),
                ),
                None => stdin = Some(&field.name),
            }
        }
    }
}

/// The flag a property reads as: `max_len` is `max-len`.
pub fn long(name: &str) -> String {
    name.replace('_', "-")
}

/// `find-docs`, `search_v2`: what a shell can type as a command.
fn is_command_name(name: &str) -> bool {
    is_flag_name(&name.replace('_', "-"))
}

/// `max-results`: what a long flag may be called.
fn is_flag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-')
        && name.len() <= MAX_NAME
}
