//! The call a tool sees (`#[call] call: Call`), on every host: progress
//! filtered and sanitized and silent once the call is answered, a
//! timeout and a host's handle cancelling it (async and blocking tools),
//! `ask` validating the answer like arguments (and stating defaults,
//! titled values and multi-selects in its form), and the line a
//! function-calling host answers a question with.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::function_calling::{anthropic, openai};
use toolsmith::{
    Answer, Call, CallError, CallHost, Content, HostFuture, LogLevel, Progress, Reply, ToolArg,
    ToolError, ToolSet, tool,
};

/// A host that keeps what the call sends it and answers questions with
/// `reply`.
#[derive(Default)]
struct Scripted {
    progress: Mutex<Vec<Progress>>,
    logs: Mutex<Vec<(LogLevel, String)>>,
    asked: Mutex<Vec<(String, Value)>>,
    reply: Mutex<Option<Reply>>,
}

/// The host side of a [`Scripted`] host.
struct Host(Arc<Scripted>);

impl CallHost for Host {
    fn progress(&self, progress: &Progress) {
        self.0.progress.lock().unwrap().push(progress.clone());
    }

    fn log(&self, level: LogLevel, message: &str) {
        self.0
            .logs
            .lock()
            .unwrap()
            .push((level, message.to_owned()));
    }

    fn ask(&self, message: &str, schema: &Value) -> HostFuture<Result<Reply, String>> {
        self.0
            .asked
            .lock()
            .unwrap()
            .push((message.to_owned(), schema.clone()));
        let reply = self.0.reply.lock().unwrap().clone();
        Box::pin(async move { reply.ok_or_else(|| "no reply scripted".to_owned()) })
    }
}

fn scripted() -> (Arc<Scripted>, Call) {
    let host = Arc::new(Scripted::default());
    let call = Call::new(Arc::new(Host(Arc::clone(&host))));
    (host, call)
}

/// The call `reports` last ran in, kept past its end.
static KEPT: Mutex<Option<Call>> = Mutex::new(None);

/// Reports progress out of order, with a message that is not one line.
#[tool]
fn reports(#[call] call: Call) -> &'static str {
    call.progress(1.0, Some(4.0), "reading\nthe \u{1b}[31mfiles");
    call.progress(3.0, Some(4.0), "");
    call.progress(2.0, Some(4.0), "going back");
    call.progress(3.0, Some(4.0), "standing still");
    call.progress(f64::NAN, None, "not a number");
    call.progress(4.0, Some(f64::INFINITY), "done");
    call.log(LogLevel::Warning, "two\nlines");
    *KEPT.lock().unwrap() = Some(call);
    "reported"
}

fn progress(done: f64, total: Option<f64>, message: Option<&str>) -> Progress {
    let mut progress = Progress::clone(&PROGRESS_TEMPLATE);
    progress.done = done;
    progress.total = total;
    progress.message = message.map(str::to_owned);
    progress
}

/// `Progress` is non-exhaustive: a report from a host to edit.
static PROGRESS_TEMPLATE: std::sync::LazyLock<Progress> = std::sync::LazyLock::new(|| {
    let host = Arc::new(Scripted::default());
    Call::new(Arc::new(Host(Arc::clone(&host)))).progress(0.0, None, "");
    host.progress.lock().unwrap().remove(0)
});

