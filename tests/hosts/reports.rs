//! What a set tells of each call, on every host: the `on_call` report
//! (tool, host, outcome, repairs, the arguments only where asked for) and,
//! with the `tracing` feature, one `tool_call` span with the same fields.

use std::fmt;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::json;
use toolsmith::function_calling::{anthropic, gemini, openai};
use toolsmith::{Call, CallOutcome, RepairPolicy, ToolSet, tool};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::registry::LookupSpan;

/// Divides `a` by `b`.
///
/// # Arguments
///
/// * `a` - the dividend
/// * `b` - the divisor, at least 1
#[tool]
fn divide(a: i64, #[arg(min = 1)] b: i64) -> Result<i64, String> {
    if a < 0 {
        return Err("negative dividends are not taken".to_owned());
    }
    Ok(a / b)
}

/// Panics.
#[tool]
fn boom() -> String {
    panic!("lost")
}

/// Waits far longer than it may.
#[tool(timeout = "20ms")]
async fn slow() -> String {
    tokio::time::sleep(Duration::from_secs(60)).await;
    "late".to_owned()
}

/// Says `text` back.
///
/// # Arguments
///
/// * `text` - what to say
#[tool]
fn echo(text: String) -> String {
    text
}

/// One report: tool, host, outcome, number of repairs, arguments.
type Seen = (String, String, CallOutcome, usize, Option<String>);

/// A set of the tools above whose reports land in the list returned.
fn reported(arguments: bool) -> (ToolSet, Arc<Mutex<Vec<Seen>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    let mut tools = ToolSet::new()
        .with_repairs(RepairPolicy::all())
        .on_panic(|_, _| {})
        .report_arguments(arguments)
        .on_call(move |report| {
            log.lock().unwrap().push((
                report.tool.to_owned(),
                report.host.to_owned(),
                report.outcome,
                report.repairs.len(),
                report.arguments.map(str::to_owned),
            ));
        });
    tools
        .register(Divide)
        .unwrap()
        .register(Boom)
        .unwrap()
        .register(Slow)
        .unwrap()
        .register(Echo)
        .unwrap();
    (tools, seen)
}

fn seen(tool: &str, host: &str, outcome: CallOutcome, repairs: usize) -> Seen {
    (tool.to_owned(), host.to_owned(), outcome, repairs, None)
}

#[tokio::test]
async fn every_outcome_is_reported_once_per_call() {
    let (tools, log) = reported(false);
    let divide = tools.tool("divide").unwrap();
    let _ = divide
        .call_in(json!({"a": 6, "b": 3}), (), Call::detached())
        .await;
    let _ = divide
        .call_in(json!({"a": 6, "b": 0, "c": 1}), (), Call::detached())
        .await;
    let _ = divide
        .call_in(json!({"a": -6, "b": 3}), (), Call::detached())
        .await;
    let _ = tools
        .tool("boom")
        .unwrap()
        .call_in(json!({}), (), Call::detached())
        .await;
    let _ = tools
        .tool("slow")
        .unwrap()
        .call_in(json!({}), (), Call::detached())
        .await;
    let cancelled = Call::detached();
    cancelled.handle().cancel();
    let _ = divide.call_in(json!({"a": 1, "b": 1}), (), cancelled).await;
    assert_eq!(
        *log.lock().unwrap(),
        [
            seen("divide", "direct", CallOutcome::Ok, 0),
            seen("divide", "direct", CallOutcome::Invalid { lines: 2 }, 0),
            seen("divide", "direct", CallOutcome::Failed, 0),
            seen("boom", "direct", CallOutcome::Panicked, 0),
            seen("slow", "direct", CallOutcome::TimedOut, 0),
            seen("divide", "direct", CallOutcome::Cancelled, 0),
        ]
    );
    assert_eq!(
        CallOutcome::Invalid { lines: 2 }.to_string(),
        "invalid (2 lines)"
    );
    assert_eq!(CallOutcome::TimedOut.to_string(), "timed_out");
}

#[tokio::test]
async fn each_host_is_named_and_repairs_are_counted() {
    let (tools, log) = reported(false);
    let args = json!({"a": 6, "b": "3"});
    openai::dispatch(
        &tools,
        &json!({"id": "c1", "type": "function", "function": {"name": "divide", "arguments": args.to_string()}}),
        (),
    )
    .await;
    anthropic::dispatch(
        &tools,
        &json!({"type": "tool_use", "id": "t1", "name": "divide", "input": args}),
        (),
    )
    .await;
    gemini::dispatch(
        &tools,
        &json!({"functionCall": {"name": "divide", "args": args}}),
        (),
    )
    .await;
    let initialize = json!({
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "reports", "version": "1"}
        }
    });
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let call = json!({
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "divide", "arguments": args}
    });
    let server = toolsmith::mcp::McpServer::new(tools.clone());
    crate::mcp_metadata::exchange(server, &[initialize, initialized, call]).await;
    let rig = toolsmith::rig::tools(tools);
    let divide = rig
        .iter()
        .find(|tool| tool.definition().name.as_str() == "divide");
    divide.unwrap().execute(args).await.unwrap();
    assert_eq!(
        *log.lock().unwrap(),
        ["openai", "anthropic", "gemini", "mcp", "rig"].map(|host| seen(
            "divide",
            host,
            CallOutcome::Ok,
            1
        ))
    );
}

