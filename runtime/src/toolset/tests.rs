//! The set's behaviour on typed and dynamic tools.
use std::sync::OnceLock;
use std::task::{Context, Poll, Waker};

use serde::Deserialize;
use serde_json::json;

use super::*;
use crate::tool::{Tool, ToolArgs};

/// Runs a future that never waits (every tool here is synchronous inside).
fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut cx) {
            return output;
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AddArgs {
    a: i64,
    b: i64,
}

impl ToolArgs for AddArgs {}

struct Add;

fn add_schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        json!({
            "type": "object",
            "properties": {
                "a": {"type": "integer"},
                "b": {"type": "integer", "maximum": 10}
            },
            "required": ["a", "b"],
            "additionalProperties": false
        })
    })
}

impl Tool for Add {
    type Args = AddArgs;
    type Context = u8;

    fn name(&self) -> &'static str {
        "add"
    }
    fn description(&self) -> &'static str {
        "Adds two integers"
    }
    fn input_schema(&self) -> &'static Value {
        add_schema()
    }
    fn validator(&self) -> &'static Validator {
        static VALIDATOR: OnceLock<Validator> = OnceLock::new();
        VALIDATOR.get_or_init(|| Validator::new(add_schema()).unwrap())
    }
    async fn call(&self, args: AddArgs, ctx: u8) -> Result<Value, ToolError> {
        match args.a.checked_add(args.b) {
            Some(sum) => Ok(json!(sum + i64::from(ctx))),
            None => Err(ToolError::new("overflow")),
        }
    }
}

/// The host context is a `String`; `add` takes its length.
impl ToolWith<String> for Add {
    fn context(ctx: String) -> u8 {
        ctx.len() as u8
    }
}

fn dynamic(name: &'static str) -> DynamicTool<String> {
    DynamicTool::new(
        name,
        "Greets someone",
        json!({
            "type": "object",
            "properties": {"who": {"type": "string", "maxLength": 5}},
            "required": ["who"],
            "additionalProperties": false
        }),
        |args: Value, ctx: String| async move {
            match args["who"].as_str() {
                Some("nobody") | None => Err(ToolError::new("no one to greet")),
                Some(who) => Ok(json!(format!("{ctx} {who}"))),
            }
        },
    )
}

fn set() -> ToolSet<String> {
    let mut set = ToolSet::with_context_type();
    set.register(Add)
        .unwrap()
        .register_dynamic(dynamic("greet"))
        .unwrap();
    set
}

/// Calls tool `name` of `set` as code does, with a detached call.
fn call<C>(set: &ToolSet<C>, name: &str, args: Value, ctx: C) -> Result<Value, CallError> {
    block_on(set.tool(name).unwrap().call_in(args, ctx, Call::detached()))
}

fn lines(result: Result<Value, CallError>) -> Vec<String> {
    match result {
        Err(CallError::Input(err)) => err.lines(),
        other => panic!("expected bad input, got {other:?}"),
    }
}

#[test]
fn typed_and_dynamic_tools_run_with_the_context() {
    let set = set();
    let add = call(&set, "add", json!({"a": 1, "b": 2}), "ab".into());
    assert_eq!(add.unwrap(), json!(5));
    let greet = call(&set, "greet", json!({"who": "Ann"}), "hi".into());
    assert_eq!(greet.unwrap(), json!("hi Ann"));
}

#[test]
fn both_kinds_refuse_bad_input_with_lines() {
    let set = set();
    let add = call(
        &set,
        "add",
        json!({"a": "1", "b": 11, "c": 0}),
        String::new(),
    );
    assert_eq!(
        lines(add),
        [
            "Invalid arguments at /a: must be an integer, got string \"1\"",
            "Invalid arguments at /b: must be at most 10, got 11",
            "Invalid arguments: unknown property \"c\"; takes a, b",
        ]
    );
    let greet = call(&set, "greet", json!({"who": "Benjamin"}), String::new());
    assert_eq!(
        lines(greet),
        ["Invalid arguments at /who: must be at most 5 characters long, got 8"]
    );
}

#[test]
fn failures_keep_their_message() {
    let set = set();
    let result = call(&set, "add", json!({"a": i64::MAX, "b": 1}), String::new());
    assert!(matches!(result, Err(CallError::Failed(e)) if e.message() == "overflow"));
}

#[test]
fn unknown_names_list_every_tool() {
    let set = set();
    let err = block_on(set.call("ad\nd", json!({}), String::new())).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Unknown tool \"ad d\"; available tools: add, greet"
    );
    assert_eq!(err.available(), ["add", "greet"]);
}

