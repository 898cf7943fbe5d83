//! `ToolSet`: the registry every host adapter takes.
//!
//! A set holds `#[tool]` tools and dynamic tools (a name, a description, a
//! JSON Schema and a closure) behind one erased call, so an MCP server, a
//! function-calling loop and a command line treat both the same: validate
//! against the canonical schema, then run.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

use crate::echo::quoted;
use crate::invoke::validate_input_with;
use crate::repair::{Repair, Repairs};
use crate::schema::Validator;
use crate::tool::{CallError, ToolError, ToolWith};

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A registry of tools sharing one host context type `C` (`()` for none).
///
/// ```
/// # use serde_json::json;
/// # use toolsmith_runtime::{ToolError, ToolSet};
/// let mut tools = ToolSet::new();
/// tools.register_dynamic(toolsmith_runtime::DynamicTool::new(
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
pub struct ToolSet<C = ()> {
    entries: Vec<Entry<C>>,
    by_name: HashMap<Cow<'static, str>, usize>,
    repairs: Repairs,
    on_repair: Option<Box<RepairLog>>,
}

/// Told of every call whose arguments were repaired: the tool, the repairs.
type RepairLog = dyn Fn(&str, &[Repair]) + Send + Sync;

/// A successful call: the tool's result, and what was repaired in its
/// arguments before validation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Called {
    /// The tool's result, serialized.
    pub value: Value,
    /// The repairs made to the arguments (empty for a call sent right).
    pub repairs: Vec<Repair>,
}

struct Entry<C> {
    name: Cow<'static, str>,
    description: Cow<'static, str>,
    input_schema: Cow<'static, Value>,
    output_schema: Option<Cow<'static, Value>>,
    runner: Box<dyn Runner<C>>,
}

/// Validates and runs one tool, whatever kind it is.
trait Runner<C>: Send + Sync {
    fn run(&self, args: Value, ctx: C, policy: Repairs)
    -> BoxFuture<'_, Result<Called, CallError>>;
}

/// A `#[tool]` tool (or a hand-written `impl Tool`).
struct Typed<T>(T);

impl<C, T: ToolWith<C>> Runner<C> for Typed<T> {
    fn run(
        &self,
        args: Value,
        ctx: C,
        policy: Repairs,
    ) -> BoxFuture<'_, Result<Called, CallError>> {
        let tool = &self.0;
        let ctx = T::context(ctx);
        Box::pin(async move {
            let valid = validate_input_with(tool, &args, &policy)?;
            let value = tool.call(valid.args, ctx).await?;
            Ok(Called {
                value,
                repairs: valid.repairs,
            })
        })
    }
}

type Handler<C> = dyn Fn(Value, C) -> BoxFuture<'static, Result<Value, ToolError>> + Send + Sync;

/// A tool known only at run time: checked by a [`Validator`] compiled from
/// its schema, then handed the arguments as a `serde_json::Value`.
struct Dynamic<C> {
    validator: Validator,
    handler: Box<Handler<C>>,
}

impl<C> Runner<C> for Dynamic<C> {
    fn run(
        &self,
        mut args: Value,
        ctx: C,
        policy: Repairs,
    ) -> BoxFuture<'_, Result<Called, CallError>> {
        let repairs = match self.validator.validate_with(&mut args, &policy) {
            Ok(repairs) => repairs,
            Err(err) => return Box::pin(std::future::ready(Err(CallError::Input(err)))),
        };
        let call = (self.handler)(args, ctx);
        Box::pin(async move {
            Ok(Called {
                value: call.await?,
                repairs,
            })
        })
    }
}

/// A tool defined at run time, for [`ToolSet::register_dynamic`]: a schema
/// that did not come from the macro (a proxied MCP tool, a config file).
///
/// The schema is compiled by [`Validator::new`] when the tool is registered;
/// every call is checked against it before the handler runs.
pub struct DynamicTool<C = ()> {
    name: Cow<'static, str>,
    description: Cow<'static, str>,
    input_schema: Value,
    output_schema: Option<Value>,
    handler: Box<Handler<C>>,
}

impl<C> DynamicTool<C> {
    /// A tool named `name` taking arguments that match `input_schema` (an
    /// object schema), run by `handler` with the host's context.
    pub fn new<F, Fut>(
        name: impl Into<Cow<'static, str>>,
        description: impl Into<Cow<'static, str>>,
        input_schema: Value,
        handler: F,
    ) -> Self
    where
        F: Fn(Value, C) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, ToolError>> + Send + 'static,
    {
        DynamicTool {
            name: name.into(),
            description: description.into(),
            input_schema,
            output_schema: None,
            handler: Box::new(move |args, ctx| Box::pin(handler(args, ctx))),
        }
    }

    /// Advertises the JSON Schema of the result (MCP `outputSchema`).
    pub fn with_output_schema(mut self, schema: Value) -> Self {
        self.output_schema = Some(schema);
        self
    }
}

