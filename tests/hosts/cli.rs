//! The command line: flags from the schema, the same lines with flag names
//! on stderr, exit codes 2 (bad input), 1 (the tool failed), 0 (a result on
//! stdout: text as it is, anything else as JSON; every outcome as JSON
//! with `--json`); values read from standard input and files. Help texts are snapshots in `tests/snapshots/hosts/`,
//! refreshed with `TOOLSMITH_SNAPSHOTS=overwrite`.

#![cfg(feature = "cli")]

use crate::demo_tools;

use serde_json::{Value, json};
use toolsmith::cli::Cli;
use toolsmith::{DynamicTool, ToolSet};

/// Exit code, stdout, stderr of `cli ARGS...` over `tools`.
fn run_with(tools: ToolSet, args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("cli").chain(args.iter().copied());
    let code = Cli::new(tools)
        .name("cli")
        .about("The toolsmith example tools")
        .run_from(argv, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn run(args: &[&str]) -> (u8, String, String) {
    run_with(demo_tools::tools(), args)
}

fn assert_snapshot(name: &str, actual: &str) {
    crate::support::assert_snapshot_text(&format!("hosts/{name}"), actual);
}

#[test]
fn bounds_line_names_the_flag_and_exits_2() {
    assert_eq!(
        run(&["search", "--query", "rust", "--limit", "500"]),
        (
            2,
            String::new(),
            "Invalid arguments at --limit: must be at most 50, got 500\n".into()
        )
    );
}

#[test]
fn every_problem_is_a_line() {
    assert_eq!(
        run(&["search", "--query", "", "--limit", "five"]),
        (
            2,
            String::new(),
            "Invalid arguments at --query: must be at least 1 character long, got 0\n\
             Invalid arguments at --limit: must be an integer, got string \"five\"\n"
                .into()
        )
    );
    assert_eq!(
        run(&["slugify", "--text", " ", "--separator", "+"]),
        (
            2,
            String::new(),
            "Invalid arguments at --text: must match pattern \"\\S\"\n\
             Invalid arguments at --separator: must be one of -, _, ., got \"+\"\n"
                .into()
        )
    );
}

#[test]
fn missing_values_name_their_flags() {
    assert_eq!(
        run(&["move_point", "--point.x", "1", "--dx", "1"]),
        (
            2,
            String::new(),
            "Invalid arguments: missing required flag --dy\n\
             Invalid arguments: missing required flag --point.y\n"
                .into()
        )
    );
}

#[test]
fn a_text_result_is_plain_and_a_structured_one_compact_json_in_a_pipe() {
    assert_eq!(
        run(&["slugify", "--text", "Hello, World!", "--separator", "_"]),
        (0, "hello_world\n".into(), String::new())
    );
    assert_eq!(
        run(&["search", "--query", "rust", "--limit", "2"]),
        (
            0,
            "[\"rust: ownership and borrowing\",\"rust: traits and generics\"]\n".into(),
            String::new()
        )
    );
    assert_eq!(
        run(&["list-notes", "--tag", "python"]),
        (
            0,
            "[\"python: virtual environments\"]\n".into(),
            String::new()
        )
    );
}

#[test]
fn nested_objects_take_dotted_flags_or_json() {
    let moved = "{\"x\":2.0,\"y\":1.0}\n";
    let dotted = ["move_point", "--point.x", "1", "--point.y", "2"];
    let json = ["move-point", "--point", r#"{"x": 1, "y": 2}"#];
    for point in [&dotted[..], &json[..]] {
        let args = [point, &["--dx", "1", "--dy", "-1"]].concat();
        assert_eq!(run(&args), (0, moved.into(), String::new()), "{args:?}");
    }
    assert_eq!(
        run(&[
            "move_point",
            "--point.x",
            "one",
            "--point.y",
            "2",
            "--dx",
            "1",
            "--dy",
            "1"
        ]),
        (
            2,
            String::new(),
            "Invalid arguments at --point.x: must be a number, got string \"one\"\n".into()
        )
    );
}

#[test]
fn a_failing_tool_exits_1() {
    assert_eq!(
        run(&["divide", "--dividend", "1", "--divisor", "0"]),
        (
            1,
            String::new(),
            "divide failed: cannot divide by zero\n".into()
        )
    );
}

#[test]
fn usage_errors_are_clap_s_with_exit_2() {
    let (code, out, err) = run(&["search", "--query", "rust", "--sort", "new"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("error: unexpected argument '--sort' found"),
        "{err}"
    );
    let (code, _, err) = run(&["serch"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: unrecognized subcommand 'serch'"),
        "{err}"
    );
}

/// A dynamic tool with a boolean, an array, an integer enum and a nested
/// object two levels down.
fn flags_tool() -> ToolSet {
    let mut tools = ToolSet::new();
    tools
        .register_dynamic(DynamicTool::new(
            "tag",
            "Tags a page",
            json!({
                "type": "object",
                "properties": {
                    "tags": {"type": "array", "items": {"type": "string", "minLength": 2}, "maxItems": 3, "description": "Tags to add"},
                    "dry_run": {"type": "boolean", "description": "Only show what would change"},
                    "level": {"type": "integer", "enum": [1, 2, 3]},
                    "page": {
                        "type": "object",
                        "properties": {
                            "site": {
                                "type": "object",
                                "properties": {"host": {"type": "string"}},
                                "required": ["host"],
                                "additionalProperties": false
                            },
                            "path": {"type": "string"}
                        },
                        "required": ["site"],
                        "additionalProperties": false
                    }
                },
                "required": ["tags"],
                "additionalProperties": false
            }),
            |args: Value, ()| async move { Ok(args) },
        ))
        .unwrap();
    tools
}

#[test]
fn booleans_arrays_and_deep_objects() {
    let (code, out, err) = run_with(
        flags_tool(),
        &[
            "tag",
            "--tags",
            "ab",
            "--tags",
            "cd",
            "--dry-run",
            "--level",
            "2",
            "--page.site.host",
            "example.org",
        ],
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        serde_json::from_str::<Value>(&out).unwrap(),
        json!({"tags": ["ab", "cd"], "dry_run": true, "level": 2, "page": {"site": {"host": "example.org"}}})
    );
    let (code, out, _) = run_with(flags_tool(), &["tag", "--tags", "ab", "--dry-run=false"]);
    assert_eq!(
        (code, serde_json::from_str::<Value>(&out).unwrap()),
        (0, json!({"tags": ["ab"], "dry_run": false}))
    );
    assert_eq!(
        run_with(
            flags_tool(),
            &[
                "tag",
                "--tags",
                "a",
                "--tags",
                "bc",
                "--level",
                "7",
                "--dry-run=maybe"
            ]
        ),
        (
            2,
            String::new(),
            "Invalid arguments at --tags[0]: must be at least 2 characters long, got 1\n\
             Invalid arguments at --dry-run: must be a boolean, got string \"maybe\"\n\
             Invalid arguments at --level: must be one of 1, 2, 3, got number 7\n"
                .into()
        )
    );
}

#[test]
fn help_shows_descriptions_values_and_bounds() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert_snapshot("cli-help.txt", &out);
    for tool in ["slugify", "move_point", "search"] {
        let (code, out, _) = run(&[tool, "--help"]);
        assert_eq!(code, 0);
        assert_snapshot(&format!("cli-help-{tool}.txt"), &out);
    }
    let (_, out, _) = run_with(flags_tool(), &["tag", "--help"]);
    assert_snapshot("cli-help-tag.txt", &out);
}

#[test]
fn usage_errors_never_repeat_a_hostile_argument_raw() {
    let hostile = "--x\nInvalid arguments: forged\u{202e}\u{9b}31m\u{1b}[2Jend";
    let (code, out, err) = run(&["search", "--query", "rust", hostile]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        // Line breaks become spaces; escapes and the bidi override go.
        "error: unexpected argument '--x Invalid arguments: forgedend' found\n\
         \n\
         Usage: cli search --query <TEXT>\n\
         \n\
         For more information, try '--help'.\n"
    );
    let long = format!("--{}", "y".repeat(100_000));
    let (code, _, err) = run(&["search", "--query", "rust", &long]);
    assert_eq!(code, 2);
    let shown = format!("--{}…", "y".repeat(58));
    assert!(
        err.starts_with(&format!("error: unexpected argument '{shown}' found\n")),
        "{err}"
    );
    assert!(err.len() < 1_000, "{} bytes", err.len());
}

#[test]
fn the_name_given_is_the_one_in_usage_lines() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = Cli::new(demo_tools::tools()).name("demo").run_from(
        ["/usr/local/bin/other-binary", "search", "--sort"],
        &mut out,
        &mut err,
    );
    let err = String::from_utf8(err).unwrap();
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: unexpected argument '--sort' found\n\
         \n\
         Usage: demo search [OPTIONS]\n\
         \n\
         For more information, try '--help'.\n"
    );
}

#[test]
fn a_failure_message_is_one_line_on_stderr() {
    let mut tools = ToolSet::new();
    tools
        .register_dynamic(DynamicTool::new(
            "fail",
            "Always fails",
            json!({"type": "object", "properties": {}, "additionalProperties": false}),
            |_: Value, ()| async move {
                Err(toolsmith::ToolError::new(
                    "disk full\n\nInvalid arguments: missing required flag --confirm",
                ))
            },
        ))
        .unwrap();
    assert_eq!(
        run_with(tools, &["fail"]),
        (
            1,
            String::new(),
            "fail failed: disk full Invalid arguments: missing required flag --confirm\n".into()
        )
    );
}

#[test]
fn null_is_not_read_from_a_flag() {
    // `--limit null` is text, not a way to leave the limit out.
    assert_eq!(
        run(&["search", "--query", "rust", "--limit", "null"]),
        (
            2,
            String::new(),
            "Invalid arguments at --limit: must be an integer, got string \"null\"\n".into()
        )
    );
}

/// Exit code, stdout, stderr of `cli ARGS...` over the example tools, with
/// `stdin` as standard input.
fn run_input(args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("cli").chain(args.iter().copied());
    let code = Cli::new(demo_tools::tools()).name("cli").run_with_input(
        argv,
        &mut &stdin[..],
        &mut out,
        &mut err,
    );
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn ok(out: &str) -> (u8, String, String) {
    (0, out.into(), String::new())
}

#[test]
fn json_makes_every_outcome_json_on_stdout() {
    assert_eq!(
        run(&[
            "--json",
            "slugify",
            "--text",
            "Hello, World!",
            "--separator",
            "-"
        ]),
        ok("\"hello-world\"\n")
    );
    assert_eq!(
        run(&["search", "--query", "async", "--json"]),
        ok("[\"rust: async and await\"]\n")
    );
    assert_eq!(
        run(&["--json", "search", "--query", "rust", "--limit", "500"]),
        ok("{\"error\":\"invalid arguments\",\"lines\":[\"Invalid arguments at --limit: must be at most 50, got 500\"]}\n")
            .with_code(2)
    );
    assert_eq!(
        run(&["divide", "--json", "--dividend", "1", "--divisor", "0"]),
        ok("{\"error\":\"divide failed\",\"lines\":[\"divide failed: cannot divide by zero\"]}\n")
            .with_code(1)
    );
    assert_eq!(
        run(&["--json", "search", "--sort"]),
        ok("{\"error\":\"usage\",\"lines\":[\"unexpected argument '--sort' found\"]}\n")
            .with_code(2)
    );
}

trait WithCode {
    fn with_code(self, code: u8) -> Self;
}

impl WithCode for (u8, String, String) {
    fn with_code(mut self, code: u8) -> Self {
        self.0 = code;
        self
    }
}

#[test]
fn a_text_result_is_sanitized_and_keeps_its_lines() {
    assert_eq!(run_with(say_tools(), &["say"]), ok("one\ntwo\n"));
    assert_eq!(
        run_with(say_tools(), &["say", "--json"]),
        ok("\"one\\u001b[2J\\r\\ntwo\"\n")
    );
}

/// A tool whose text result holds escapes, a bidi override and `\r\n`.
fn say_tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools
        .register_dynamic(DynamicTool::new(
            "say",
            "Says something hostile",
            json!({"type": "object", "properties": {}, "additionalProperties": false}),
            |_: Value, ()| async move { Ok(Value::from("one\x1b[2J\u{202e}\r\ntwo\u{9b}31m")) },
        ))
        .unwrap();
    tools
}

#[test]
fn negative_numbers_are_values() {
    assert_eq!(
        run(&["search", "--query", "rust", "--limit", "-12"]),
        (
            2,
            String::new(),
            "Invalid arguments at --limit: must be at least 1, got -12\n".into()
        )
    );
    assert_eq!(
        run(&[
            "move-point",
            "--point.x",
            "-1.5",
            "--point.y",
            "0",
            "--dx",
            "-12",
            "--dy",
            "-0.5"
        ]),
        ok("{\"x\":-13.5,\"y\":-0.5}\n")
    );
}

#[test]
fn a_dash_reads_standard_input() {
    assert_eq!(
        run_input(&["search", "--query", "-"], b"async"),
        ok("[\"rust: async and await\"]\n")
    );
    // What is read is taken as it is: a trailing newline stays in text,
    // and JSON around it reads as JSON.
    assert_eq!(
        run_input(
            &["slugify", "--text", "-", "--separator", "_"],
            "Hello World\n".as_bytes()
        ),
        ok("hello_world\n")
    );
    assert_eq!(
        run_input(
            &["move_point", "--point", "-", "--dx", "1", "--dy", "1"],
            b"{\"x\": 1, \"y\": 2}\n"
        ),
        ok("{\"x\":2.0,\"y\":3.0}\n")
    );
    assert_eq!(
        run_input(&["search", "--query", "rust", "--limit", "-"], b"1\n"),
        ok("[\"rust: ownership and borrowing\"]\n")
    );
}

#[test]
fn standard_input_is_strict_utf8_read_once() {
    assert_eq!(
        run_input(&["search", "--query", "-"], b"ru\xffst"),
        (
            2,
            String::new(),
            "Invalid arguments at --query: standard input is not UTF-8 text (invalid byte at offset 2)\n".into()
        )
    );
    assert_eq!(
        run_input(&["search", "--query", "-"], b""),
        (
            2,
            String::new(),
            "Invalid arguments at --query: must be at least 1 character long, got 0\n".into()
        )
    );
    assert_eq!(
        run_input(
            &["move_point", "--point", "-", "--dx", "-", "--dy", "1"],
            b"{}"
        ),
        (
            2,
            String::new(),
            "Invalid arguments: only one flag may read standard input (-), got --point and --dx\n"
                .into()
        )
    );
    // `-` is a separator `slugify` allows: it is that value, not stdin.
    assert_eq!(
        run_input(&["slugify", "--text", "-", "--separator", "-"], b"a b"),
        ok("a-b\n")
    );
}

#[test]
fn standard_input_is_read_up_to_a_bound() {
    let big = vec![b'a'; (16 << 20) + 1];
    assert_eq!(
        run_input(&["search", "--query", "-"], &big),
        (
            2,
            String::new(),
            "Invalid arguments at --query: cannot read standard input: longer than 16 MiB\n".into()
        )
    );
}

/// A file under the build directory holding `bytes`.
fn file_with(name: &str, bytes: &[u8]) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-input");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn at_path_reads_a_file_and_at_at_is_a_literal_at() {
    let query = file_with("query.txt", b"traits");
    assert_eq!(
        run(&["search", "--query", &format!("@{query}")]),
        ok("[\"rust: traits and generics\"]\n")
    );
    let point = file_with("point.json", b"{\"x\": 0.5, \"y\": 1}");
    assert_eq!(
        run(&[
            "move_point",
            "--point",
            &format!("@{point}"),
            "--dx",
            "1",
            "--dy",
            "1"
        ]),
        ok("{\"x\":1.5,\"y\":2.0}\n")
    );
    let tags = [
        file_with("tag-a.txt", b"python"),
        file_with("tag-b.txt", b"ab"),
    ];
    let (code, out, err) = run_with(
        flags_tool(),
        &[
            "tag",
            "--tags",
            &format!("@{}", tags[0]),
            "--tags",
            "@@b",
            "--tags",
            &format!("@{}", tags[1]),
        ],
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "{\"tags\":[\"python\",\"@b\",\"ab\"]}\n");
    assert_eq!(
        run(&["slugify", "--text", "@@home", "--separator", "_"]),
        ok("home\n")
    );
}

#[test]
fn a_file_that_cannot_be_read_is_a_line_naming_the_flag() {
    assert_eq!(
        run(&["search", "--query", "@/nonexistent/query.txt"]),
        (
            2,
            String::new(),
            "Invalid arguments at --query: cannot read file \"/nonexistent/query.txt\": \
             No such file or directory (os error 2)\n"
                .into()
        )
    );
    let latin1 = file_with("latin1.txt", b"caf\xe9");
    assert_eq!(
        run(&["search", "--query", &format!("@{latin1}")]),
        (
            2,
            String::new(),
            format!(
                "Invalid arguments at --query: file \"{latin1}\" is not UTF-8 text (invalid byte at offset 3)\n"
            )
        )
    );
}

#[test]
fn completion_scripts_name_every_tool_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (code, out, err) = run(&["completions", shell]);
        assert_eq!((code, err.as_str()), (0, ""), "{shell}");
        for name in [
            "slugify",
            "move_point",
            "search",
            "list_notes",
            "divide",
            "mcp",
            "man",
        ] {
            assert!(out.contains(name), "{shell} script lacks {name}");
        }
        assert!(out.contains("query"), "{shell} script lacks the query flag");
    }
    let (code, out, _) = run(&["completions", "fish"]);
    assert_eq!(code, 0);
    assert_snapshot("cli-completions.fish", &out);
    let (code, out, err) = run(&["completions", "tcsh"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("error: invalid value 'tcsh' for '<SHELL>'\n  [possible values: bash, elvish, fish, powershell, zsh]\n"),
        "{err}"
    );
}