#[test]
fn registration_refuses_duplicates_and_bad_tools() {
    let mut set = set();
    let err = set.register(Add).err().unwrap();
    assert_eq!(
        err.to_string(),
        "a tool named \"add\" is already registered"
    );
    let err = set.register_dynamic(dynamic("add")).err().unwrap();
    assert_eq!(err, RegisterError::Duplicate { name: "add".into() });
    let err = set.register_dynamic(dynamic("two words")).err().unwrap();
    assert_eq!(
        err.to_string(),
        "tool name \"two words\" must match ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$"
    );
    let refused = DynamicTool::new(
        "linked",
        "Uses a reference",
        json!({"type": "object", "properties": {"x": {"$ref": "#/$defs/x"}}}),
        |args: Value, _: String| async move { Ok(args) },
    );
    let err = set.register_dynamic(refused).err().unwrap();
    assert!(
        matches!(&err, RegisterError::Schema { name, .. } if name == "linked"),
        "{err}"
    );
    assert_eq!(set.names().collect::<Vec<_>>(), ["add", "greet"]);
}

#[test]
fn tools_describe_themselves_in_order() {
    let set = set();
    let listed: Vec<(&str, &str)> = set.tools().map(|t| (t.name(), t.description())).collect();
    assert_eq!(
        listed,
        [("add", "Adds two integers"), ("greet", "Greets someone")]
    );
    assert_eq!(set.tool("add").unwrap().input_schema(), add_schema());
    assert_eq!(set.tool("add").unwrap().output_schema(), None);
}

/// A hand-written tool whose schema and behaviour each test picks.
struct Custom {
    schema: &'static Value,
    blocking: bool,
    behaviour: fn(i64) -> Result<Value, ToolError>,
}

#[derive(Deserialize)]
struct CustomArgs {
    n: i64,
}

impl ToolArgs for CustomArgs {}

fn n_schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        json!({
            "type": "object",
            "properties": {"n": {"type": "integer"}},
            "required": ["n"],
            "additionalProperties": false
        })
    })
}

impl Tool for Custom {
    type Args = CustomArgs;
    type Context = ();

    fn name(&self) -> &'static str {
        "custom"
    }
    fn description(&self) -> &'static str {
        "Does what the test says"
    }
    fn input_schema(&self) -> &'static Value {
        self.schema
    }
    fn validator(&self) -> &'static Validator {
        static VALIDATOR: OnceLock<Validator> = OnceLock::new();
        VALIDATOR.get_or_init(|| Validator::new(n_schema()).unwrap())
    }
    async fn call(&self, args: CustomArgs, (): ()) -> Result<Value, ToolError> {
        (self.behaviour)(args.n)
    }
    fn invocation(&self, args: CustomArgs, ctx: ()) -> crate::tool::Invocation<'_> {
        if self.blocking {
            let behaviour = self.behaviour;
            crate::tool::Invocation::Blocking(Box::new(move || behaviour(args.n)))
        } else {
            crate::tool::Invocation::Async(Box::pin(self.call(args, ctx)))
        }
    }
}

impl<C> ToolWith<C> for Custom {
    fn context(_: C) {}
}

fn custom(blocking: bool, behaviour: fn(i64) -> Result<Value, ToolError>) -> Custom {
    Custom {
        schema: n_schema(),
        blocking,
        behaviour,
    }
}

fn boom(_: i64) -> Result<Value, ToolError> {
    panic!("boom\n\u{1b}[2Jsecond line")
}

fn failure(result: Result<Value, CallError>) -> String {
    match result {
        Err(CallError::Failed(err)) => err.message().to_owned(),
        other => panic!("expected a failure, got {other:?}"),
    }
}

/// A set logging panics into a shared list.
fn logging_set(tool: Custom) -> (ToolSet, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    let log = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = log.clone();
    let mut set = ToolSet::new().on_panic(move |tool, message| {
        seen.lock().unwrap().push(format!("{tool}: {message}"));
    });
    set.register(tool).unwrap();
    (set, log)
}

#[test]
fn a_panic_in_an_async_tool_is_a_failure_and_is_logged() {
    let (set, log) = logging_set(custom(false, boom));
    let result = call(&set, "custom", json!({"n": 1}), ());
    assert_eq!(failure(result), "the tool panicked");
    let log = log.lock().unwrap();
    assert_eq!(log.len(), 1);
    assert!(
        log[0].starts_with("custom: boom second line (at runtime/src/toolset/tests.rs:"),
        "{log:?}"
    );
}

