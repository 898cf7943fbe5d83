//! `#[tool]` and `#[derive(ToolArg)]` end to end: the schema a host receives,
//! the lines a model reads, and the calls that reach the function.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolsmith::{
    CallError, TaskSupport, Tool, ToolArg, ToolWith, Validator, invoke_tool, tool, validate_input,
};

/// How results are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize, ToolArg)]
#[serde(rename_all = "snake_case")]
pub enum SortOrder {
    MostRecent,
    Relevance,
    #[serde(skip)]
    #[allow(dead_code)]
    Internal,
}

/// A date range, inclusive.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DateRange {
    /// First day, `YYYY-MM-DD`.
    #[arg(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    pub start_date: String,
    /// Last day, `YYYY-MM-DD`.
    #[arg(pattern = r"^\d{4}-\d{2}-\d{2}$")]
    pub end_date: Option<String>,
}

/// Which documents to search.
#[derive(Debug, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    #[arg(min_items = 1, max_items = 3)]
    pub tags: Vec<String>,
    pub dates: Option<DateRange>,
    #[serde(rename = "author")]
    #[arg(description = "The author's login")]
    pub author_login: Option<String>,
    #[serde(default)]
    pub include_drafts: bool,
}

/// Searches the documentation.
///
/// Returns the titles of matching pages.
///
/// # Arguments
///
/// * `query` - what to look for, in plain words
/// * `limit` - how many titles to return;
///   at most 50
/// * `order` - how to order them
#[tool]
pub fn search(
    #[arg(min_length = 1, max_length = 200)] query: String,
    #[arg(min = 1, max = 50)] limit: u8,
    order: Option<SortOrder>,
    filter: Option<Box<Filter>>,
    #[arg(rename = "page", description = "Page number, from 1", min = 1)] page_number: Option<u32>,
    #[arg(min = -1.5, max = 1.5)] boost: Option<f64>,
) -> Vec<String> {
    let order = order.unwrap_or(SortOrder::Relevance);
    let tags = filter.map(|f| f.tags.join("+")).unwrap_or_default();
    vec![format!(
        "{query}|{limit}|{order:?}|{tags}|{}|{}",
        page_number.unwrap_or(1),
        boost.unwrap_or(0.0)
    )]
}

/// A user record.
#[derive(Debug, Serialize, Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct User {
    pub id: u32,
    pub name: String,
}

pub struct Db {
    users: Vec<User>,
}

/// Looks a user up by id.
#[tool(name = "get-user")]
pub async fn lookup_user(#[ctx] db: Arc<Db>, id: u32) -> Result<User, String> {
    tokio::task::yield_now().await;
    db.users
        .iter()
        .find(|user| user.id == id)
        .map(|user| User {
            id: user.id,
            name: user.name.clone(),
        })
        .ok_or_else(|| format!("no user \u{1b}[31m{id}\u{1b}[0m\nwas found"))
}

#[tool(description = "Says whether the service is up.")]
fn ping() {}

fn lines(result: Result<impl std::fmt::Debug, toolsmith::ToolInputError>) -> Vec<String> {
    result.unwrap_err().lines().to_vec()
}

fn validator_lines<T: Tool>(tool: &T, input: &Value) -> Vec<String> {
    let validator = Validator::new(tool.input_schema()).unwrap();
    validator.validate(input).unwrap_err().lines().to_vec()
}

#[test]
fn schemas_match_snapshots() {
    crate::support::assert_snapshot("search", Search.input_schema());
    crate::support::assert_snapshot("get-user", LookupUser.input_schema());
    crate::support::assert_snapshot("get-user.output", LookupUser.output_schema().unwrap());
    crate::support::assert_snapshot("ping", Ping.input_schema());
}

#[test]
fn names_and_descriptions() {
    assert_eq!(Search.name(), "search");
    assert_eq!(
        Search.description(),
        "Searches the documentation.\n\nReturns the titles of matching pages."
    );
    assert_eq!(LookupUser.name(), "get-user");
    assert_eq!(LookupUser.description(), "Looks a user up by id.");
    assert_eq!(Ping.description(), "Says whether the service is up.");
}

