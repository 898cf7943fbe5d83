//! Pi and OMP: a set's tools inside the coding agents Pi
//! (`@mariozechner/pi-coding-agent`) and OMP (`@oh-my-pi/pi-coding-agent`),
//! as one TypeScript extension both load (feature `pi`, which brings `cli`
//! and `mcp`).
//!
//! Neither agent runs a tool as MCP does: both check every call against
//! the schema themselves, before the tool, and answer a miss in their own
//! words (echoing the model's arguments, control characters and all). The
//! module [`extension`] writes asks toolsmith first, so the model reads
//! toolsmith's lines on both:
//!
//! - every tool is registered (`pi.registerTool`) with its JSON Schema
//!   unchanged, its title as the `label`, the first paragraph of its
//!   description as the prompt line; a read-only tool is OMP's `read`
//!   tier, any other `write`, and a destructive one asks first where Pi
//!   has a UI;
//! - a call's arguments are checked in the module (required keys, types,
//!   enums, unknown keys, lengths, bounds, patterns); when that check
//!   cannot vouch for them, `PROGRAM check TOOL` decides, synchronously:
//!   the repaired arguments go on, a miss is thrown as toolsmith's lines
//!   joined by newlines. Pi asks in `prepareArguments`, before its own
//!   validator; OMP, whose tools are `loadMode: "essential"` (top-level,
//!   not behind `xd://`) and `lenientArgValidation: true`, in `execute`.
//!   A call the module vouches for costs no process start;
//! - calls go to one long-lived `PROGRAM mcp` child, started on the first
//!   call and stopped when the session ends (`session_shutdown`). The
//!   host's `signal` is sent as `notifications/cancelled`, progress goes
//!   to `onUpdate`, an `isError` result is thrown (in Pi only a thrown
//!   error is an error), and a tool's [`Call::ask`](crate::Call::ask) asks
//!   through `ctx.ui` where the session has one.
//!
//! The command line prints it: `PROGRAM pi-extension > toolsmith.ts`, then
//! `pi -e toolsmith.ts` or `omp -e toolsmith.ts` (or the file put in
//! `.pi/extensions/` or `.omp/extensions/`). The module imports node
//! built-ins only, and names the program by the path it was printed from
//! (`--program` names another).
//!
//! ```
//! use toolsmith::tool;
//!
//! /// Says hello
//! #[tool]
//! fn greet(name: String) -> String {
//!     format!("hello, {name}")
//! }
//!
//! let mut tools = toolsmith::ToolSet::new();
//! tools.register(Greet).unwrap();
//! let module = toolsmith::pi::extension(&tools, &["/usr/local/bin/greeter"]);
//! assert!(module.contains(r#"const COMMAND: string[] = ["/usr/local/bin/greeter"];"#));
//! assert!(module.contains(r#""name":"greet""#));
//! ```

use std::io::Write;

use clap::{Arg, ArgMatches, Command};
use serde_json::{Value, json};
use toolsmith_runtime::ToolSet;

/// The module, with its blanks: `__PROGRAM__`, `__COMMAND__`, `__CHECK__`,
/// `__MCP__`, `__TOOLS__`.
const TEMPLATE: &str = include_str!("extension.ts");

/// The built-in subcommand that prints the module, unless a tool is
/// already called so.
pub(crate) const PI_EXTENSION: &str = "pi-extension";

/// The id of `pi-extension`'s `--program` flag.
const PROGRAM: &str = "program";

/// The TypeScript extension that gives Pi and OMP the tools of `tools`,
/// run by `command` (the program and any arguments before its
/// subcommand): `command mcp` serves the calls and `command check TOOL`
/// checks the arguments the module cannot vouch for, as the command line
/// of [`Cli`](crate::cli::Cli) does.
pub fn extension<C>(tools: &ToolSet<C>, command: &[&str]) -> String {
    module(tools, command, Some("check"))
}

/// [`extension`], with the program's `check` subcommand named (`None`: the
/// program has none, so a call the module cannot vouch for goes to the
/// host's validator).
pub(crate) fn module<C>(tools: &ToolSet<C>, command: &[&str], check: Option<&str>) -> String {
    let described: Vec<Value> = tools
        .tools()
        .map(|tool| {
            let annotations = &tool.hints().annotations;
            let description = tool.description();
            json!({
                "name": tool.name(),
                "label": annotations.title.as_deref().unwrap_or(tool.name()),
                "description": description,
                "snippet": description.split("\n\n").next().unwrap_or_default().replace('\n', " "),
                "parameters": tool.input_schema(),
                "readOnly": annotations.read_only == Some(true),
                "destructive": annotations.read_only != Some(true) && annotations.destructive == Some(true),
            })
        })
        .collect();
    let program = command.first().copied().unwrap_or_default();
    TEMPLATE
        .replace("__PROGRAM__", &comment_safe(program))
        .replace("__COMMAND__", &script_json(&json!(command)))
        .replace("__CHECK__", &script_json(&json!(check)))
        .replace("__MCP__", &script_json(&json!("mcp")))
        .replace("__TOOLS__", &script_json(&json!(described)))
}

/// JSON as a TypeScript literal: JSON is one, and the two line separators
/// JSON keeps raw are escaped for older parsers.
fn script_json(value: &Value) -> String {
    value
        .to_string()
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// A program's path inside a `//` comment: one line.
fn comment_safe(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// `pi-extension [--program PATH]`.
pub(crate) fn extension_command() -> Command {
    Command::new(PI_EXTENSION)
        .about("Print a TypeScript extension that gives Pi and OMP these tools")
        .arg(
            Arg::new(PROGRAM)
                .long(PROGRAM)
                .value_name("PATH")
                .help("The program the extension runs (default: this one, by its full path)"),
        )
}

/// Prints the module for the program's own tools (`check` its check
/// subcommand, where it has one; `serves` whether it has its `mcp` one);
/// `false`, with a line on `err`, when it cannot.
pub(crate) fn print_extension(
    tools: &ToolSet,
    matches: &ArgMatches,
    check: Option<&str>,
    serves: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> bool {
    if !serves {
        let _ = writeln!(
            err,
            "error: a tool is called `mcp`, so this program cannot serve its tools to the extension"
        );
        return false;
    }
    let program = match matches.get_one::<String>(PROGRAM) {
        Some(program) => program.clone(),
        None => match std::env::current_exe() {
            Ok(path) => path.to_string_lossy().into_owned(),
            Err(e) => {
                let _ = writeln!(err, "error: cannot find this program's path: {e}");
                return false;
            }
        },
    };
    let _ = out.write_all(module(tools, &[&program], check).as_bytes());
    true
}