#[test]
fn a_panic_in_a_blocking_tool_is_a_failure_and_is_logged() {
    let (set, log) = logging_set(custom(true, boom));
    let result = call(&set, "custom", json!({"n": 1}), ());
    assert_eq!(failure(result), "the tool panicked");
    assert_eq!(log.lock().unwrap().len(), 1);
}

#[test]
fn a_panic_in_a_dynamic_tool_is_a_failure() {
    let mut set = ToolSet::new();
    set.register_dynamic(DynamicTool::new(
        "sync_boom",
        "Panics before it returns a future",
        n_schema().clone(),
        |_: Value, ()| -> std::future::Ready<Result<Value, ToolError>> { panic!("early") },
    ))
    .unwrap()
    .register_dynamic(DynamicTool::new(
        "async_boom",
        "Panics inside its future",
        n_schema().clone(),
        |_: Value, ()| async move {
            if true {
                panic!("late");
            }
            Ok(Value::Null)
        },
    ))
    .unwrap();
    let set = set.on_panic(|_, _| {});
    for name in ["sync_boom", "async_boom"] {
        let result = call(&set, name, json!({"n": 1}), ());
        assert_eq!(failure(result), "the tool panicked", "{name}");
    }
}

#[test]
fn blocking_tools_run_on_the_executor_and_async_ones_do_not() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static JOBS: AtomicUsize = AtomicUsize::new(0);
    let executor = |job: crate::BlockingJob| {
        JOBS.fetch_add(1, Ordering::SeqCst);
        let handle = std::thread::spawn(job);
        std::future::ready(handle.join().unwrap())
    };
    let mut set = ToolSet::new().with_blocking_executor(executor);
    assert!(set.has_blocking_executor());
    set.register(custom(true, |n| Ok(json!(n * 2)))).unwrap();
    let result = call(&set, "custom", json!({"n": 21}), ());
    assert_eq!(result.unwrap(), json!(42));
    assert_eq!(JOBS.load(Ordering::SeqCst), 1);

    let mut set = ToolSet::new().with_blocking_executor(executor);
    set.register(custom(false, |n| Ok(json!(n)))).unwrap();
    call(&set, "custom", json!({"n": 1}), ()).unwrap();
    assert_eq!(JOBS.load(Ordering::SeqCst), 1);
}

#[test]
fn a_call_past_the_timeout_is_answered_and_a_quick_one_is_not_affected() {
    let mut set = ToolSet::new().with_timeout(std::time::Duration::from_millis(20));
    set.register_dynamic(DynamicTool::new(
        "stall",
        "Never finishes",
        n_schema().clone(),
        |_: Value, ()| std::future::pending::<Result<Value, ToolError>>(),
    ))
    .unwrap()
    .register(custom(false, |n| Ok(json!(n))))
    .unwrap();
    assert_eq!(set.timeout(), Some(std::time::Duration::from_millis(20)));
    let result = call(&set, "stall", json!({"n": 1}), ());
    assert_eq!(failure(result), "timed out after 20ms");
    let result = call(&set, "custom", json!({"n": 7}), ());
    assert_eq!(result.unwrap(), json!(7));
}

#[test]
fn arguments_over_the_limits_never_reach_the_tool() {
    let mut set = ToolSet::new().with_limits(Limits {
        max_bytes: 64,
        max_depth: 128,
    });
    set.register(custom(false, |_| panic!("must not run")))
        .unwrap();
    let big = json!({"n": 1, "pad": "x".repeat(100)});
    let result = call(&set, "custom", big, ());
    assert_eq!(
        lines(result),
        ["Invalid arguments: larger than the limit of 64 bytes"]
    );
    assert_eq!(set.limits().max_bytes, 64);
    assert_eq!(ToolSet::<()>::new().limits(), Limits::DEFAULT);
}

/// Why `set` refuses a hand-written tool with `schema`.
fn refused(set: &mut ToolSet, schema: &'static Value) -> RegisterError {
    let tool = Custom {
        schema,
        blocking: false,
        behaviour: |_| Ok(Value::Null),
    };
    set.register(tool).err().unwrap()
}