#[tokio::test]
async fn progress_only_rises_is_one_line_and_stops_when_the_call_is_answered() {
    let mut tools = ToolSet::new();
    tools.register(Reports).unwrap();
    let (host, call) = scripted();
    let answer = tools.tool("reports").unwrap().call_in(json!({}), (), call);
    assert_eq!(answer.await.unwrap(), json!("reported"));
    let expected = [
        progress(1.0, Some(4.0), Some("reading the files")),
        progress(3.0, Some(4.0), None),
        progress(4.0, None, Some("done")),
    ];
    assert_eq!(*host.progress.lock().unwrap(), expected);
    assert_eq!(
        *host.logs.lock().unwrap(),
        [(LogLevel::Warning, "two lines".to_owned())]
    );

    // The tool kept its call; the call was answered, so nothing more goes out.
    let kept = KEPT.lock().unwrap().take().unwrap();
    kept.progress(10.0, None, "late");
    kept.log(LogLevel::Error, "late");
    assert_eq!(host.progress.lock().unwrap().len(), expected.len());
    assert_eq!(host.logs.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn a_set_without_a_host_call_gives_progress_to_its_log() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    let mut tools =
        ToolSet::new().on_progress(move |p: &Progress| log.lock().unwrap().push(p.done));
    tools.register(Reports).unwrap();
    let reply = openai::dispatch(
        &tools,
        &json!({"id": "call_1", "type": "function", "function": {"name": "reports", "arguments": "{}"}}),
        (),
    )
    .await;
    assert_eq!(
        reply,
        json!({"role": "tool", "tool_call_id": "call_1", "content": "reported"})
    );
    assert_eq!(*seen.lock().unwrap(), [1.0, 3.0, 4.0]);
}

/// Tells the test it runs, then waits on its thread until cancelled (a
/// minute at most) and says whether it saw it.
#[tool]
fn waits_on_its_thread(#[call] call: Call) -> &'static str {
    STARTED.lock().unwrap().take().unwrap().send(()).unwrap();
    for _ in 0..6000 {
        if call.is_cancelled() {
            SAW.lock().unwrap().take().unwrap().send(true).unwrap();
            return "stopped";
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    SAW.lock().unwrap().take().unwrap().send(false).unwrap();
    "never cancelled"
}

static STARTED: Mutex<Option<mpsc::Sender<()>>> = Mutex::new(None);
static SAW: Mutex<Option<mpsc::Sender<bool>>> = Mutex::new(None);

/// Waits for ever, unless cancelled.
#[tool]
async fn waits(#[call] call: Call) -> &'static str {
    STARTED.lock().unwrap().take().unwrap().send(()).unwrap();
    call.cancelled().await;
    "saw the cancellation"
}

/// One test at a time may use `STARTED` and `SAW`.
static SIGNALS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_cancels_the_call_a_blocking_tool_sees_it() {
    let _one = SIGNALS.lock().await;
    let (started, started_rx) = mpsc::channel();
    let (saw, saw_rx) = mpsc::channel();
    *STARTED.lock().unwrap() = Some(started);
    *SAW.lock().unwrap() = Some(saw);
    let mut tools = ToolSet::new()
        .with_timeout(Duration::from_millis(20))
        .with_blocking_executor(
            |job| async move { tokio::task::spawn_blocking(job).await.unwrap() },
        );
    tools.register(WaitsOnItsThread).unwrap();
    let answer = tools
        .call("waits_on_its_thread", json!({}), ())
        .await
        .unwrap();
    started_rx.recv().unwrap();
    let Err(CallError::Failed(err)) = answer else {
        panic!("not a failure: {answer:?}")
    };
    assert_eq!(err.message(), "timed out after 20ms");
    assert!(
        saw_rx.recv().unwrap(),
        "the blocking tool never saw the cancellation"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosts_handle_cancels_the_call() {
    let _one = SIGNALS.lock().await;
    let mut tools = ToolSet::new().with_blocking_executor(|job| async move {
        tokio::task::spawn_blocking(job).await.unwrap()
    });
    tools.register(Waits).unwrap();
    tools.register(WaitsOnItsThread).unwrap();
    let tools = Arc::new(tools);
    for name in ["waits", "waits_on_its_thread"] {
        let (started, started_rx) = mpsc::channel();
        let (saw, saw_rx) = mpsc::channel();
        *STARTED.lock().unwrap() = Some(started);
        *SAW.lock().unwrap() = Some(saw);
        let call = Call::detached();
        let handle = call.handle();
        let set = Arc::clone(&tools);
        let answer =
            tokio::spawn(async move { set.tool(name).unwrap().call_in(json!({}), (), call).await });
        tokio::task::spawn_blocking(move || started_rx.recv().unwrap())
            .await
            .unwrap();
        handle.cancel();
        let Err(CallError::Failed(err)) = answer.await.unwrap() else {
            panic!("{name} was not answered as cancelled")
        };
        assert_eq!(err.message(), "cancelled", "{name}");
        if name == "waits_on_its_thread" {
            let seen = tokio::task::spawn_blocking(move || saw_rx.recv().unwrap());
            assert!(
                seen.await.unwrap(),
                "the blocking tool never saw the cancellation"
            );
        }
    }
}

/// A form of two bounded fields.
#[derive(Debug, Deserialize, ToolArg, PartialEq)]
#[serde(deny_unknown_fields)]
struct Booking {
    /// How many seats
    #[arg(min = 1, max = 9)]
    seats: u8,
    /// Window or aisle
    side: Side,
    /// A note for the crew
    note: Option<String>,
}

/// Where to sit.
#[derive(Debug, Deserialize, ToolArg, PartialEq)]
#[serde(rename_all = "lowercase")]
enum Side {
    /// By the window
    Window,
    /// On the aisle
    Aisle,
}

#[tokio::test]
async fn ask_sends_the_types_flat_schema_and_validates_the_answer() {
    let (host, call) = scripted();
    *host.reply.lock().unwrap() = Some(Reply::Accepted(json!({"seats": 2, "side": "aisle"})));
    let answer = call.ask::<Booking>("Book\u{1b}[2J seats").await.unwrap();
    assert_eq!(
        answer,
        Answer::Accepted(Booking {
            seats: 2,
            side: Side::Aisle,
            note: None
        })
    );
    let (message, schema) = host.asked.lock().unwrap()[0].clone();
    assert_eq!(message, "Book seats");
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "description": "A form of two bounded fields.",
            "properties": {
                "seats": {"type": "integer", "description": "How many seats", "minimum": 1, "maximum": 9},
                "side": {
                    "type": "string",
                    "description": "Window or aisle\nwindow: By the window\naisle: On the aisle",
                    "enum": ["window", "aisle"]
                },
                "note": {"type": "string", "description": "A note for the crew"}
            },
            "required": ["seats", "side"]
        })
    );

    *host.reply.lock().unwrap() = Some(Reply::Accepted(
        json!({"seats": 12, "side": "middle", "extra": true}),
    ));
    let refused = call.ask::<Booking>("Book seats").await.unwrap_err();
    assert_eq!(
        refused.lines(),
        [
            "Invalid answer at /seats: must be at most 9, got 12",
            "Invalid answer at /side: must be one of window, aisle, got \"middle\"",
            "Invalid answer: unknown property \"extra\"; takes seats, side, note",
        ]
    );
    *host.reply.lock().unwrap() = Some(Reply::Declined);
    assert_eq!(call.ask::<Booking>("Book").await.unwrap(), Answer::Declined);
    *host.reply.lock().unwrap() = Some(Reply::Cancelled);
    assert_eq!(
        call.ask::<Booking>("Book").await.unwrap(),
        Answer::Cancelled
    );

    call.handle().cancel();
    let ended = call.ask::<Booking>("Book").await.unwrap_err();
    assert_eq!(ended.to_string(), "the call has ended");
}

/// Asks for a booking.
#[tool]
async fn book(#[call] call: Call) -> Result<String, ToolError> {
    match call.ask::<Booking>("How many seats?").await? {
        Answer::Accepted(booking) => Ok(format!("{} seats", booking.seats)),
        Answer::Declined | Answer::Cancelled => Ok("no booking".to_owned()),
    }
}

#[tokio::test]
async fn a_host_that_cannot_ask_answers_with_a_line() {
    let mut tools = ToolSet::new();
    tools.register(Book).unwrap();
    let reply = anthropic::dispatch(
        &tools,
        &json!({"type": "tool_use", "id": "toolu_1", "name": "book", "input": {}}),
        (),
    )
    .await;
    assert_eq!(
        reply,
        json!({
            "type": "tool_result",
            "tool_use_id": "toolu_1",
            "content": "book failed: this host cannot ask the user",
            "is_error": true
        })
    );
}

/// Draws a chart.
#[tool]
fn chart() -> Content {
    Content::text("Sales by month:")
        .and(Content::image(vec![1, 2, 3, 4, 5], "image/png"))
        .and(Content::resource_text(
            "file:///sales.csv",
            "text/csv",
            "jan,3",
        ))
        .and(Content::resource_link("file:///raw.csv", "raw.csv"))
}

#[tokio::test]
async fn a_host_that_takes_text_gets_the_text_and_a_line_per_other_block() {
    let mut tools = ToolSet::new();
    tools.register(Chart).unwrap();
    let reply = openai::dispatch(
        &tools,
        &json!({"id": "call_1", "type": "function", "function": {"name": "chart", "arguments": "{}"}}),
        (),
    )
    .await;
    assert_eq!(
        reply,
        json!({
            "role": "tool",
            "tool_call_id": "call_1",
            "content": "Sales by month:\n[image image/png, 5 bytes]\n[resource file:///sales.csv]\njan,3\n[resource link file:///raw.csv]"
        })
    );
}

#[tokio::test]
async fn a_result_that_does_not_match_the_output_schema_is_the_tools_failure() {
    let schema = json!({"type": "object", "properties": {}, "additionalProperties": false});
    let output = json!({
        "type": "object",
        "properties": {"count": {"type": "integer", "minimum": 0}},
        "required": ["count"],
        "additionalProperties": false
    });
    let mut tools = ToolSet::new();
    tools
        .register_dynamic(
            toolsmith::DynamicTool::new("count", "Counts", schema.clone(), |_, ()| async {
                Ok::<_, ToolError>(json!({"count": -1, "extra": true}))
            })
            .with_output_schema(output.clone()),
        )
        .unwrap()
        .register_dynamic(
            toolsmith::DynamicTool::new("counts_right", "Counts", schema, |_, ()| async {
                Ok::<_, ToolError>(json!({"count": 3}))
            })
            .with_output_schema(output),
        )
        .unwrap();
    let Err(CallError::Failed(err)) = tools.call("count", json!({}), ()).await.unwrap() else {
        panic!("a result against the schema was sent")
    };
    assert_eq!(
        err.message(),
        "the result does not match the tool's output schema: Invalid result at /count: must be at least 0, got -1; Invalid result: unknown property \"extra\"; takes count"
    );
    let right = tools.call("counts_right", json!({}), ()).await.unwrap();
    assert_eq!(right.unwrap(), json!({"count": 3}));
}

#[tokio::test]
async fn anthropic_gets_a_contents_images_as_image_blocks() {
    let mut tools = ToolSet::new();
    tools.register(Chart).unwrap();
    let reply = anthropic::dispatch(
        &tools,
        &json!({"type": "tool_use", "id": "toolu_1", "name": "chart", "input": {}}),
        (),
    )
    .await;
    assert_eq!(
        reply,
        json!({
            "type": "tool_result",
            "tool_use_id": "toolu_1",
            "content": [
                {"type": "text", "text": "Sales by month:"},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AQIDBAU="}},
                {"type": "text", "text": "[resource file:///sales.csv]\njan,3"},
                {"type": "text", "text": "[resource link file:///raw.csv]"}
            ]
        })
    );
}

/// How urgent, with a title for each value.
#[derive(Debug, Deserialize, ToolArg, PartialEq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
enum Urgency {
    #[arg(title = "Can wait")]
    Low,
    #[arg(title = "Right now")]
    High,
}

/// The same titles, stated the legacy way.
#[derive(Debug, Deserialize, ToolArg, PartialEq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[arg(enum_names)]
enum Legacy {
    #[arg(title = "Option one")]
    One,
    Two,
}

/// A form of every choice, each field with a default.
#[derive(Debug, Deserialize, ToolArg, PartialEq, serde::Serialize)]
#[serde(default, deny_unknown_fields)]
struct Ticket {
    /// Who asks
    name: String,
    /// How urgent
    urgency: Urgency,
    /// Which one
    legacy: Legacy,
    /// Sides
    sides: Vec<Side>,
    /// Urgencies
    #[arg(max_items = 2)]
    urgencies: Vec<Urgency>,
}

impl Default for Ticket {
    fn default() -> Self {
        Ticket {
            name: "anyone".to_owned(),
            urgency: Urgency::Low,
            legacy: Legacy::Two,
            sides: vec![Side::Aisle],
            urgencies: Vec::new(),
        }
    }
}

impl serde::Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match self {
            Side::Window => "window",
            Side::Aisle => "aisle",
        })
    }
}

