//! What a command-line user sees of a value beyond its flag's text: a
//! tagged enum's kinds and fields in `--help` and a problem inside it named
//! by the flag that exists and the pointer within its value; a format in
//! `--help`; an enum flag's values offered by shell completion; standard
//! input less one trailing newline; `@path` read only for a parameter
//! marked to take files, and a file's text never repeated in a line.

#![cfg(feature = "cli")]

use serde::Deserialize;
use toolsmith::cli::Cli;
use toolsmith::{ToolArg, ToolSet, tool};

/// A shape to draw.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Shape {
    /// A circle of radius `r`.
    Circle {
        #[arg(min = 0.0)]
        r: f64,
    },
    /// A square, maybe labelled.
    Square { side: f64, label: Option<String> },
    /// A dot.
    Dot,
}

/// How urgent an issue is.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    Low,
    High,
}

/// Draws a shape.
#[tool]
fn draw(
    /// What to draw.
    change: Shape,
) -> String {
    format!("{change:?}")
}

/// Files an issue.
#[tool]
fn file_issue(
    /// The issue's title.
    #[arg(max_length = 12)]
    title: String,
    /// The issue's body.
    #[arg(file, max_length = 12)]
    body: String,
    /// How urgent it is.
    priority: Priority,
    /// When it is due.
    due: chrono::NaiveDate,
    /// The issue it follows up.
    after: Option<uuid::Uuid>,
) -> String {
    format!("{title} | {body} | {priority:?} | {due} | {after:?}")
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(Draw).unwrap();
    tools.register(FileIssue).unwrap();
    tools
}