#[test]
fn input_schema_is_built_once() {
    assert!(std::ptr::eq(Search.input_schema(), Search.input_schema()));
    assert!(std::ptr::eq(Search.validator(), Search.validator()));
}

#[test]
fn output_schema_comes_from_tool_arg_types() {
    assert_eq!(
        LookupUser.output_schema(),
        Some(&json!({
            "type": "object",
            "description": "A user record.",
            "properties": {
                "id": {"type": "integer", "minimum": 0, "maximum": 4294967295u32},
                "name": {"type": "string"}
            },
            "required": ["id", "name"],
            "additionalProperties": false
        }))
    );
    assert_eq!(Ping.output_schema(), None);
}

#[test]
fn valid_input_deserializes() {
    let args = validate_input(
        &Search,
        &json!({
            "query": "héllo",
            "limit": 50,
            "order": "most_recent",
            "filter": {"tags": ["a"], "dates": {"startDate": "2024-01-01"}, "author": null},
            "page": 2,
            "boost": -1.5
        }),
    )
    .unwrap();
    assert_eq!(args.query, "héllo");
    assert_eq!(args.limit, 50);
    assert_eq!(args.order, Some(SortOrder::MostRecent));
    let filter = args.filter.unwrap();
    assert_eq!(filter.tags, ["a"]);
    assert!(!filter.include_drafts);
    assert_eq!(filter.dates.unwrap().start_date, "2024-01-01");
    assert_eq!(args.page_number, Some(2));
    assert_eq!(args.boost, Some(-1.5));
}

#[test]
fn integer_range_comes_from_the_rust_type() {
    let input = json!({"query": "q", "limit": 300});
    let expected = ["Invalid arguments at /limit: must be at most 50, got 300"];
    assert_eq!(lines(validate_input(&Search, &input)), expected);
    assert_eq!(validator_lines(&Search, &input), expected);
    assert_eq!(
        lines(validate_input(&LookupUser, &json!({"id": -1}))),
        ["Invalid arguments at /id: must be at least 0, got -1"]
    );
}

#[test]
fn every_problem_one_line_same_as_the_validator() {
    let input = json!({
        "query": "",
        "limit": "5",
        "order": "newest",
        "filter": {"tags": [], "dates": {"startDate": "2024-1-1", "end": "x"}, "author": 7},
        "page": 0,
        "boost": 2,
        "extra": true
    });
    let got = lines(validate_input(&Search, &input));
    assert_eq!(got, validator_lines(&Search, &input));
    insta_lines(&got);
}

/// The exact lines of `every_problem_one_line_same_as_the_validator`.
fn insta_lines(got: &[String]) {
    assert_eq!(
        got,
        [
            "Invalid arguments at /query: must be at least 1 character long, got 0",
            "Invalid arguments at /limit: must be an integer, got string \"5\"",
            "Invalid arguments at /filter/tags: must have at least 1 item, got 0",
            "Invalid arguments at /filter/author: must be a string or null, got number 7",
            "Invalid arguments at /page: must be at least 1, got 0",
            "Invalid arguments at /boost: must be at most 1.5, got 2",
            "Invalid arguments at /order: must be one of most_recent, relevance, null, got \"newest\"",
            "Invalid arguments at /filter/dates/startDate: must match pattern \"^\\d{4}-\\d{2}-\\d{2}$\"",
            "Invalid arguments: unknown property \"extra\"; takes query, limit, order, filter, page, boost",
            "Invalid arguments at /filter/dates: unknown property \"end\"; takes startDate, endDate",
        ]
    );
}

