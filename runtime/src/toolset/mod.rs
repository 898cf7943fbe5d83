//! `ToolSet`: the registry every host adapter takes.
//!
//! A set holds `#[tool]` tools and dynamic tools (a name, a description, a
//! JSON Schema and a closure) behind one erased call, so an MCP server, a
//! function-calling loop and a command line treat both the same: check the
//! size, validate against the canonical schema, then run — with a panic, a
//! stall or a blocking function answered the same way on every host.

mod check;
mod entry;
mod errors;
mod guard;
mod limits;
mod pipeline;
mod report;
mod runner;
mod timer;

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use crate::call::{Call, Progress, ProgressLog};
use crate::repair::{Repair, RepairPolicy};
use crate::sanitize::sanitize_line;
use crate::schema::Validator;
use crate::tool::{BlockingJob, CallError, ToolError, ToolWith};
use entry::Entry;
use runner::{Dynamic, Executor, Typed};

pub use entry::{DynamicTool, ToolRef};
pub use errors::{RegisterError, UnknownTool};
pub use limits::Limits;
use report::CallLog;
pub use report::{CallOutcome, CallReport, REPORTED_ARGUMENTS};

/// A registry of tools sharing one host context type `C` (`()` for none).
///
/// ```
/// # use serde_json::json;
/// # use toolsmith_runtime::{DynamicTool, ToolError, ToolSet};
/// let mut tools = ToolSet::new();
/// tools.register_dynamic(DynamicTool::new(
///     "echo",
///     "Returns its input",
///     json!({
///         "type": "object",
///         "properties": { "text": { "type": "string" } },
///         "required": ["text"],
///         "additionalProperties": false
///     }),
///     |args, ()| async move { Ok::<_, ToolError>(args) },
/// ))?;
/// assert_eq!(tools.names().collect::<Vec<_>>(), ["echo"]);
/// # Ok::<(), toolsmith_runtime::RegisterError>(())
/// ```
///
/// # Every call is answered
///
/// Whichever host makes the call, the set stands between it and the tool:
///
/// - arguments over the [`Limits`] (1 MiB, 128 levels by default) are
///   refused with one line before anything reads them;
/// - a panic in the tool is caught and answered as a failure,
///   `the tool panicked` (every host says `<tool> failed: the tool
///   panicked`), and told to the [`on_panic`](ToolSet::on_panic) log;
/// - a plain `fn` tool runs on the
///   [blocking executor](ToolSet::with_blocking_executor), never on an
///   async worker thread (the MCP server sets tokio's blocking pool);
/// - with a [timeout](ToolSet::with_timeout), a call that takes longer is
///   answered `timed out after 30s` (and its [`Call`] is cancelled, so a
///   plain `fn` still running sees it);
/// - a call whose [`Call`] is cancelled is answered `cancelled`.
pub struct ToolSet<C = ()> {
    entries: Vec<Arc<Entry<C>>>,
    by_name: HashMap<Cow<'static, str>, usize>,
    repairs: RepairPolicy,
    on_repair: Option<Arc<RepairLog>>,
    on_progress: Option<Arc<ProgressLog>>,
    reports: Reports,
    executor: Executor,
    limits: Limits,
    timeout: Option<Duration>,
}

/// Who hears of each call, and what of it.
#[derive(Clone, Default)]
struct Reports {
    on_call: Option<Arc<CallLog>>,
    /// Reports carry the arguments.
    arguments: bool,
}

/// Told of every call whose arguments were repaired: the tool, the repairs.
type RepairLog = dyn Fn(&str, &[Repair]) + Send + Sync;

/// A clone shares the tools (and logs and executor) with the set it came
/// from; registering in or removing from one leaves the other as it was.
impl<C> Clone for ToolSet<C> {
    fn clone(&self) -> Self {
        ToolSet {
            entries: self.entries.clone(),
            by_name: self.by_name.clone(),
            repairs: self.repairs,
            on_repair: self.on_repair.clone(),
            on_progress: self.on_progress.clone(),
            reports: self.reports.clone(),
            executor: self.executor.clone(),
            limits: self.limits,
            timeout: self.timeout,
        }
    }
}

impl<C> Default for ToolSet<C> {
    fn default() -> Self {
        ToolSet {
            entries: Vec::new(),
            by_name: HashMap::new(),
            repairs: RepairPolicy::default(),
            on_repair: None,
            on_progress: None,
            reports: Reports::default(),
            executor: Executor {
                blocking: None,
                on_panic: Arc::new(default_panic_log),
            },
            limits: Limits::DEFAULT,
            timeout: None,
        }
    }
}