/// Exit code, stdout, stderr of `tracker ARGS...` over `cli`, with
/// `stdin` as standard input.
fn run_cli(cli: Cli, args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("tracker").chain(args.iter().copied());
    let code = cli
        .name("tracker")
        .run_with_input(argv, &mut &stdin[..], &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn run(args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    run_cli(Cli::new(tools()), args, stdin)
}

fn refused(line: &str) -> (u8, String, String) {
    (2, String::new(), format!("{line}\n"))
}

/// A file under the build directory holding `text`.
fn file_with(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-values");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn help_lists_each_kind_of_a_tagged_enum_with_its_fields() {
    let (code, out, _) = run(&["draw", "--help"], b"");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Draws a shape.\n\
         \n\
         Usage: tracker draw [OPTIONS]\n\
         \n\
         Options:\n      \
         --change <JSON>  What to draw. [required; one of, by \"kind\": circle {r: number}, square {side:\n                       \
         number, label?: text}, dot]\n      \
         --json           Print the result, and any failure, as JSON on stdout\n  \
         -h, --help           Print help\n"
    );
}

#[test]
fn a_problem_inside_a_json_flag_names_the_flag_and_the_pointer() {
    assert_eq!(
        run(&["draw", "--change", r#"{"kind": "triangle"}"#], b""),
        refused(
            "Invalid value for --change at /kind: must be one of circle, square, dot, got \"triangle\""
        )
    );
    assert_eq!(
        run(&["draw", "--change", r#"{"kind": "circle", "r": -1}"#], b""),
        refused("Invalid value for --change at /r: must be at least 0.0, got -1 (kind \"circle\")")
    );
    assert_eq!(
        run(&["draw", "--change", r#"{"kind": "square"}"#], b""),
        refused("Invalid value for --change: missing required property \"side\" (kind \"square\")")
    );
    // The repairs apply: JSON text and a key in another case.
    assert_eq!(
        run(&["draw", "--change", r#"{"Kind": "circle", "r": 2}"#], b""),
        (0, "Circle { r: 2.0 }\n".into(), String::new())
    );
}

#[test]
fn help_shows_formats_and_allowed_values() {
    let (code, out, _) = run(&["file_issue", "--help"], b"");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Files an issue.\n\
         \n\
         Usage: tracker file_issue [OPTIONS]\n\
         \n\
         Options:\n      \
         --title <TEXT>     The issue's title. [required; max length: 12]\n      \
         --body <TEXT>      The issue's body. [required; max length: 12] [@path reads the file]\n      \
         --priority <TEXT>  How urgent it is. [required; possible values: low, high]\n      \
         --due <TEXT>       When it is due. [required; format: date]\n      \
         --after <TEXT>     The issue it follows up. [format: uuid]\n      \
         --json             Print the result, and any failure, as JSON on stdout\n  \
         -h, --help             Print help\n"
    );
}

/// `tracker WORDS…` completed by the bash script, in a real bash.
fn bash_completes(words: &str) -> String {
    let (_, script, _) = run(&["completions", "bash"], b"");
    let path = file_with("tracker.bash", &script);
    let shell = format!(
        "source '{path}'; COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
         _tracker tracker \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; \
         printf '%s\\n' \"${{COMPREPLY[@]}}\""
    );
    let output = std::process::Command::new("bash")
        .args(["--norc", "-c", &shell])
        .current_dir(std::path::Path::new(&path).parent().unwrap())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn completion_offers_an_enum_flag_s_values_not_file_names() {
    assert_eq!(
        bash_completes("tracker file_issue --priority ''"),
        "low\nhigh\n"
    );
    assert_eq!(bash_completes("tracker file_issue --priority h"), "high\n");
    for shell in ["zsh", "fish"] {
        let (code, script, _) = run(&["completions", shell], b"");
        assert_eq!(code, 0);
        assert!(script.contains("low"), "{shell}: {script}");
        assert!(script.contains("high"), "{shell}: {script}");
    }
    // Any other value still reaches the runtime, which says what it takes.
    assert_eq!(
        run(
            &[
                "file_issue",
                "--title",
                "t",
                "--body",
                "b",
                "--priority",
                "hgih",
                "--due",
                "2026-12-03"
            ],
            b""
        ),
        refused(
            "Invalid arguments at --priority: must be one of low, high, got \"hgih\" (did you mean \"high\"?)"
        )
    );
}

#[test]
fn standard_input_loses_exactly_one_trailing_newline() {
    let call = |stdin: &[u8]| {
        run(
            &[
                "file_issue",
                "--title",
                "-",
                "--body",
                "b",
                "--priority",
                "low",
                "--due",
                "2026-12-03",
            ],
            stdin,
        )
    };
    let ran = |title: &str| {
        (
            0,
            format!("{title} | b | Low | 2026-12-03 | None\n"),
            String::new(),
        )
    };
    assert_eq!(call(b"crash\n"), ran("crash"));
    assert_eq!(call(b"crash\r\n"), ran("crash"));
    assert_eq!(call(b"crash\n\n"), ran("crash\n"));
    assert_eq!(call(b"crash"), ran("crash"));
}

#[test]
fn at_path_is_text_unless_the_parameter_takes_files() {
    let notes = file_with("notes.txt", "from a file, too long");
    let at = format!("@{notes}");
    let long = "x".repeat(40);
    let at_long = format!("@{long}");
    // `title` takes no files: `@…` is its text, checked as text.
    assert_eq!(
        run(
            &[
                "file_issue",
                "--title",
                &at_long,
                "--body",
                "b",
                "--priority",
                "low",
                "--due",
                "2026-12-03"
            ],
            b""
        ),
        refused("Invalid arguments at --title: must be at most 12 characters long, got 41")
    );
    assert_eq!(
        run(
            &[
                "file_issue",
                "--title",
                "@@me",
                "--body",
                "b",
                "--priority",
                "low",
                "--due",
                "2026-12-03"
            ],
            b""
        ),
        (
            0,
            "@@me | b | Low | 2026-12-03 | None\n".into(),
            String::new()
        )
    );
    // `body` does (`#[arg(file)]`); `@@` is a literal `@` there.
    let short = file_with("short.txt", "short\n");
    let body_from = |body: &str| {
        run(
            &[
                "file_issue",
                "--title",
                "t",
                "--body",
                body,
                "--priority",
                "low",
                "--due",
                "2026-12-03",
            ],
            b"",
        )
    };
    assert_eq!(
        body_from(&format!("@{short}")),
        (
            0,
            "t | short\n | Low | 2026-12-03 | None\n".into(),
            String::new()
        )
    );
    assert_eq!(
        body_from("@@me"),
        (
            0,
            "t | @me | Low | 2026-12-03 | None\n".into(),
            String::new()
        )
    );
    // A file's text is never repeated in a line.
    assert_eq!(
        body_from(&at),
        refused(&format!(
            "Invalid arguments at --body: must be at most 12 characters long (the text of file \"{notes}\")"
        ))
    );
}

#[test]
fn cli_file_lets_a_parameter_one_did_not_mark_read_files() {
    let title = file_with("title.txt", "secret words here");
    let cli = Cli::new(tools()).file("file_issue", "title");
    assert_eq!(
        run_cli(
            cli,
            &[
                "file_issue",
                "--title",
                &format!("@{title}"),
                "--body",
                "b",
                "--priority",
                "low",
                "--due",
                "2026-12-03"
            ],
            b""
        ),
        refused(&format!(
            "Invalid arguments at --title: must be at most 12 characters long (the text of file \"{title}\")"
        ))
    );
    let bad = Cli::new(tools()).file("file_issue", "titel");
    assert_eq!(
        bad.check(),
        Err(vec![
            "`file_issue` has no parameter `titel` to read from a file".to_owned()
        ])
    );
}

#[test]
fn a_bad_value_read_from_a_file_names_the_file_only() {
    let choice = file_with("change.json", "{\"kind\": \"secret\"}");
    let cli = Cli::new(tools()).file("draw", "change");
    assert_eq!(
        run_cli(cli, &["draw", "--change", &format!("@{choice}")], b""),
        refused(&format!(
            "Invalid value for --change at /kind: must be one of circle, square, dot (the text of file \"{choice}\")"
        ))
    );
}