impl<C> fmt::Debug for DynamicTool<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynamicTool")
            .field("name", &self.name)
            .field("description", &self.description)
            .field("input_schema", &self.input_schema)
            .field("output_schema", &self.output_schema)
            .finish_non_exhaustive()
    }
}

/// A tool could not be added to a [`ToolSet`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RegisterError {
    /// A tool of that name is already registered.
    Duplicate {
        /// The name registered twice.
        name: String,
    },
    /// The name is not one every host accepts (`^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`).
    InvalidName {
        /// The name as given.
        name: String,
    },
    /// The description is empty or longer than 1024 characters.
    InvalidDescription {
        /// The tool's name.
        name: String,
    },
    /// The input schema is not an object schema (`"type": "object"`).
    NotAnObject {
        /// The tool's name.
        name: String,
    },
    /// The input schema is outside the subset the validator supports.
    Schema {
        /// The tool's name.
        name: String,
        /// What the validator refused.
        error: crate::SchemaError,
    },
}

impl fmt::Display for RegisterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegisterError::Duplicate { name } => {
                write!(f, "a tool named {} is already registered", quoted(name))
            }
            RegisterError::InvalidName { name } => write!(
                f,
                "tool name {} must match {}",
                quoted(name),
                crate::rules::TOOL_NAME
            ),
            RegisterError::InvalidDescription { name } => write!(
                f,
                "tool {} needs a description of 1 to {} characters",
                quoted(name),
                crate::rules::MAX_DESCRIPTION
            ),
            RegisterError::NotAnObject { name } => write!(
                f,
                "the input schema of tool {} must have \"type\": \"object\"",
                quoted(name)
            ),
            RegisterError::Schema { name, error } => {
                write!(
                    f,
                    "the input schema of tool {} is not supported: {error}",
                    quoted(name)
                )
            }
        }
    }
}

impl std::error::Error for RegisterError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RegisterError::Schema { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A call named a tool the set does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTool {
    name: String,
    available: Vec<String>,
}

impl UnknownTool {
    /// The name the caller sent (unsanitized).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Every tool the set holds, in registration order.
    pub fn available(&self) -> &[String] {
        &self.available
    }
}

/// `Unknown tool "sluggify"; available tools: slugify, search`.
impl fmt::Display for UnknownTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Unknown tool {}; ", quoted(&self.name))?;
        if self.available.is_empty() {
            f.write_str("no tools are available")
        } else {
            write!(f, "available tools: {}", self.available.join(", "))
        }
    }
}

impl std::error::Error for UnknownTool {}

/// One registered tool: what a host advertises and a way to call it.
pub struct ToolRef<'a, C = ()> {
    entry: &'a Entry<C>,
    set: &'a ToolSet<C>,
}

impl<C> Clone for ToolRef<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for ToolRef<'_, C> {}

impl<'a, C> ToolRef<'a, C> {
    /// The name the model calls the tool by.
    pub fn name(&self) -> &'a str {
        &self.entry.name
    }

    /// What the tool does, for the model.
    pub fn description(&self) -> &'a str {
        &self.entry.description
    }

    /// The canonical JSON Schema of the arguments; every call is validated
    /// against it, whatever a host advertises.
    pub fn input_schema(&self) -> &'a Value {
        &self.entry.input_schema
    }

    /// The JSON Schema of the result, where known.
    pub fn output_schema(&self) -> Option<&'a Value> {
        self.entry.output_schema.as_deref()
    }

    /// Repairs `args` as the set's [`Repairs`] policy allows, validates them
    /// against the schema and, when they pass, runs the tool. The function
    /// never sees input that failed the schema. Repairs go to the set's
    /// [`on_repair`](ToolSet::on_repair) log.
    pub fn call(
        &self,
        args: Value,
        ctx: C,
    ) -> impl Future<Output = Result<Value, CallError>> + Send + 'a {
        let set = self.set;
        let name = self.name();
        let run = self.entry.runner.run(args, ctx, set.repairs);
        async move {
            let called = run.await?;
            if let (Some(log), false) = (&set.on_repair, called.repairs.is_empty()) {
                log(name, &called.repairs);
            }
            Ok(called.value)
        }
    }

    /// [`call`](Self::call) with a repair policy for this call only,
    /// returning the repairs beside the result (the log is not told).
    pub fn call_with(
        &self,
        args: Value,
        ctx: C,
        policy: &Repairs,
    ) -> impl Future<Output = Result<Called, CallError>> + Send + 'a {
        self.entry.runner.run(args, ctx, *policy)
    }
}

impl<C> fmt::Debug for ToolRef<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolRef")
            .field("name", &self.name())
            .field("description", &self.description())
            .finish_non_exhaustive()
    }
}

impl<C> Default for ToolSet<C> {
    fn default() -> Self {
        ToolSet {
            entries: Vec::new(),
            by_name: HashMap::new(),
            repairs: Repairs::default(),
            on_repair: None,
        }
    }
}