#[test]
fn a_hand_written_tool_with_an_unsupported_schema_is_refused_at_registration() {
    // Held to the schema rules `#[tool]` checks at compile time.
    static LINKED: OnceLock<Value> = OnceLock::new();
    let linked = LINKED
        .get_or_init(|| json!({"type": "object", "properties": {"n": {"$ref": "#/$defs/n"}}}));
    let mut set = ToolSet::<()>::new();
    let err = refused(&mut set, linked);
    assert_eq!(
        err,
        RegisterError::Rules {
            name: "custom".into(),
            problems: vec![
                "accepts unknown keys, which serde ignores: add `#[serde(deny_unknown_fields)]` to the struct, so that the schema and serde refuse them alike (schema rule 1: closed objects)".into(),
                "at /properties/n: is a reference, to \"#/$defs/n\" (\"$ref\"), as a type that contains itself leaves; hosts need every subschema inlined: take a flat list with ids, or a fixed depth of distinct types (schema rule 2: no references)".into(),
            ],
        }
    );
    // Within the rules, but a keyword JSON Schema does not have.
    static UNSUPPORTED: OnceLock<Value> = OnceLock::new();
    let linked = UNSUPPORTED.get_or_init(|| {
        json!({"type": "object", "properties": {"n": {"type": "string", "nullable": true}}, "additionalProperties": false})
    });
    let mut set = ToolSet::<()>::new();
    let err = refused(&mut set, linked);
    assert!(
        matches!(&err, RegisterError::Schema { name, .. } if name == "custom"),
        "{err}"
    );
    static OPEN: OnceLock<Value> = OnceLock::new();
    let open = OPEN.get_or_init(|| json!({"type": "string"}));
    let err = refused(&mut set, open);
    assert_eq!(
        err.to_string(),
        "the input schema of tool \"custom\" must have \"type\": \"object\""
    );
    assert!(set.is_empty());
}

#[test]
fn a_bound_set_runs_every_tool_with_its_context_and_keeps_the_rest() {
    let set = set()
        .with_limits(Limits {
            max_bytes: 64,
            ..Limits::DEFAULT
        })
        .bind("hey".to_owned());
    assert_eq!(set.names().collect::<Vec<_>>(), ["add", "greet"]);
    assert_eq!(set.limits().max_bytes, 64);
    let add = block_on(set.call("add", json!({"a": 1, "b": 2}), ())).unwrap();
    assert_eq!(add.unwrap(), json!(6));
    let greet = block_on(set.call("greet", json!({"who": "Ann"}), ())).unwrap();
    assert_eq!(greet.unwrap(), json!("hey Ann"));
    let greet = block_on(set.call("greet", json!({"who": "Benjamin"}), ())).unwrap();
    assert_eq!(
        lines(greet),
        ["Invalid arguments at /who: must be at most 5 characters long, got 8"]
    );
    let large = block_on(set.call("greet", json!({"who": "x".repeat(100)}), ())).unwrap();
    assert_eq!(
        lines(large),
        ["Invalid arguments: larger than the limit of 64 bytes"]
    );
}

#[test]
fn a_clone_changes_apart_from_its_set_and_a_bound_clone_still_runs() {
    let set = set();
    let mut changed = set.clone();
    assert!(changed.remove("add"));
    changed.register_dynamic(dynamic("hello")).unwrap();
    assert_eq!(set.names().collect::<Vec<_>>(), ["add", "greet"]);
    assert_eq!(changed.names().collect::<Vec<_>>(), ["greet", "hello"]);
    // The two share their tools: binding one leaves the other whole.
    let bound = changed.clone().bind("hey".to_owned());
    let greet = call(&bound, "greet", json!({"who": "Ann"}), ());
    assert_eq!(greet.unwrap(), json!("hey Ann"));
    let greet = call(&changed, "greet", json!({"who": "Bo"}), "hi".into());
    assert_eq!(greet.unwrap(), json!("hi Bo"));
    let err = changed.merge(set).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a tool named \"greet\" is already registered"
    );
    assert_eq!(changed.names().collect::<Vec<_>>(), ["greet", "hello"]);
}

#[test]
fn a_panic_is_told_apart_from_an_error_saying_the_same() {
    assert!(!ToolError::new("the tool panicked").is_panic());
    assert!(ToolError::panicked("the tool panicked").is_panic());
}

#[test]
fn a_dynamic_tools_scopes_are_oauth_scope_tokens_listed_once() {
    let cases: [(&'static [&'static str], Option<&str>); 4] = [
        (&["notes:write", "notes:read"], None),
        (&["notes write"], Some("notes write")),
        (&["a\"b"], Some("a\"b")),
        (&["x", "x"], Some("x")),
    ];
    for (scopes, refused) in cases {
        let mut set = ToolSet::<String>::with_context_type();
        let tool = dynamic("add").with_hints(crate::ToolHints::new().scopes(scopes));
        let registered = set.register_dynamic(tool).map(|_| ());
        let expected = refused.map(|scope| RegisterError::InvalidScope {
            name: "add".to_owned(),
            scope: scope.to_owned(),
        });
        assert_eq!(registered.err(), expected, "{scopes:?}");
    }
}