impl ToolSet<()> {
    /// An empty set for tools that take no context, repairing calls with
    /// the default [`RepairPolicy`]. No annotation is needed:
    /// `let mut tools = ToolSet::new();` is a `ToolSet<()>`.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<C> ToolSet<C> {
    /// An empty set whose host hands every call a `C` (tools that take no
    /// context join it too): `ToolSet::<Arc<Db>>::with_context_type()`.
    pub fn with_context_type() -> Self {
        Self::default()
    }

    /// Sets the repair policy for every call through this set.
    pub fn with_repairs(mut self, repairs: RepairPolicy) -> Self {
        self.repairs = repairs;
        self
    }

    /// The repair policy calls through this set use.
    pub fn repairs(&self) -> &RepairPolicy {
        &self.repairs
    }

    /// Tells `log` of every call whose arguments were repaired, whichever
    /// host made it: the tool's name and the repairs.
    ///
    /// ```
    /// # use toolsmith_runtime::ToolSet;
    /// let tools: ToolSet = ToolSet::new().on_repair(|tool, repairs| {
    ///     for repair in repairs {
    ///         eprintln!("{tool}: {repair}");
    ///     }
    /// });
    /// ```
    pub fn on_repair(mut self, log: impl Fn(&str, &[Repair]) + Send + Sync + 'static) -> Self {
        self.on_repair = Some(Arc::new(log));
        self
    }

    /// Tells `log` of the progress tools report ([`Call::progress`]) in
    /// [detached](Call::detached_as) calls, whose host has no channel of its
    /// own: the function-calling and rig adapters, [`ToolSet::call`].
    /// Progress is already filtered (only rising) and sanitized.
    ///
    /// ```
    /// # use toolsmith_runtime::ToolSet;
    /// let tools: ToolSet = ToolSet::new().on_progress(|progress| {
    ///     eprintln!("{} of {:?}", progress.done, progress.total);
    /// });
    /// ```
    pub fn on_progress(mut self, log: impl Fn(&Progress) + Send + Sync + 'static) -> Self {
        self.on_progress = Some(Arc::new(log));
        self
    }