/// The bash script, loaded by a real bash, completes a tool's name and its
/// flags.
#[test]
fn bash_completes_tools_and_flags() {
    let (_, script, _) = run(&["completions", "bash"]);
    let path = file_with("cli.bash", script.as_bytes());
    let complete = |words: &str| {
        let shell = format!(
            "source '{path}'; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
             _cli cli \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; \
             printf '%s\\n' \"${{COMPREPLY[@]}}\""
        );
        let output = std::process::Command::new("bash")
            .args(["--norc", "-c", &shell])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(complete("cli se"), "search\n");
    assert_eq!(complete("cli search --q"), "--query\n");
    assert_eq!(
        complete("cli move_point --point."),
        "--point.x\n--point.y\n"
    );
}

#[test]
fn the_man_page_lists_every_tool_and_each_has_its_own() {
    let (code, out, err) = run(&["man"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_snapshot("cli.1", &out);
    let (code, out, err) = run(&["man", "search"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_snapshot("cli-search.1", &out);
    assert_eq!(
        run(&["man", "serch"]),
        (
            2,
            String::new(),
            "error: no command 'serch' in cli\n".into()
        )
    );
}

#[test]
fn no_colour_is_ever_written() {
    for args in [
        &["--help"][..],
        &["search", "--help"],
        &["search", "--sort"],
        &["serch"],
    ] {
        let (_, out, err) = run(args);
        assert!(!out.contains('\x1b') && !err.contains('\x1b'), "{args:?}");
    }
}

/// Exit code, stdout, stderr of `cli ARGS...` over `cli`.
fn run_cli(cli: Cli, args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("cli").chain(args.iter().copied());
    let code = cli.run_with_input(argv, &mut &b""[..], &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// The example tools with a `greet` command of the user's own.
fn with_greet() -> Cli {
    Cli::new(demo_tools::tools()).name("cli").subcommand(
        clap::Command::new("greet")
            .about("Says hello")
            .arg(clap::Arg::new("who").required(true))
            .arg(
                clap::Arg::new("loud")
                    .long("loud")
                    .action(clap::ArgAction::SetTrue),
            ),
        |matches, out, err| {
            let who = matches.get_one::<String>("who").unwrap();
            if who == "nobody" {
                let _ = writeln!(err, "no one to greet");
                return 3;
            }
            let greeting = format!("hello {who}");
            let shown = if matches.get_flag("loud") {
                greeting.to_uppercase()
            } else {
                greeting
            };
            let _ = writeln!(out, "{shown}");
            0
        },
    )
}

#[test]
fn a_command_of_ones_own_runs_beside_the_tools() {
    assert_eq!(
        run_cli(with_greet(), &["greet", "ada", "--loud"]),
        ok("HELLO ADA\n")
    );
    assert_eq!(
        run_cli(with_greet(), &["greet", "nobody"]),
        (3, String::new(), "no one to greet\n".into())
    );
    assert_eq!(
        run_cli(with_greet(), &["search", "--query", "sql"]),
        ok("[\"sql: window functions\"]\n")
    );
    let (code, out, _) = run_cli(with_greet(), &["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("\n  greet         Says hello\n"), "{out}");
    let (code, _, err) = run_cli(with_greet(), &["greet"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: the following required arguments were not provided:\n  <who>\n"),
        "{err}"
    );
    // It takes the place of a tool of the same name.
    let replaced = Cli::new(demo_tools::tools()).name("cli").subcommand(
        clap::Command::new("divide"),
        |_, out, _| {
            let _ = writeln!(out, "mine");
            0
        },
    );
    assert_eq!(run_cli(replaced, &["divide"]), ok("mine\n"));
}

#[test]
fn a_default_tool_runs_when_no_command_is_named() {
    let cli = || {
        Cli::new(demo_tools::tools())
            .name("cli")
            .default_tool("search")
    };
    assert_eq!(
        run_cli(cli(), &["--query", "async"]),
        ok("[\"rust: async and await\"]\n")
    );
    assert_eq!(
        run_cli(cli(), &["--json", "--query", "rust", "--limit", "0"]),
        ok("{\"error\":\"invalid arguments\",\"lines\":[\"Invalid arguments at --limit: must be at least 1, got 0\"]}\n")
            .with_code(2)
    );
    assert_eq!(
        run_cli(cli(), &["slugify", "--text", "A b", "--separator", "."]),
        ok("a.b\n")
    );
    let (code, out, _) = run_cli(cli(), &["--help"]);
    assert_eq!(code, 0);
    assert!(
        out.ends_with("With no command, the arguments go to `search`: `cli --flag value` is `cli search --flag value`.\n"),
        "{out}"
    );
    let (code, _, err) = run_cli(cli(), &[]);
    assert_eq!(code, 2);
    assert!(err.starts_with("Usage: cli [OPTIONS] <COMMAND>\n"), "{err}");
}

/// The example tools with `search <QUERY> [LIMIT]`, `-q`/`-l` and `s`.
fn hinted() -> Cli {
    Cli::new(demo_tools::tools())
        .name("cli")
        .positional("search", &["query", "limit"])
        .short("search", "query", 'q')
        .short("search", "limit", 'l')
        .alias("search", "s")
        .positional("slugify", &["text"])
}

#[test]
fn hints_give_positionals_short_flags_and_aliases() {
    let async_only = ok("[\"rust: async and await\"]\n");
    for args in [
        &["search", "async"][..],
        &["search", "-q", "async"],
        &["s", "--query", "async"],
        &["s", "async", "1"],
        &["search", "-q", "rust", "-l", "-12"],
    ] {
        let expected = if args.contains(&"-12") {
            (
                2,
                String::new(),
                "Invalid arguments at --limit: must be at least 1, got -12\n".into(),
            )
        } else {
            async_only.clone()
        };
        assert_eq!(run_cli(hinted(), args), expected, "{args:?}");
    }
    assert_eq!(
        run_cli(hinted(), &["s", "rust", "1"]),
        ok("[\"rust: ownership and borrowing\"]\n")
    );
    assert_eq!(
        run_cli(hinted(), &["slugify", "Two Words", "--separator", "_"]),
        ok("two_words\n")
    );
    let (code, out, _) = run_cli(hinted(), &["search", "--help"]);
    assert_eq!(code, 0);
    assert_snapshot("cli-help-search-hinted.txt", &out);
    let (code, _, err) = run_cli(hinted(), &["search", "rust", "--query", "rust"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: the argument '[QUERY]' cannot be used with '--query <TEXT>'\n"),
        "{err}"
    );
}

#[test]
fn a_positional_array_takes_the_rest() {
    let cli = Cli::new(flags_tool())
        .name("cli")
        .positional("tag", &["tags"]);
    let (code, out, err) = run_cli(cli, &["tag", "ab", "cd", "--dry-run"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "{\"tags\":[\"ab\",\"cd\"],\"dry_run\":true}\n");
}

#[test]
fn hints_that_cannot_work_are_refused_at_start_up() {
    let cli = Cli::new(flags_tool())
        .name("cli")
        .positional("tga", &["tags"])
        .positional("tag", &["tags", "level", "nope"])
        .positional("tag", &["dry_run"])
        .short("tag", "level", 'l')
        .short("tag", "tags", 'l')
        .short("tag", "page", 'h')
        .short("tag", "colour", 'c')
        .alias("tag", "mcp")
        .default_tool("untag");
    let problems = [
        "a command-line hint names no tool: `tga`",
        "`tag`'s `tags` takes many values, so only the last parameter taken by position can be it",
        "`tag` has no parameter `nope` to take by position",
        "`tag`'s `dry_run` cannot be taken by position: it is a boolean, give it as a flag",
        "`tag` has two lists of parameters taken by position: give one",
        "`tag` has the short flag -l twice",
        "`tag`'s short flag -h cannot be used: pick a letter or digit other than h",
        "`tag` has no parameter `colour` for the short flag -c",
        "`mcp` cannot name `tag`: it already names a command",
        "the default tool is no tool: `untag`",
    ];
    assert_eq!(cli.check(), Err(problems.map(String::from).to_vec()));
    let stderr: String = problems.iter().map(|p| format!("error: {p}\n")).collect();
    assert_eq!(
        run_cli(cli, &["tag", "--tags", "ab"]),
        (1, String::new(), stderr)
    );
    assert_eq!(hinted().check(), Ok(()));
}
