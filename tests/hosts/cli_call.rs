//! A tool's call on the command line: progress as plain lines on stderr,
//! Ctrl-C (a real SIGINT to the `cli_call` example) cancelling the tool with
//! exit 130 and `cancelled`, and `ask` refused, with the line saying what
//! to do, when standard input is not a terminal, or prompting field by
//! field on a pseudo-terminal (util-linux `script`).

#![cfg(feature = "cli")]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use toolsmith::cli::{Cli, EXIT_CANCELLED};
use toolsmith::{Answer, Call, ToolArg, ToolError, ToolSet, tool};

use crate::support::example;

/// Deletes files (it only pretends)
///
/// # Arguments
///
/// * `files` - The files to delete
#[tool]
fn delete(files: Vec<String>, #[call] call: Call) -> String {
    let total = files.len() as f64;
    for (done, file) in files.iter().enumerate() {
        call.progress(done as f64 + 1.0, Some(total), &format!("deleting {file}"));
        // Not above the last report: dropped.
        call.progress(done as f64, Some(total), "going back");
    }
    call.progress(total + 0.5, None, "");
    format!("deleted {}", files.len())
}

/// What to ask.
#[derive(serde::Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Confirm {
    /// Type the project's name
    name: String,
}

/// Deletes a project, after asking
///
/// # Arguments
///
/// * `project` - The project to delete
#[tool]
async fn drop_project(project: String, #[call] call: Call) -> Result<String, ToolError> {
    match call.ask::<Confirm>(&format!("Delete {project}?")).await? {
        Answer::Accepted(confirm) => Ok(format!("deleted {}", confirm.name)),
        Answer::Declined | Answer::Cancelled => Ok("nothing deleted".into()),
    }
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools
        .register(Delete)
        .and_then(|t| t.register(DropProject))
        .expect("distinct names");
    tools
}

