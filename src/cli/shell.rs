//! What a shell needs from the command line, made from the same command:
//! `completions bash|zsh|fish|powershell|elvish` prints a completion
//! script, `man` the program's man page (roff) and `man TOOL` the page of
//! one tool (`PROGRAM-TOOL(1)`, as the program's page lists it), each on
//! stdout.

use std::io::Write;

use clap::{Arg, ArgMatches, Command};
use clap_complete::Shell;

/// The subcommand that prints a completion script.
pub(crate) const COMPLETIONS: &str = "completions";
/// The subcommand that prints the man page.
pub(crate) const MAN: &str = "man";

/// `completions <SHELL>`.
pub(crate) fn completions_command(program: &str) -> Command {
    Command::new(COMPLETIONS)
        .about("Print a completion script for a shell")
        .long_about(format!(
            "Print a completion script for a shell, for example:\n  \
             bash: source <({program} completions bash)\n  \
             zsh: {program} completions zsh > \"${{fpath[1]}}/_{program}\"\n  \
             fish: {program} completions fish | source"
        ))
        .arg(
            Arg::new("shell")
                .value_name("SHELL")
                .required(true)
                .value_parser(clap::value_parser!(Shell)),
        )
}

/// `man [TOOL]`.
pub(crate) fn man_command() -> Command {
    Command::new(MAN)
        .about("Print the man page (roff) of this program, or of one of its commands")
        .arg(Arg::new("command").help("The command whose page to print"))
}

/// Writes the completion script `matches` asks for, for `command`.
pub(crate) fn completions(mut command: Command, matches: &ArgMatches, out: &mut dyn Write) -> u8 {
    let Some(shell) = matches.get_one::<Shell>("shell").copied() else {
        return super::exit::EXIT_INVALID;
    };
    let name = command.get_name().to_owned();
    // Written whole, once made: clap_complete panics on a failed write (a
    // closed pipe, `| head`), where a command line should just stop.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    let _ = out.write_all(&script);
    0
}

/// Writes the man page of `command`, or of the subcommand `matches` names.
pub(crate) fn man(
    command: Command,
    matches: &ArgMatches,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let page = match matches.get_one::<String>("command") {
        None => command,
        Some(name) => {
            let program = command.get_name().to_owned();
            let Some(sub) = command.find_subcommand(name) else {
                let _ = writeln!(
                    err,
                    "error: no command '{}' in {program}",
                    toolsmith_runtime::echo::shown(name, 60)
                );
                return super::exit::EXIT_INVALID;
            };
            let page = format!("{program}-{}", sub.get_name());
            sub.clone().name(page.clone()).bin_name(page)
        }
    };
    match clap_mangen::Man::new(page).render(out) {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "cannot write the man page: {e}");
            super::exit::EXIT_FAILED
        }
    }
}