#[test]
fn typed_checks_catch_what_serde_cannot() {
    // Each input deserializes; only the typed check sees the problem.
    for (input, line) in [
        (
            json!({"query": "q".repeat(201), "limit": 1}),
            "Invalid arguments at /query: must be at most 200 characters long, got 201",
        ),
        (
            json!({"query": "q", "limit": 0}),
            "Invalid arguments at /limit: must be at least 1, got 0",
        ),
        (
            json!({"query": "q", "limit": 1, "boost": -1.6}),
            "Invalid arguments at /boost: must be at least -1.5, got -1.6",
        ),
        (
            json!({"query": "q", "limit": 1, "filter": {"tags": ["a", "b", "c", "d"]}}),
            "Invalid arguments at /filter/tags: must have at most 3 items, got 4",
        ),
        (
            json!({"query": "q", "limit": 1, "filter": {"tags": ["a"], "dates": {"startDate": "2024-01-01", "endDate": "today"}}}),
            "Invalid arguments at /filter/dates/endDate: must match pattern \"^\\d{4}-\\d{2}-\\d{2}$\"",
        ),
        (
            json!({"query": "q", "limit": 1, "filter": {"tags": ["a"], "dates": {"startDate": "２０２４-01-01"}}}),
            "Invalid arguments at /filter/dates/startDate: must match pattern \"^\\d{4}-\\d{2}-\\d{2}$\"",
        ),
    ] {
        assert_eq!(lines(validate_input(&Search, &input)), [line], "{input}");
        assert_eq!(validator_lines(&Search, &input), [line], "{input}");
    }
}

#[test]
fn lengths_count_unicode_scalar_values() {
    let input = json!({"query": "😀".repeat(200), "limit": 1});
    assert!(validate_input(&Search, &input).is_ok());
}

#[tokio::test]
async fn invoke_runs_the_function_on_valid_input() {
    let result = invoke_tool(
        &Search,
        json!({"query": "rust", "limit": 3, "filter": {"tags": ["x", "y"]}}),
        (),
    )
    .await
    .unwrap();
    assert_eq!(result, json!(["rust|3|Relevance|x+y|1|0"]));
    assert_eq!(
        invoke_tool(&Ping, json!({}), ()).await.unwrap(),
        Value::Null
    );
}

#[tokio::test]
async fn invoke_never_runs_the_function_on_bad_input() {
    let err = invoke_tool(&Ping, json!({"x": 1}), ()).await.unwrap_err();
    let CallError::Input(err) = err else {
        panic!("{err}")
    };
    assert_eq!(
        err.lines(),
        ["Invalid arguments: unknown property \"x\"; takes no properties"]
    );
}

#[tokio::test]
async fn async_tool_with_context_and_result() {
    let db = Arc::new(Db {
        users: vec![User {
            id: 7,
            name: "ada".into(),
        }],
    });
    let found = invoke_tool(&LookupUser, json!({"id": 7}), db.clone())
        .await
        .unwrap();
    assert_eq!(found, json!({"id": 7, "name": "ada"}));

    let err = invoke_tool(&LookupUser, json!({"id": 8}), db.clone())
        .await
        .unwrap_err();
    let CallError::Failed(err) = err else {
        panic!("{err}")
    };
    // One line: a failure message cannot add lines of its own.
    assert_eq!(err.message(), "no user 8 was found");

    // The function stays a plain async function.
    assert_eq!(lookup_user(db.clone(), 7).await.unwrap().name, "ada");
    // The context is the parameter's type; a tool without one takes any.
    let _: Arc<Db> = <LookupUser as ToolWith<Arc<Db>>>::context(db);
    <Ping as ToolWith<String>>::context(String::new());
}

#[test]
fn the_function_stays_callable() {
    assert_eq!(
        search("q".into(), 2, None, None, None, None),
        ["q|2|Relevance||1|0"]
    );
}