/// Exit code, stdout, stderr of `cli ARGS...` over [`tools`].
fn run(args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("cli").chain(args.iter().copied());
    let code = Cli::new(tools())
        .name("cli")
        .run_from(argv, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

#[test]
fn progress_is_a_line_on_stderr_per_rising_report() {
    assert_eq!(
        run(&[
            "delete",
            "--files",
            "a",
            "--files",
            "b\u{1b}[31m",
            "--files",
            "c"
        ]),
        (
            0,
            "deleted 3\n".into(),
            "[1/3] deleting a\n[2/3] deleting b\n[3/3] deleting c\n[3.5]\n".into()
        )
    );
}

#[test]
fn progress_goes_to_stderr_under_json_too() {
    assert_eq!(
        run(&["--json", "delete", "--files", "a"]),
        (
            0,
            "\"deleted 1\"\n".into(),
            "[1/1] deleting a\n[1.5]\n".into()
        )
    );
}

#[test]
fn ask_without_a_terminal_says_what_to_do_instead() {
    assert_eq!(
        run(&["drop_project", "--project", "demo"]),
        (
            1,
            String::new(),
            "drop_project failed: cannot ask on the command line: standard input is not a terminal \
             (run the command in a terminal to answer, or pass the answers as the tool's arguments)\n"
                .into()
        )
    );
}

/// Runs the `cli_call` example's slow `clean` over 60 files, sends SIGINT once
/// its first progress line is out, and returns the exit code, stdout and
/// every stderr line.
fn interrupted_clean(json: bool) -> (Option<i32>, String, Vec<String>) {
    let files: Vec<String> = (1..=60).map(|i| format!("f{i}")).collect();
    let mut child = Command::new(example("cli_call"))
        .args(json.then_some("--json"))
        .arg("clean")
        .args(&files)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cli example starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert_eq!(first, "[1/60] deleting f1\n");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let mut lines = vec![first.trim_end().to_owned()];
    lines.extend(stderr.lines().map(Result::unwrap));
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        lines,
    )
}

/// Every line but the last is the next progress line, and the last is `last`.
fn assert_progress_then(lines: &[String], last: Option<&str>) {
    let (progress, end) = match last {
        Some(last) => {
            assert_eq!(lines.last().map(String::as_str), Some(last), "{lines:?}");
            (&lines[..lines.len() - 1], last)
        }
        None => (lines, ""),
    };
    assert!(
        progress.len() < 60,
        "the tool ran to the end: {lines:?} {end}"
    );
    for (i, line) in progress.iter().enumerate() {
        assert_eq!(line, &format!("[{}/60] deleting f{}", i + 1, i + 1));
    }
}

#[test]
fn ctrl_c_cancels_the_tool_and_exits_130() {
    let (code, stdout, lines) = interrupted_clean(false);
    assert_eq!(code, Some(i32::from(EXIT_CANCELLED)));
    assert_eq!(stdout, "");
    assert_progress_then(&lines, Some("cancelled"));
}

#[test]
fn ctrl_c_under_json_prints_the_failure_on_stdout() {
    let (code, stdout, lines) = interrupted_clean(true);
    assert_eq!(code, Some(i32::from(EXIT_CANCELLED)));
    assert_eq!(
        stdout,
        "{\"error\":\"cancelled\",\"lines\":[\"cancelled\"]}\n"
    );
    assert_progress_then(&lines, None);
}

#[test]
fn ask_on_a_terminal_prompts_field_by_field_and_asks_again() {
    // `script` runs the example on a pseudo-terminal fed from its stdin.
    let command = format!("{} drop_project demo", example("cli_call").display());
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"demo\nperhaps\nyes\n")?;
            child.wait_with_output()
        })
        .expect("`script` (util-linux) runs");
    assert!(output.status.success(), "{output:?}");
    let mut transcript = String::from_utf8(output.stdout).unwrap();
    // The terminal echoes each answer where it lands; take the echoes out.
    for echo in ["demo\r\n", "perhaps\r\n", "yes\r\n"] {
        let at = transcript.find(echo).expect("each answer is echoed");
        transcript.replace_range(at..at + echo.len(), "");
    }
    assert_eq!(
        transcript,
        "Delete demo?\r\n\
         name (Type the project's name): \
         backups (Also delete backups) [y/n]: answer y or n, got \"perhaps\"\r\n\
         backups (Also delete backups) [y/n]: \
         deleted demo (backups too: true)\r\n"
    );
}

/// What the `cli_call` example's `clean a.txt b.txt` writes on a
/// pseudo-terminal (util-linux `script`), with `NO_COLOR` set or not.
fn clean_on_a_terminal(no_color: bool) -> String {
    let command = format!("{} clean a.txt b.txt", example("cli_call").display());
    let mut script = Command::new("script");
    script.args(["-qec", &command, "/dev/null"]);
    if no_color {
        script.env("NO_COLOR", "1");
    } else {
        script.env_remove("NO_COLOR");
    }
    let output = script
        .stdin(Stdio::null())
        .output()
        .expect("`script` (util-linux) runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn progress_on_a_terminal_is_a_bar_cleared_before_the_answer() {
    for no_color in [false, true] {
        let transcript = clean_on_a_terminal(no_color);
        // Each report redraws one line in place: the bar, then the line a
        // pipe would get.
        assert!(
            transcript.contains("] [1/2] deleting a.txt"),
            "{transcript:?}"
        );
        assert!(
            transcript.contains("\r\x1b[2K[") && transcript.contains("] [2/2] deleting b.txt"),
            "{transcript:?}"
        );
        assert!(
            transcript.contains("=============================="),
            "a full bar at 2/2: {transcript:?}"
        );
        assert!(
            !transcript.contains("[1/2] deleting a.txt\r\n"),
            "{transcript:?}"
        );
        // The bar is gone when the answer prints.
        assert!(
            transcript.ends_with("\r\x1b[2Kdeleted 2 files\r\n"),
            "{transcript:?}"
        );
        assert_eq!(
            transcript.contains("\x1b[36m"),
            !no_color,
            "cyan unless NO_COLOR: {transcript:?}"
        );
    }
}