    /// Tells `log` of every call the set answers, whichever host made it:
    /// the tool, the host, how the call ended (ok, invalid with its line
    /// count, failed, panicked, timed out, cancelled), the repairs and how
    /// long it took; the arguments too, where
    /// [`report_arguments`](Self::report_arguments) says so. With the
    /// `tracing` feature each call is also a `tool_call` span with the
    /// same fields.
    ///
    /// ```
    /// # use toolsmith_runtime::ToolSet;
    /// let tools: ToolSet = ToolSet::new().on_call(|report| {
    ///     eprintln!("{} via {}: {} in {:?}", report.tool, report.host, report.outcome, report.duration);
    /// });
    /// ```
    pub fn on_call(mut self, log: impl Fn(&CallReport<'_>) + Send + Sync + 'static) -> Self {
        self.reports.on_call = Some(Arc::new(log));
        self
    }

    /// Whether reports of calls ([`on_call`](Self::on_call), and the
    /// `tracing` span) carry the arguments: compact JSON on one sanitized
    /// line, cut to [`REPORTED_ARGUMENTS`] characters. Off by default, as
    /// arguments may hold what a log should not.
    pub fn report_arguments(mut self, report: bool) -> Self {
        self.reports.arguments = report;
        self
    }

    /// Answers calls that take longer than `limit` with the failure
    /// `timed out after 30s` (whole seconds in seconds, anything else in
    /// milliseconds: `timed out after 1500ms`). An async tool is dropped at
    /// the deadline; a blocking one cannot be stopped and finishes on its
    /// thread, its result unused (without a blocking executor it runs where
    /// the call is polled, so the answer waits for it). No timeout by
    /// default.
    pub fn with_timeout(mut self, limit: Duration) -> Self {
        self.timeout = Some(limit);
        self
    }

    /// The per-call timeout, if one is set.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// Sets the size and depth cap on every call's arguments, on every
    /// host ([`Limits::DEFAULT`]: 1 MiB, 128 levels).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The size and depth cap on every call's arguments.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Runs the calls of synchronous tools (a plain `fn` under `#[tool]`)
    /// with `spawn`, which takes the job to a thread that may block and
    /// resolves to its result.
    ///
    /// Without one, the job runs where the call is polled, which suits a
    /// command line or a test but holds up an async worker thread for as
    /// long as the function runs. [`McpServer`] sets tokio's blocking pool
    /// when the set has no executor of its own; on tokio, elsewhere:
    ///
    /// [`McpServer`]: https://docs.rs/toolsmith/latest/toolsmith/mcp/struct.McpServer.html
    ///
    /// ```ignore
    /// let tools = tools.with_blocking_executor(|job| async move {
    ///     tokio::task::spawn_blocking(job)
    ///         .await
    ///         .unwrap_or_else(|_| Err(ToolError::new("the tool did not finish")))
    /// });
    /// ```
    ///
    /// A panic inside the job is caught before it reaches `spawn`.
    pub fn with_blocking_executor<F, Fut>(mut self, spawn: F) -> Self
    where
        F: Fn(BlockingJob) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, ToolError>> + Send + 'static,
    {
        self.executor.blocking = Some(Arc::new(move |job| Box::pin(spawn(job))));
        self
    }

    /// Whether a blocking executor was set.
    pub fn has_blocking_executor(&self) -> bool {
        self.executor.blocking.is_some()
    }

    /// Tells `log` of every panic caught in a tool, whichever host made the
    /// call: the tool's name and the panic message (sanitized, cut to 200
    /// characters, with where it happened). The caller is answered
    /// `the tool panicked` whatever the log does. By default one line goes
    /// to stderr, `tool "boom" panicked: <message>`, in place of the
    /// standard library's panic output, which would print the message raw.
    ///
    /// ```
    /// # use toolsmith_runtime::ToolSet;
    /// let tools: ToolSet = ToolSet::new().on_panic(|tool, message| {
    ///     eprintln!("{tool} panicked: {message}");
    /// });
    /// ```
    pub fn on_panic(mut self, log: impl Fn(&str, &str) + Send + Sync + 'static) -> Self {
        self.executor.on_panic = Arc::new(log);
        self
    }

    /// Adds a `#[tool]` tool (or a hand-written `impl Tool`). Its schema is
    /// checked and its validator built here, so that a schema outside the
    /// supported subset is this error rather than a failure on the first
    /// call; a name some host refuses, a missing or overlong description or
    /// a name already in the set is an error too.
    ///
    /// The schema is also held to the schema rules `#[tool]` checks at
    /// compile time (closed objects, no references, tagged unions, arrays with
    /// items, patterns, bounds, names, depth): a tool whose schema was made
    /// at run time (`toolsmith::schemars::tool`) or by hand breaking any is
    /// [`RegisterError::Rules`], listing every problem.
    pub fn register<T: ToolWith<C>>(&mut self, tool: T) -> Result<&mut Self, RegisterError> {
        check_portable(tool.name(), tool.description(), tool.input_schema(), || {
            tool.validator()
        })?;
        check_tool(tool.name(), tool.description(), tool.input_schema())?;
        // Built once, here: the check above proved it compiles.
        let _ = tool.validator();
        let entry = Entry {
            name: Cow::Borrowed(tool.name()),
            description: Cow::Borrowed(tool.description()),
            input_schema: Cow::Borrowed(tool.input_schema()),
            output_schema: tool.output_schema().map(Cow::Borrowed),
            output_validator: std::sync::OnceLock::new(),
            hints: Cow::Borrowed(tool.hints()),
            runner: Arc::new(Typed(tool)),
        };
        self.insert(entry)
    }

    /// Adds a tool defined at run time. Its schema is compiled here: a
    /// keyword outside the supported subset, a schema that is not an object
    /// schema, a name some host refuses or a name already in the set is an
    /// error.
    pub fn register_dynamic(&mut self, tool: DynamicTool<C>) -> Result<&mut Self, RegisterError>
    where
        C: 'static,
    {
        let validator = check_tool(&tool.name, &tool.description, &tool.input_schema)?;
        let entry = Entry {
            name: tool.name,
            description: tool.description,
            input_schema: Cow::Owned(tool.input_schema),
            output_schema: tool.output_schema.map(Cow::Owned),
            output_validator: std::sync::OnceLock::new(),
            hints: Cow::Owned(tool.hints),
            runner: Arc::new(Dynamic {
                validator,
                handler: tool.handler,
            }),
        };
        self.insert(entry)
    }

    fn insert(&mut self, entry: Entry<C>) -> Result<&mut Self, RegisterError> {
        let scopes = entry.hints.scopes;
        for (at, scope) in scopes.iter().enumerate() {
            if crate::rules::scope_problem(scope).is_some() || scopes[..at].contains(scope) {
                return Err(RegisterError::InvalidScope {
                    name: entry.name.into_owned(),
                    scope: (*scope).to_owned(),
                });
            }
        }
        if self.by_name.contains_key(&entry.name) {
            return Err(RegisterError::Duplicate {
                name: entry.name.into_owned(),
            });
        }
        self.by_name.insert(entry.name.clone(), self.entries.len());
        self.entries.push(Arc::new(entry));
        Ok(self)
    }

    /// Takes the tools of `other` into this set, after its own; this set's
    /// repairs, logs, limits, timeout and executor apply to them. A name
    /// both sets hold is [`RegisterError::Duplicate`], and then no tool is
    /// taken.
    ///
    /// ```
    /// # use serde_json::json;
    /// # use toolsmith_runtime::{DynamicTool, ToolSet};
    /// let schema = json!({"type": "object", "properties": {}, "additionalProperties": false});
    /// let tool = |name| DynamicTool::new(name, "Says hi", schema.clone(), |_, ()| async { Ok(json!("hi")) });
    /// let mut tools = ToolSet::new();
    /// tools.register_dynamic(tool("a"))?;
    /// let mut more = ToolSet::new();
    /// more.register_dynamic(tool("b"))?;
    /// tools.merge(more)?;
    /// assert_eq!(tools.names().collect::<Vec<_>>(), ["a", "b"]);
    /// # Ok::<(), toolsmith_runtime::RegisterError>(())
    /// ```
    pub fn merge(&mut self, other: ToolSet<C>) -> Result<&mut Self, RegisterError> {
        if let Some(name) = other.names().find(|name| self.contains(name)) {
            return Err(RegisterError::Duplicate {
                name: name.to_owned(),
            });
        }
        for entry in other.entries {
            self.by_name.insert(entry.name.clone(), self.entries.len());
            self.entries.push(entry);
        }
        Ok(self)
    }

    /// Removes the tool called `name`; `false` when the set holds none.
    ///
    /// ```
    /// # use serde_json::json;
    /// # use toolsmith_runtime::{DynamicTool, ToolSet};
    /// # let schema = json!({"type": "object", "properties": {}, "additionalProperties": false});
    /// # let tool = |name| DynamicTool::new(name, "Says hi", schema.clone(), |_, ()| async { Ok(json!("hi")) });
    /// let mut tools = ToolSet::new();
    /// tools.register_dynamic(tool("a"))?.register_dynamic(tool("b"))?;
    /// assert!(tools.remove("a"));
    /// assert!(!tools.remove("a"));
    /// assert_eq!(tools.names().collect::<Vec<_>>(), ["b"]);
    /// assert!(tools.tool("b").is_ok());
    /// # Ok::<(), toolsmith_runtime::RegisterError>(())
    /// ```
    pub fn remove(&mut self, name: &str) -> bool {
        let Some(index) = self.by_name.remove(name) else {
            return false;
        };
        self.entries.remove(index);
        for (i, entry) in self.entries.iter().enumerate().skip(index) {
            self.by_name.insert(entry.name.clone(), i);
        }
        true
    }

    /// The tool called `name`, or an error naming every tool the set holds.
    pub fn tool(&self, name: &str) -> Result<ToolRef<'_, C>, UnknownTool> {
        match self.by_name.get(name) {
            Some(&i) => Ok(ToolRef {
                entry: &*self.entries[i],
                set: self,
            }),
            None => Err(UnknownTool {
                name: name.to_owned(),
                available: self.names().map(str::to_owned).collect(),
            }),
        }
    }

