//! The built-in `check` subcommand: a tool's arguments, as JSON on
//! standard input, checked as a call would check them, and the tool never
//! run. It prints the arguments the tool would get (repaired where the
//! set's repairs allow), compact JSON on one line, and exits 0; or the
//! lines a model reads for a bad call (`Invalid arguments at /separator:
//! …`), one per problem, on stdout, and exits 2. A host that validates
//! calls before they reach toolsmith (the Pi and OMP extension) asks here
//! first.

use std::io::{Read, Write};

use clap::{Arg, ArgMatches, Command};
use toolsmith_runtime::{JsonLimits, ToolSet, parse_json_text};

use super::exit::EXIT_INVALID;

/// The subcommand that checks a call's arguments without making it,
/// unless a tool is already called so.
pub(crate) const CHECK: &str = "check";

/// The id of its one argument, the tool's name.
const TOOL: &str = "tool";

/// `check TOOL`, the tool one of the set's names.
pub(crate) fn check_command(tools: &ToolSet) -> Command {
    let names: Vec<String> = tools.names().map(str::to_owned).collect();
    Command::new(CHECK)
        .about("Check a call's JSON arguments, read on standard input, without running the tool")
        .long_about(
            "Check a call's JSON arguments, read on standard input, without running the tool.\n\n\
             Prints the arguments the tool would be called with (repaired where the tools \
             allow), as one line of JSON, and exits 0; or one line per problem, as a model \
             reads them, and exits 2.",
        )
        .arg(
            Arg::new(TOOL)
                .required(true)
                .value_name("TOOL")
                .value_parser(clap::builder::PossibleValuesParser::new(names))
                .help("The tool, by the name a model calls it"),
        )
}

/// Runs `check` on the arguments read from `input`: the arguments the
/// tool would get, or the lines, on `out`; the exit code.
pub(crate) fn check(
    tools: &ToolSet,
    matches: &ArgMatches,
    input: &mut dyn Read,
    out: &mut dyn Write,
) -> u8 {
    let name = matches.get_one::<String>(TOOL).map_or("", String::as_str);
    let Ok(tool) = tools.tool(name) else {
        return EXIT_INVALID;
    };
    let mut text = Vec::new();
    let limit = tools.limits().max_bytes;
    let read = input.take(limit as u64 + 1).read_to_end(&mut text);
    let limits = JsonLimits {
        max_depth: tools.limits().max_depth,
        max_bytes: limit,
    };
    let checked = match read {
        Err(e) => Err(vec![format!(
            "Invalid arguments: cannot read standard input: {e}"
        )]),
        // No input at all is a call without arguments.
        Ok(_) if text.iter().all(u8::is_ascii_whitespace) => tool
            .check(serde_json::Value::Null)
            .map_err(|err| err.lines()),
        Ok(_) => match parse_json_text(&text, &limits) {
            Ok(args) => tool.check(args).map_err(|err| err.lines()),
            Err(err) => Err(vec![err.line()]),
        },
    };
    match checked {
        Ok(args) => {
            let _ = writeln!(out, "{args}");
            0
        }
        Err(lines) => {
            for line in lines {
                let _ = writeln!(out, "{line}");
            }
            EXIT_INVALID
        }
    }
}
