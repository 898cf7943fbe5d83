//! Command-line hints on the tool, from `#[tool(cli_name)]` and
//! `#[arg(positional, short, alias, stdin)]`: the exact stdout, stderr and
//! exit code of each, defaults in `--help`, and the same schema on every
//! other host as the tool without hints.

#![cfg(all(feature = "cli", feature = "mcp"))]

use serde_json::Value;
use toolsmith::cli::Cli;
use toolsmith::function_calling::{anthropic, gemini, openai};
use toolsmith::mcp::McpServer;
use toolsmith::{ToolSet, tool};

/// Saves a note under a title, with tags
///
/// # Arguments
///
/// * `title` - The note's title
/// * `tags` - Tags for the note
/// * `body` - The text of the note
/// * `pinned` - Keep it on top
/// * `priority` - How important it is
#[tool(cli_name = "add-note")]
fn save_note(
    #[arg(positional, min_length = 1)] title: String,
    #[arg(positional)] tags: Vec<String>,
    #[arg(stdin)] body: String,
    #[arg(short = 'p', alias = "pin", default = false)] pinned: bool,
    #[arg(short = 'r', alias = "prio", default = 3, min = 1, max = 5)] priority: u8,
) -> String {
    format!("{title} {tags:?} priority {priority} pinned {pinned:?}: {body}")
}

/// Saves a note under a title, with tags
///
/// # Arguments
///
/// * `title` - The note's title
/// * `tags` - Tags for the note
/// * `body` - The text of the note
/// * `pinned` - Keep it on top
/// * `priority` - How important it is
#[tool(name = "save_note", tool = "PlainSaveNote", args = "PlainSaveNoteArgs")]
fn plain_save_note(
    #[arg(min_length = 1)] title: String,
    tags: Vec<String>,
    body: String,
    #[arg(default = false)] pinned: bool,
    #[arg(default = 3, min = 1, max = 5)] priority: u8,
) -> String {
    format!("{title} {tags:?} {body} {pinned:?} {priority}")
}

fn hinted() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(SaveNote).unwrap();
    tools
}

/// Exit code, stdout, stderr of `notes ARGS...`, standard input `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("notes").chain(args.iter().copied());
    let code =
        Cli::new(hinted())
            .name("notes")
            .run_with_input(argv, &mut &stdin[..], &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn ok(stdout: &str) -> (u8, String, String) {
    (0, stdout.to_owned(), String::new())
}

#[test]
fn positionals_fill_in_order_and_the_last_takes_the_rest() {
    assert_eq!(
        run(
            &["add-note", "groceries", "milk", "eggs", "--body", "buy"],
            b""
        ),
        ok("groceries [\"milk\", \"eggs\"] priority 3 pinned false: buy\n")
    );
    assert_eq!(
        run(&["add-note", "groceries", "--body", "buy"], b""),
        (
            2,
            String::new(),
            "Invalid arguments: missing required flag --tags\n".into()
        )
    );
    // The flags still work, and say the same.
    assert_eq!(
        run(
            &[
                "add-note",
                "--title",
                "groceries",
                "--tags",
                "milk",
                "--body",
                "buy"
            ],
            b""
        ),
        ok("groceries [\"milk\"] priority 3 pinned false: buy\n")
    );
}

#[test]
fn a_positional_is_checked_like_its_flag() {
    assert_eq!(
        run(&["add-note", "", "milk", "--body", "buy"], b""),
        (
            2,
            String::new(),
            "Invalid arguments at --title: must be at least 1 character long, got 0\n".into()
        )
    );
}

#[test]
fn short_flags_and_aliases_are_the_flag() {
    assert_eq!(
        run(&["add-note", "a", "x", "-p", "-r", "5", "--body", "b"], b""),
        ok("a [\"x\"] priority 5 pinned true: b\n")
    );
    assert_eq!(
        run(
            &[
                "add-note",
                "a",
                "x",
                "--pin=false",
                "--prio",
                "1",
                "--body",
                "b"
            ],
            b""
        ),
        ok("a [\"x\"] priority 1 pinned false: b\n")
    );
    assert_eq!(
        run(&["add-note", "a", "x", "-r", "9", "--body", "b"], b""),
        (
            2,
            String::new(),
            "Invalid arguments at --priority: must be at most 5, got 9\n".into()
        )
    );
}

#[test]
fn stdin_fills_in_the_parameter_left_out() {
    assert_eq!(
        run(&["add-note", "a", "x"], "café\n".as_bytes()),
        ok("a [\"x\"] priority 3 pinned false: café\n")
    );
    // Given on the command line, standard input is not read.
    assert_eq!(
        run(&["add-note", "a", "x", "--body", "typed"], b"piped"),
        ok("a [\"x\"] priority 3 pinned false: typed\n")
    );
}

#[test]
fn stdin_that_is_not_utf8_is_a_line_naming_the_flag() {
    assert_eq!(
        run(&["add-note", "a", "x"], b"ok\xff\xfe"),
        (
            2,
            String::new(),
            "Invalid arguments at --body: standard input is not UTF-8 text (invalid byte at offset 2)\n"
                .into()
        )
    );
}

#[test]
fn empty_stdin_leaves_the_parameter_out() {
    assert_eq!(
        run(&["add-note", "a", "x"], b""),
        (
            2,
            String::new(),
            "Invalid arguments: missing required flag --body\n".into()
        )
    );
}

#[test]
fn the_command_has_its_cli_name() {
    assert_eq!(
        run(&["save_note", "a", "--body", "b"], b""),
        (
            2,
            String::new(),
            "error: unrecognized subcommand 'save_note'\n\n  tip: a similar subcommand exists: 'add-note'\n\nUsage: notes [OPTIONS] <COMMAND>\n\nFor more information, try '--help'.\n".into()
        )
    );
}

#[test]
fn help_shows_positionals_short_flags_aliases_stdin_and_defaults() {
    let (code, out, err) = run(&["add-note", "--help"], b"");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "Saves a note under a title, with tags

Usage: notes add-note [OPTIONS] [TITLE] [TAGS]...

Arguments:
  [TITLE]    The note's title [required; min length: 1]
  [TAGS]...  Tags for the note [required; repeat for each item]

Options:
      --title <TEXT>        The note's title [required; min length: 1]
      --tags <TEXT>         Tags for the note [required; repeat for each item]
      --body <TEXT>         The text of the note [required] [read from standard input when left out]
  -p, --pinned[=<BOOL>]     Keep it on top [default: false] [alias: --pin]
  -r, --priority <INTEGER>  How important it is [min: 1; max: 5] [default: 3] [alias: --prio]
      --json                Print the result, and any failure, as JSON on stdout
  -h, --help                Print help
"
    );
}

/// The tool list of every host, as JSON.
fn every_host(tools: fn() -> ToolSet) -> [Value; 4] {
    let mcp = McpServer::new(tools()).list().to_vec();
    [
        serde_json::to_value(mcp).unwrap(),
        openai::tools(&tools()),
        anthropic::tools(&tools()),
        gemini::tools(&tools()),
    ]
}

#[test]
fn hints_change_no_schema_any_other_host_sees() {
    fn plain() -> ToolSet {
        let mut tools = ToolSet::new();
        tools.register(PlainSaveNote).unwrap();
        tools
    }
    assert_eq!(every_host(hinted), every_host(plain));
}