#[test]
fn the_command_line_is_named_too() {
    let (tools, log) = reported(false);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let args = ["cli", "divide", "--a", "6", "--b", "3"];
    let code = toolsmith::cli::Cli::new(tools).run_from(args, &mut out, &mut err);
    assert_eq!(
        (code, String::from_utf8(out).unwrap()),
        (0, "2\n".to_owned())
    );
    assert_eq!(
        *log.lock().unwrap(),
        [seen("divide", "cli", CallOutcome::Ok, 0)]
    );
}

#[tokio::test]
async fn arguments_are_reported_only_when_asked_for_sanitized_and_cut() {
    let (tools, log) = reported(true);
    let echo = tools.tool("echo").unwrap();
    let _ = echo
        .call_in(json!({"text": "hi\u{202e}there"}), (), Call::detached())
        .await;
    let _ = echo
        .call_in(json!({"text": "x".repeat(5000)}), (), Call::detached())
        .await;
    let log = log.lock().unwrap();
    assert_eq!(log[0].4.as_deref(), Some(r#"{"text":"hithere"}"#));
    let long = log[1].4.as_deref().unwrap();
    assert_eq!(long.chars().count(), toolsmith::REPORTED_ARGUMENTS);
    assert!(
        long.starts_with(r#"{"text":"xxx"#) && long.ends_with('…'),
        "{long}"
    );
}

/// The spans closed, each as `name{field=value ..}` in the order its
/// fields were recorded (the duration, which varies, left out).
#[derive(Clone, Default)]
struct Spans(Arc<Mutex<Vec<String>>>);

#[derive(Default)]
struct Fields(Vec<String>);

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() != "duration_ms" {
            self.0.push(format!("{}={value:?}", field.name()));
        }
    }
}

impl<S: tracing::Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Spans {
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        attrs.record(&mut fields);
        ctx.span(id).unwrap().extensions_mut().insert(fields);
    }

    fn on_record(&self, id: &Id, values: &Record<'_>, ctx: Context<'_, S>) {
        let span = ctx.span(id).unwrap();
        let mut extensions = span.extensions_mut();
        values.record(extensions.get_mut::<Fields>().unwrap());
    }

    fn on_close(&self, id: Id, ctx: Context<'_, S>) {
        let span = ctx.span(&id).unwrap();
        let extensions = span.extensions();
        let fields = extensions.get::<Fields>().unwrap().0.join(" ");
        self.0
            .lock()
            .unwrap()
            .push(format!("{}{{{fields}}}", span.name()));
    }
}

#[tokio::test]
async fn each_call_is_one_tracing_span_with_the_reports_fields() {
    let (tools, _) = reported(false);
    // A call before the subscriber: the span's callsite is registered, and
    // the subscriber set next makes its interest be asked again.
    let _ = tools
        .tool("echo")
        .unwrap()
        .call_in(json!({"text": "-"}), (), Call::detached())
        .await;
    let spans = Spans::default();
    let subscriber = tracing_subscriber::registry().with(spans.clone());
    let _default = tracing::subscriber::set_default(subscriber);
    tracing::callsite::rebuild_interest_cache();
    let divide = tools.tool("divide").unwrap();
    let _ = divide
        .call_in(json!({"a": 6, "b": "3"}), (), Call::detached())
        .await;
    let _ = divide
        .call_in(json!({"b": 0}), (), Call::detached_as("rig"))
        .await;
    let (tools, _) = reported(true);
    let _ = tools
        .tool("echo")
        .unwrap()
        .call_in(json!({"text": "hi"}), (), Call::detached())
        .await;
    assert_eq!(
        *spans.0.lock().unwrap(),
        [
            r#"tool_call{tool="divide" host="direct" outcome="ok" repairs=1}"#,
            r#"tool_call{tool="divide" host="rig" outcome="invalid" lines=2 repairs=0}"#,
            r#"tool_call{tool="echo" host="direct" arguments="{\"text\":\"hi\"}" outcome="ok" repairs=0}"#,
        ]
    );
}