#[test]
fn tool_arg_impls() {
    assert_eq!(
        <u8 as ToolArg>::schema(),
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    // The range a model needs no word on is private: the declared schema
    // carries it for the validator, the advertised one leaves it out.
    assert_eq!(
        <i64 as ToolArg>::schema(),
        json!({"type": "integer", "x-toolsmith-integer": "i64"})
    );
    assert_eq!(
        <Option<bool> as ToolArg>::schema(),
        json!({"type": ["boolean", "null"]})
    );
    assert_eq!(
        <Option<SortOrder> as ToolArg>::schema(),
        json!({"type": ["string", "null"], "description": "How results are ordered.", "enum": ["most_recent", "relevance", null]})
    );
    assert_eq!(
        <Vec<f64> as ToolArg>::schema(),
        json!({"type": "array", "items": {"type": "number"}})
    );
    assert_eq!(<Filter as ToolArg>::DEPTH, 2);
    assert_eq!(<Box<Filter> as ToolArg>::DEPTH, 2);
    const { assert!(<Option<String> as ToolArg>::NULLABLE) };
}

#[test]
fn text_input_names_what_is_wrong_with_the_json() {
    use toolsmith::validate_input_str;
    let lines = |text: &str| lines(validate_input_str(&Search, text));
    assert!(validate_input_str(&Search, r#"{"query": "q", "limit": 5}"#).is_ok());
    // serde would keep the last `limit`; the call is refused instead.
    assert_eq!(
        lines(r#"{"query": "q", "limit": 5, "limit": 500}"#),
        ["Invalid arguments: duplicate key \"limit\" at line 1 column 34; send each key once"]
    );
    assert_eq!(
        lines(r#"{"query": "q", "limit": 1e400}"#),
        ["Invalid arguments: number out of range at line 1 column 29"]
    );
    assert_eq!(
        lines(r#"{"query": "q",}"#),
        ["Invalid arguments: not valid JSON: trailing comma at line 1 column 15"]
    );
}

/// The typed path and the validator agree on generated calls of every
/// tool here (see `crate::support::agreement`).
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&Search);
    crate::support::agreement::assert_agreement(&LookupUser);
    crate::support::agreement::assert_agreement(&Ping);
}

/// Renders a report, which takes a while.
#[tool(task)]
async fn render_report(pages: u32) -> String {
    format!("{pages} pages")
}

/// Renders a report, here never as a task.
#[tool(task = false)]
fn render_now(pages: u32) -> String {
    format!("{pages} pages")
}

#[test]
fn task_marks_a_tool_that_may_run_as_a_task() {
    assert_eq!(RenderReport.hints().task, TaskSupport::Optional);
    assert_eq!(RenderNow.hints().task, TaskSupport::Forbidden);
    assert_eq!(Search.hints().task, TaskSupport::Forbidden);
    let mut tools = toolsmith::ToolSet::new();
    tools
        .register(RenderReport)
        .unwrap()
        .register(RenderNow)
        .unwrap();
    assert!(tools.tool("render_report").unwrap().hints().task.allowed());
    assert!(!tools.tool("render_now").unwrap().hints().task.allowed());
}

/// Exports the archive, only ever as a task.
#[tool(task = "required")]
async fn export_archive(pages: u32) -> String {
    format!("{pages} pages")
}

/// Renders a report as a task where the client can.
#[tool(task = "optional")]
async fn render_later(pages: u32) -> String {
    format!("{pages} pages")
}

#[test]
fn task_required_marks_a_tool_that_runs_only_as_a_task() {
    assert_eq!(ExportArchive.hints().task, TaskSupport::Required);
    assert_eq!(RenderLater.hints().task, TaskSupport::Optional);
    assert!(!RenderReport.hints().task.required());
    assert!(!RenderNow.hints().task.required());
    let mut tools = toolsmith::ToolSet::new();
    tools
        .register(ExportArchive)
        .unwrap()
        .register(RenderLater)
        .unwrap();
    assert!(
        tools
            .tool("export_archive")
            .unwrap()
            .hints()
            .task
            .required()
    );
    assert!(!tools.tool("render_later").unwrap().hints().task.required());
}

/// Builds a report from a title the user gives first.
#[tool(task = "required", input_first)]
async fn build_report(pages: u32) -> String {
    format!("{pages} pages")
}

#[test]
fn input_first_marks_a_task_that_asks_before_it_becomes_one() {
    assert_eq!(BuildReport.hints().task, TaskSupport::Required);
    assert!(BuildReport.hints().input_first);
    assert!(!ExportArchive.hints().input_first && !RenderReport.hints().input_first);
    let mut tools = toolsmith::ToolSet::new();
    tools
        .register(BuildReport)
        .unwrap()
        .register(ExportArchive)
        .unwrap();
    assert!(tools.tool("build_report").unwrap().hints().asks_first());
    assert!(!tools.tool("export_archive").unwrap().hints().asks_first());
    let dynamic = |name: &'static str| {
        toolsmith::DynamicTool::new(
            name,
            "Runs later.",
            serde_json::json!({"type": "object"}),
            |_, ()| async { Ok(serde_json::Value::Null) },
        )
    };
    tools
        .register_dynamic(dynamic("later").as_task().input_first())
        .unwrap()
        .register_dynamic(dynamic("now").input_first())
        .unwrap();
    assert!(tools.tool("later").unwrap().hints().asks_first());
    // Only a tool that runs as a task asks before it becomes one.
    assert!(!tools.tool("now").unwrap().hints().asks_first());
}

/// Reads a config file.
#[tool]
fn read_config(path: String) -> anyhow::Result<String> {
    use anyhow::Context as _;
    let denied = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
    Err(anyhow::Error::new(denied)).with_context(|| format!("cannot read {path}"))
}

/// A `std::error::Error` that names its cause only through `source()`.
#[derive(Debug)]
struct Fetch(std::io::Error);

impl std::fmt::Display for Fetch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the upstream did not answer")
    }
}

impl std::error::Error for Fetch {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// Fetches a page.
#[tool]
async fn fetch_page(url: String) -> Result<String, Fetch> {
    let _ = url;
    Err(Fetch(std::io::Error::new(
        std::io::ErrorKind::TimedOut,
        "connect timed out\nInvalid arguments: a forged line",
    )))
}

/// A returned error keeps its causes on its one line: `anyhow`'s context
/// chain, and a std error's `source()`s joined with ": ", sanitized.
#[tokio::test]
async fn a_failure_keeps_its_cause_chain() {
    let failed = |err: CallError| match err {
        CallError::Failed(err) => err.message().to_owned(),
        other => panic!("{other}"),
    };
    let err = invoke_tool(&ReadConfig, json!({"path": "/etc/app.toml"}), ())
        .await
        .unwrap_err();
    assert_eq!(failed(err), "cannot read /etc/app.toml: permission denied");
    let err = invoke_tool(&FetchPage, json!({"url": "https://example.com"}), ())
        .await
        .unwrap_err();
    assert_eq!(
        failed(err),
        "the upstream did not answer: connect timed out Invalid arguments: a forged line"
    );
}

/// Where mail goes in a test: the messages, in order.
#[derive(Default)]
pub struct Mailer {
    sent: std::sync::Mutex<Vec<String>>,
}

/// The app state a server's tools take parts of.
#[derive(Clone, toolsmith::FromContext)]
pub struct App {
    db: Arc<Db>,
    mailer: Arc<Mailer>,
}

/// Mails a user by id.
#[tool]
fn mail_user(#[ctx] mailer: Arc<Mailer>, to: String, text: String) -> String {
    mailer.sent.lock().unwrap().push(format!("{to}: {text}"));
    format!("mailed {to}")
}

/// A tool's `#[ctx]` is a part of the set's context: two tools, one taking
/// the database and one the mailer, run in one `ToolSet<App>`, each handed
/// its part of the same app state.
#[tokio::test]
async fn tools_take_parts_of_the_set_context() {
    let app = App {
        db: Arc::new(Db {
            users: vec![User {
                id: 7,
                name: "ada".into(),
            }],
        }),
        mailer: Arc::default(),
    };
    let mut tools = toolsmith::ToolSet::<App>::with_context_type();
    tools
        .register(LookupUser)
        .unwrap()
        .register(MailUser)
        .unwrap();
    let found = tools
        .call("get-user", json!({"id": 7}), app.clone())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found, json!({"id": 7, "name": "ada"}));
    let mailed = tools
        .call(
            "mail_user",
            json!({"to": "ada", "text": "hello"}),
            app.clone(),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!(mailed, json!("mailed ada"));
    assert_eq!(*app.mailer.sent.lock().unwrap(), ["ada: hello"]);
    // A tool taking the whole state still joins (every type is its own
    // context), and a part by hand is one impl.
    let _: App = <App as toolsmith::FromContext<App>>::from_context(app.clone());
    let _: Arc<Db> = <LookupUser as ToolWith<App>>::context(app);
}

/// Waits for an answer that never comes.
#[tool(timeout = "50ms")]
async fn wait_forever(topic: String) -> String {
    std::future::pending::<()>().await;
    topic
}

/// A tool's own timeout ends its calls with the set's timeout line, and
/// the smaller of its own and the set's wins.
#[tokio::test]
async fn a_tool_timeout_beside_the_set_timeout() {
    assert_eq!(
        WaitForever.hints().timeout,
        Some(std::time::Duration::from_millis(50))
    );
    assert_eq!(Ping.hints().timeout, None);
    let failed = |result: Result<Result<Value, CallError>, toolsmith::UnknownTool>| match result {
        Ok(Err(CallError::Failed(err))) => err.message().to_owned(),
        other => panic!("{other:?}"),
    };
    for (set_limit, line) in [
        (None, "timed out after 50ms"),
        (Some(3_600_000), "timed out after 50ms"),
        (Some(20), "timed out after 20ms"),
    ] {
        let mut tools = toolsmith::ToolSet::new();
        if let Some(millis) = set_limit {
            tools = tools.with_timeout(std::time::Duration::from_millis(millis));
        }
        tools.register(WaitForever).unwrap();
        let result = tools.call("wait_forever", json!({"topic": "t"}), ()).await;
        assert_eq!(failed(result), line, "set timeout {set_limit:?}");
    }
}

/// Counts the words of a text, or fails on an empty one.
#[tool]
fn count_words(text_body: String) -> Result<usize, String> {
    match text_body.split_whitespace().count() {
        0 => Err("there are no words".into()),
        n => Ok(n),
    }
}

/// The set's repair log hears of every repair, also on a call that fails
/// after it: on other problems left in the input, or in the function.
#[tokio::test]
async fn the_repair_log_hears_of_repairs_on_failed_calls() {
    let heard = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let log = Arc::clone(&heard);
    let mut tools = toolsmith::ToolSet::new().on_repair(move |tool, repairs| {
        for repair in repairs {
            log.lock().unwrap().push(format!("{tool}: {repair}"));
        }
    });
    tools.register(CountWords).unwrap();
    let counted = tools
        .call("count_words", json!({"textBody": "a b"}), ())
        .await;
    assert_eq!(counted.unwrap().unwrap(), json!(2));
    let failed = tools
        .call("count_words", json!({"textBody": " "}), ())
        .await;
    assert!(matches!(failed, Ok(Err(CallError::Failed(_)))));
    let refused = tools.call("count_words", json!({"textBody": 3}), ()).await;
    let Ok(Err(CallError::Input(err))) = refused else {
        panic!("{refused:?}")
    };
    assert_eq!(
        err.lines(),
        ["Invalid arguments at /text_body: must be a string, got number 3"]
    );
    assert_eq!(
        *heard.lock().unwrap(),
        [
            "count_words: read key textBody as text_body",
            "count_words: read key textBody as text_body",
            "count_words: read key textBody as text_body",
        ]
    );
}

/// Writes a note for its caller.
#[tool(scopes = ["notes:write", "notes:read"])]
fn scoped_note(text: String, #[ctx] caller: toolsmith::Caller) -> String {
    format!("{}: {text}", caller.subject())
}

#[tokio::test]
async fn scopes_are_a_hint_and_the_caller_is_no_argument() {
    use toolsmith::Tool;
    assert_eq!(ScopedNote.hints().scopes, ["notes:write", "notes:read"]);
    assert_eq!(Search.hints().scopes, [] as [&str; 0]);
    assert_eq!(
        ScopedNote.input_schema()["properties"],
        serde_json::json!({"text": {"type": "string"}})
    );
    let tools = toolsmith::toolset![ScopedNote].unwrap();
    let answer = tools
        .call("scoped_note", serde_json::json!({"text": "hi"}), ())
        .await
        .unwrap();
    assert_eq!(answer.unwrap(), serde_json::json!("local: hi"));
}