impl<C> ToolSet<C> {
    /// An empty set, repairing calls with the default [`Repairs`].
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the repair policy for every call through this set.
    pub fn with_repairs(mut self, repairs: Repairs) -> Self {
        self.repairs = repairs;
        self
    }

    /// The repair policy calls through this set use.
    pub fn repairs(&self) -> &Repairs {
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
        self.on_repair = Some(Box::new(log));
        self
    }

    /// Adds a `#[tool]` tool. A name already in the set is an error.
    pub fn register<T: ToolWith<C>>(&mut self, tool: T) -> Result<&mut Self, RegisterError> {
        let entry = Entry {
            name: Cow::Borrowed(tool.name()),
            description: Cow::Borrowed(tool.description()),
            input_schema: Cow::Borrowed(tool.input_schema()),
            output_schema: tool.output_schema().map(Cow::Borrowed),
            runner: Box::new(Typed(tool)),
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
        let name = tool.name.to_string();
        if !crate::rules::is_tool_name(&name) {
            return Err(RegisterError::InvalidName { name });
        }
        let chars = tool.description.chars().count();
        if chars == 0 || !crate::rules::description_fits(chars) {
            return Err(RegisterError::InvalidDescription { name });
        }
        if tool.input_schema.get("type") != Some(&Value::from("object")) {
            return Err(RegisterError::NotAnObject { name });
        }
        let validator =
            Validator::new(&tool.input_schema).map_err(|error| RegisterError::Schema {
                name: name.clone(),
                error,
            })?;
        let entry = Entry {
            name: tool.name,
            description: tool.description,
            input_schema: Cow::Owned(tool.input_schema),
            output_schema: tool.output_schema.map(Cow::Owned),
            runner: Box::new(Dynamic {
                validator,
                handler: tool.handler,
            }),
        };
        self.insert(entry)
    }

    fn insert(&mut self, entry: Entry<C>) -> Result<&mut Self, RegisterError> {
        if self.by_name.contains_key(&entry.name) {
            return Err(RegisterError::Duplicate {
                name: entry.name.into_owned(),
            });
        }
        self.by_name.insert(entry.name.clone(), self.entries.len());
        self.entries.push(entry);
        Ok(self)
    }

    /// The tool called `name`, or an error naming every tool the set holds.
    pub fn tool(&self, name: &str) -> Result<ToolRef<'_, C>, UnknownTool> {
        match self.by_name.get(name) {
            Some(&i) => Ok(ToolRef {
                entry: &self.entries[i],
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
    /// The same as `self.tool(name)?.call(args, ctx)`, with the two outcomes
    /// kept apart: a host answers an unknown name differently from a call
    /// that failed (MCP makes it a protocol error).
    pub async fn call(
        &self,
        name: &str,
        args: Value,
        ctx: C,
    ) -> Result<Result<Value, CallError>, UnknownTool> {
        let tool = self.tool(name)?;
        Ok(tool.call(args, ctx).await)
    }

    /// Every tool, in registration order.
    pub fn tools(&self) -> impl ExactSizeIterator<Item = ToolRef<'_, C>> + '_ {
        self.entries
            .iter()
            .map(|entry| ToolRef { entry, set: self })
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

impl<C> fmt::Debug for ToolSet<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

#[cfg(test)]
mod tests {
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
        let mut set = ToolSet::new();
        set.register(Add)
            .unwrap()
            .register_dynamic(dynamic("greet"))
            .unwrap();
        set
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
        let tool = set.tool("add").unwrap();
        assert_eq!(
            block_on(tool.call(json!({"a": 1, "b": 2}), "ab".into())).unwrap(),
            json!(5)
        );
        let tool = set.tool("greet").unwrap();
        assert_eq!(
            block_on(tool.call(json!({"who": "Ann"}), "hi".into())).unwrap(),
            json!("hi Ann")
        );
    }

    #[test]
    fn both_kinds_refuse_bad_input_with_lines() {
        let set = set();
        let add = block_on(
            set.tool("add")
                .unwrap()
                .call(json!({"a": "1", "b": 11, "c": 0}), String::new()),
        );
        assert_eq!(
            lines(add),
            [
                "Invalid arguments at /a: must be an integer, got string \"1\"",
                "Invalid arguments at /b: must be at most 10, got 11",
                "Invalid arguments: unknown property \"c\"; takes a, b",
            ]
        );
        let greet = block_on(
            set.tool("greet")
                .unwrap()
                .call(json!({"who": "Benjamin"}), String::new()),
        );
        assert_eq!(
            lines(greet),
            ["Invalid arguments at /who: must be at most 5 characters long, got 8"]
        );
    }

    #[test]
    fn failures_keep_their_message() {
        let set = set();
        let result = block_on(
            set.tool("add")
                .unwrap()
                .call(json!({"a": i64::MAX, "b": 1}), String::new()),
        );
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
}