    /// Validates `args` against the schema of tool `name` and, when they
    /// pass, runs it; `Err(UnknownTool)` when the set holds no such tool.
    ///
    /// The same as `self.tool(name)?.call_in(args, ctx, Call::detached())`
    /// (see [`ToolRef::call_in`]), with the two outcomes kept apart: a host
    /// answers an unknown name differently from a call that failed (MCP
    /// makes it a protocol error). A [`Content`](crate::Content) result
    /// comes back as its text, a line for each block that is not text
    /// ([`Content::plain`](crate::Content::plain)); `call_in` keeps the
    /// blocks for a host to map.
    pub async fn call(
        &self,
        name: &str,
        args: Value,
        ctx: C,
    ) -> Result<Result<Value, CallError>, UnknownTool> {
        let tool = self.tool(name)?;
        let answer = tool.call_in(args, ctx, Call::detached()).await;
        Ok(answer.map(crate::content::Content::plain))
    }

    /// Every tool, in registration order.
    pub fn tools(&self) -> impl ExactSizeIterator<Item = ToolRef<'_, C>> + '_ {
        self.entries.iter().map(|entry| ToolRef {
            entry: &**entry,
            set: self,
        })
    }

    /// Every tool name, in registration order.
    pub fn names(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.entries.iter().map(|entry| &*entry.name)
    }