#[tokio::test]
async fn ask_states_defaults_titled_enums_and_multi_selects() {
    let (host, call) = scripted();
    *host.reply.lock().unwrap() = Some(Reply::Accepted(
        json!({"urgency": "high", "urgencies": ["low", "high"]}),
    ));
    let answer = call
        .ask_as::<Ticket>("ticket", "File a ticket")
        .await
        .unwrap();
    assert_eq!(
        answer,
        Answer::Accepted(Ticket {
            urgency: Urgency::High,
            urgencies: vec![Urgency::Low, Urgency::High],
            ..Ticket::default()
        })
    );
    let (_, schema) = host.asked.lock().unwrap()[0].clone();
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "description": "A form of every choice, each field with a default.",
            "properties": {
                "name": {"type": "string", "description": "Who asks", "default": "anyone"},
                "urgency": {
                    "type": "string",
                    "description": "How urgent",
                    "oneOf": [
                        {"const": "low", "title": "Can wait"},
                        {"const": "high", "title": "Right now"}
                    ],
                    "default": "low"
                },
                "legacy": {
                    "type": "string",
                    "description": "Which one",
                    "enum": ["one", "two"],
                    "enumNames": ["Option one", "two"],
                    "default": "two"
                },
                "sides": {
                    "type": "array",
                    "description": "Sides",
                    "items": {
                        "type": "string",
                        "description": "Where to sit.\nwindow: By the window\naisle: On the aisle",
                        "enum": ["window", "aisle"]
                    },
                    "default": ["aisle"]
                },
                "urgencies": {
                    "type": "array",
                    "description": "Urgencies",
                    "items": {"anyOf": [
                        {"const": "low", "title": "Can wait"},
                        {"const": "high", "title": "Right now"}
                    ]},
                    "maxItems": 2,
                    "default": []
                }
            },
            "required": []
        })
    );

    // The answer is held to the declared values, whatever the form showed.
    *host.reply.lock().unwrap() = Some(Reply::Accepted(json!({"urgencies": ["soon"]})));
    let refused = call.ask::<Ticket>("File a ticket").await.unwrap_err();
    assert_eq!(
        refused.lines(),
        ["Invalid answer at /urgencies/0: must be one of low, high, got \"soon\""]
    );
}

/// Files a ticket of the given urgency.
#[tool]
fn file(urgency: Urgency) -> String {
    format!("{urgency:?}")
}

#[test]
fn a_tool_shows_titled_values_as_a_plain_enum() {
    use toolsmith::Tool;
    assert_eq!(
        File.input_schema()["properties"]["urgency"],
        json!({
            "type": "string",
            "description": "How urgent, with a title for each value.",
            "enum": ["low", "high"]
        })
    );
}
