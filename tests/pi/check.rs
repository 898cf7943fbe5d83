//! The validate-only entry the module asks: `ToolRef::check` (the
//! arguments a call would get, or its lines, the tool never run, a repair
//! reported once), and the command line's `check TOOL` that prints them.

use std::sync::{Arc, Mutex};

use serde_json::{Value, json};
use toolsmith::cli::Cli;
use toolsmith::{Call, ToolSet, tool};

/// Counts its calls
///
/// # Arguments
///
/// * `text` - Any text
/// * `times` - How many times
#[tool]
fn count(text: String, #[arg(min = 1, max = 3)] times: u8) -> String {
    CALLS.lock().unwrap().push(text.clone());
    text.repeat(usize::from(times))
}

static CALLS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn tools(repairs: Arc<Mutex<Vec<String>>>) -> ToolSet {
    let mut tools = ToolSet::new().on_repair(move |tool, made| {
        repairs
            .lock()
            .unwrap()
            .push(format!("{tool}: {} repair(s)", made.len()));
    });
    tools.register(Count).unwrap();
    tools
}

#[tokio::test]
async fn a_checked_call_is_repaired_once_and_never_run() {
    let repairs = Arc::new(Mutex::new(Vec::new()));
    let tools = tools(repairs.clone());
    let count = tools.tool("count").unwrap();
    let before = CALLS.lock().unwrap().len();
    let repaired = count.check(json!({"Text": "ab", "times": 2})).unwrap();
    assert_eq!(repaired, json!({"text": "ab", "times": 2}));
    assert_eq!(*repairs.lock().unwrap(), ["count: 1 repair(s)"]);
    assert_eq!(
        count
            .check(json!({"text": "ab", "times": 9}))
            .unwrap_err()
            .lines(),
        ["Invalid arguments at /times: must be at most 3, got 9"]
    );
    assert_eq!(
        count.check(Value::Null).unwrap_err().lines(),
        [r#"Invalid arguments: missing required properties "text", "times""#]
    );
    assert_eq!(
        CALLS.lock().unwrap().len(),
        before,
        "check never runs the tool"
    );
    let ran = count
        .call_in(repaired, (), Call::detached_as("direct"))
        .await;
    assert_eq!(ran.unwrap(), json!("abab"));
    assert_eq!(*repairs.lock().unwrap(), ["count: 1 repair(s)"]);
}

/// `check ARGS…` with `input` on stdin: (stdout, stderr, exit code).
fn check(args: &[&str], input: &str) -> (String, String, u8) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut argv = vec!["counter", "check"];
    argv.extend(args);
    let code = Cli::new(tools(Arc::default()))
        .name("counter")
        .run_with_input(argv, &mut input.as_bytes(), &mut out, &mut err);
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
        code,
    )
}

#[test]
fn check_prints_the_arguments_a_call_would_get() {
    assert_eq!(
        check(&["count"], r#"{"text": "ab", "times": 2}"#),
        ("{\"text\":\"ab\",\"times\":2}\n".into(), String::new(), 0)
    );
    assert_eq!(
        check(&["count"], r#"{"TEXT": "ab", "times": 2}"#),
        ("{\"text\":\"ab\",\"times\":2}\n".into(), String::new(), 0)
    );
}

#[test]
fn check_prints_the_lines_of_a_bad_call() {
    assert_eq!(
        check(&["count"], r#"{"text": "a\u202eb\n", "times": 0, "x": 1}"#),
        (
            "Invalid arguments at /times: must be at least 1, got 0\n\
             Invalid arguments: unknown property \"x\"; takes text, times\n"
                .into(),
            String::new(),
            2
        )
    );
    assert_eq!(
        check(&["count"], r#"{"text": "#),
        (
            "Invalid arguments: not valid JSON: unexpected end of input at line 1 column 9\n"
                .into(),
            String::new(),
            2
        )
    );
    assert_eq!(
        check(&["count"], ""),
        (
            "Invalid arguments: missing required properties \"text\", \"times\"\n".into(),
            String::new(),
            2
        )
    );
}

#[test]
fn check_names_a_tool_of_the_set() {
    let (out, err, code) = check(&["counted"], "{}");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with("error: invalid value 'counted' for '<TOOL>'\n  [possible values: count]"),
        "{err}"
    );
}

/// `check` is a tool's name, so the tool runs: the built-in steps aside.
#[test]
fn a_tool_called_check_keeps_its_name() {
    /// Checks nothing
    #[tool]
    fn check() -> String {
        "the tool ran".into()
    }
    let mut tools = ToolSet::new();
    tools.register(Check).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = Cli::new(tools).name("checker").run_with_input(
        ["checker", "check"],
        &mut &b""[..],
        &mut out,
        &mut err,
    );
    assert_eq!(
        (String::from_utf8(out).unwrap(), code),
        ("the tool ran\n".into(), 0)
    );
}