    /// Whether the set holds a tool called `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// How many tools the set holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the set holds no tool.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<C: Clone + Send + Sync + 'static> ToolSet<C> {
    /// The set with its context given once: a [`ToolSet`] that takes none,
    /// whose every call hands its tool a clone of `ctx`. Everything else
    /// comes along (tools, repairs, logs, limits, timeout, executor), and
    /// tools that take no context can still join it.
    ///
    /// This is how a host holds a set: its code is then the same for every
    /// context type, compiled once inside toolsmith rather than again for
    /// each `C` in the crate that serves the tools.
    ///
    /// ```
    /// # use std::sync::Arc;
    /// # use serde_json::json;
    /// # use toolsmith_runtime::{DynamicTool, ToolSet};
    /// let schema = json!({"type": "object", "properties": {}, "additionalProperties": false});
    /// let mut tools = ToolSet::<Arc<String>>::with_context_type();
    /// tools.register_dynamic(DynamicTool::new("greet", "Greets the user", schema, |_, user: Arc<String>| {
    ///     async move { Ok(json!(format!("hello, {user}"))) }
    /// }))?;
    ///
    /// let tools: ToolSet = tools.bind(Arc::new("Ada".to_owned()));
    /// let greeting = tools.call("greet", json!({}), ());
    /// # let greeting = std::pin::pin!(greeting);
    /// # let waker = std::task::Waker::noop();
    /// # let std::task::Poll::Ready(greeting) = greeting.poll(&mut std::task::Context::from_waker(&waker)) else { unreachable!() };
    /// assert_eq!(greeting.unwrap().unwrap(), json!("hello, Ada"));
    /// # Ok::<(), toolsmith_runtime::RegisterError>(())
    /// ```
    pub fn bind(self, ctx: C) -> ToolSet {
        ToolSet {
            entries: self
                .entries
                .iter()
                .map(|entry| Arc::new(entry.bind(ctx.clone())))
                .collect(),
            by_name: self.by_name,
            repairs: self.repairs,
            on_repair: self.on_repair,
            on_progress: self.on_progress,
            reports: self.reports,
            executor: self.executor,
            limits: self.limits,
            timeout: self.timeout,
        }
    }
}

impl<C> fmt::Debug for ToolSet<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// Checks a typed tool's schema against the schema rules, after the name
/// and description (whose errors say more than a rule line would). A
/// `format` is a check where the tool's validator runs a declared parser.
fn check_portable(
    name: &str,
    description: &str,
    schema: &Value,
    validator: impl FnOnce() -> &'static Validator,
) -> Result<(), RegisterError> {
    if !crate::rules::is_tool_name(name) || schema.get("type") != Some(&Value::from("object")) {
        // `check_tool` says which.
        return Ok(());
    }
    let chars = description.chars().count();
    if chars == 0 || !crate::rules::description_fits(chars) {
        return Ok(());
    }
    let mut problems = crate::schema::portable::problems(schema);
    if !problems.is_empty() {
        problems =
            crate::schema::portable::problems_but_parsed(schema, validator().parsed_formats());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(RegisterError::Rules {
            name: name.to_owned(),
            problems,
        })
    }
}

/// Checks what every host needs of a tool, and compiles its schema.
fn check_tool(name: &str, description: &str, schema: &Value) -> Result<Validator, RegisterError> {
    let owned = || name.to_owned();
    if !crate::rules::is_tool_name(name) {
        return Err(RegisterError::InvalidName { name: owned() });
    }
    let chars = description.chars().count();
    if chars == 0 || !crate::rules::description_fits(chars) {
        return Err(RegisterError::InvalidDescription { name: owned() });
    }
    if schema.get("type") != Some(&Value::from("object")) {
        return Err(RegisterError::NotAnObject { name: owned() });
    }
    Validator::new(schema).map_err(|error| RegisterError::Schema {
        name: owned(),
        error,
    })
}

/// The panic log when none is set: one sanitized line on stderr.
fn default_panic_log(tool: &str, message: &str) {
    eprintln!("tool \"{}\" panicked: {message}", sanitize_line(tool));
}

#[cfg(test)]
mod tests;
