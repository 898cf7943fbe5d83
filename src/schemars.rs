//! Tools from types that derive `schemars::JsonSchema` (feature `schemars`):
//! the way over from rmcp's `Parameters<T>`, keeping the argument types.
//!
//! [`tool`] makes a [`Tool`] of an `async fn` (or closure) taking a
//! `#[derive(Deserialize, JsonSchema)]` struct, registered with
//! [`ToolSet::register`](crate::ToolSet::register) like any `#[tool]` tool.
//! The schema comes from schemars once per type, when the tool is made, and
//! is put in the subset's form: subschemas inlined (no `$ref`), `Option<T>`
//! as `null` in `type`, unit enums as `enum`, integer formats as the ranges
//! they name. Registering then holds it to the same schema rules `#[tool]`
//! checks at compile time; a schema that breaks any is
//! [`RegisterError::Rules`](crate::RegisterError::Rules), one line per
//! problem with its JSON pointer, never a panic and never a silent pass.
//! Calls get the same validation, repairs and lines as a `#[tool]` tool.
//!
//! ```
//! use schemars::JsonSchema;
//! use serde::Deserialize;
//! use toolsmith::ToolSet;
//!
//! /// The query.
//! #[derive(Deserialize, JsonSchema)]
//! #[serde(deny_unknown_fields)]
//! pub struct SearchArgs {
//!     /// Words to look for.
//!     #[schemars(length(min = 1))]
//!     pub query: String,
//!     /// How many results, 10 if unset.
//!     #[schemars(range(min = 1, max = 50))]
//!     pub limit: Option<u32>,
//! }
//!
//! async fn search(args: SearchArgs) -> Result<String, String> {
//!     Ok(format!("{} results for {}", args.limit.unwrap_or(10), args.query))
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), toolsmith::RegisterError> {
//! let mut tools = ToolSet::new();
//! tools.register(toolsmith::schemars::tool("search", "Searches the docs", search))?;
//!
//! let err = tools.call("search", serde_json::json!({"query": "", "limit": 500}), ()).await;
//! assert_eq!(
//!     err.unwrap().unwrap_err().to_string(),
//!     "Invalid arguments at /query: must be at least 1 character long, got 0\n\
//!      Invalid arguments at /limit: must be at most 50, got 500"
//! );
//! # Ok(())
//! # }
//! ```
//!
//! The other way round, every `#[derive(ToolArg)]` type and every argument
//! struct `#[tool]` generates implements `schemars::JsonSchema` with the
//! schema the tool advertises, so they go wherever schemars types go
//! (rmcp's `Parameters<T>`, structured-output helpers).
//!
//! # What serde would read beyond the schema
//!
//! schemars describes what serde reads, with three gaps that would make the
//! schema say one thing and the function do another; each is refused when
//! the tool is registered, with a line saying what to change:
//!
//! - a struct without `#[serde(deny_unknown_fields)]`: serde ignores unknown
//!   keys, so a misspelt optional key would be dropped without a word.
//!   Closing the schema would refuse calls serde reads, so registering asks
//!   for the attribute instead, and schema and type then refuse alike;
//! - a string `format` (`date-time`, `uuid`, `uri`, ..): the parser behind
//!   it is not in the schema; take the argument as a `String` or through a
//!   `#[derive(ToolArg)]` newtype, which models the parser;
//! - recursion, unions (`untagged`, enums with data), maps, tuples,
//!   `serde_json::Value`: the schema rules every host needs.
//!
//! Not visible in a schema, and so not refused: `#[serde(flatten)]` (use a
//! nested struct), `#[serde(alias)]` (the alias is refused as an unknown
//! key, since the schema names only the field), `deserialize_with` and
//! custom `Deserialize` impls (the schema must state what they read).

use std::any::TypeId;
use std::collections::HashMap;
use std::fmt::{self, Display};
use std::future::Future;
use std::marker::PhantomData;
use std::sync::{Mutex, OnceLock};

use ::schemars::generate::SchemaSettings;
use ::schemars::{JsonSchema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use toolsmith_runtime::portable::{self, advertised};
use toolsmith_runtime::tool_result;

use crate::{Tool, ToolArgs, ToolError, ToolWith, Validator};

/// The meta-schema the generator of [`tool`] is given, so that the
/// `JsonSchema` impls of toolsmith's own types hand it their declared
/// schema (with the aliases and formats the validator reads); it is
/// removed from the result.
const DECLARING: &str = "toolsmith:declared";

/// Whether `generator` is the one [`tool`] runs.
pub(crate) fn is_declaring(generator: &SchemaGenerator) -> bool {
    generator.settings().meta_schema.as_deref() == Some(DECLARING)
}

/// A tool made of `handler`, taking arguments of a type that derives
/// `schemars::JsonSchema` and `serde::Deserialize`; see the
/// [module docs](self).
///
/// `handler` is an `async fn` or closure returning `Result<T, E>`: `Ok` is
/// serialized, `Err` becomes the tool's failure (sanitized), as for a
/// `#[tool]` function. The tool takes no host context; capture what it
/// needs. The schema of `A` is made on the first call of `tool` for `A`
/// and kept for the life of the program. The name and description are
/// `&'static str`, as a `#[tool]` tool's are; for a tool known only at run
/// time, see [`DynamicTool`](crate::DynamicTool).
pub fn tool<A, F>(name: &'static str, description: &'static str, handler: F) -> SchemarsTool<A, F>
where
    A: JsonSchema + 'static,
{
    SchemarsTool {
        name,
        description,
        schemas: schemas_of::<A>(),
        handler,
        args: PhantomData,
    }
}

/// A [`Tool`] made by [`tool`].
pub struct SchemarsTool<A, F> {
    name: &'static str,
    description: &'static str,
    schemas: &'static Schemas,
    handler: F,
    args: PhantomData<fn() -> A>,
}

impl<A, F> fmt::Debug for SchemarsTool<A, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchemarsTool")
            .field("name", &self.name)
            .field("description", &self.description)
            .finish_non_exhaustive()
    }
}

/// The arguments of a [`SchemarsTool`]: the user's type, read once the call
/// passed the schema.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(transparent)]
pub struct Args<A>(pub A);

// Not a fix to suggest when some other type is not `ToolArgs`.
#[diagnostic::do_not_recommend]
impl<A: DeserializeOwned + Send + 'static> ToolArgs for Args<A> {
    // serde alone cannot see what schemars states beyond the types
    // (lengths, ranges, patterns): every call is checked against the
    // schema first, then read.
    const __DEDUPS: bool = true;
}

impl<A, F, Fut, T, E> Tool for SchemarsTool<A, F>
where
    A: DeserializeOwned + Send + 'static,
    F: Fn(A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<T, E>> + Send,
    T: Serialize,
    E: Display,
{
    type Args = Args<A>;
    type Context = ();

    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn input_schema(&self) -> &'static Value {
        &self.schemas.advertised
    }

    fn validator(&self) -> &'static Validator {
        self.schemas.validator()
    }

    fn call(&self, args: Args<A>, (): ()) -> impl Future<Output = Result<Value, ToolError>> + Send {
        let returned = (self.handler)(args.0);
        async move { tool_result(returned.await) }
    }
}

impl<C, A, F> ToolWith<C> for SchemarsTool<A, F>
where
    SchemarsTool<A, F>: Tool<Context = ()>,
{
    fn context(_: C) {}
}

/// The schemas of one argument type: the declared one the validator
/// compiles, and the one hosts are shown.
struct Schemas {
    declared: Value,
    advertised: Value,
    validator: OnceLock<Validator>,
}

impl Schemas {
    /// The validator of the declared schema. One that does not compile
    /// breaks a rule, so registering refuses the tool first; used without
    /// a set, such a tool refuses every call.
    fn validator(&'static self) -> &'static Validator {
        self.validator.get_or_init(|| {
            Validator::new(&self.declared).unwrap_or_else(|_| {
                Validator::new(&Value::Bool(false)).unwrap_or_else(|_| unreachable!())
            })
        })
    }
}

/// The schemas of `A`, made once per type and kept.
fn schemas_of<A: JsonSchema + 'static>() -> &'static Schemas {
    static MADE: OnceLock<Mutex<HashMap<TypeId, &'static Schemas>>> = OnceLock::new();
    let made = MADE.get_or_init(Default::default);
    let mut made = made.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    made.entry(TypeId::of::<A>()).or_insert_with(|| {
        let declared = declared_schema::<A>();
        Box::leak(Box::new(Schemas {
            advertised: advertised(declared.clone()),
            declared,
            validator: OnceLock::new(),
        }))
    })
}

/// `A`'s schema from schemars (draft 2020-12, every subschema inlined but
/// a recursive one) in the subset's form, without the root's `title` and
/// `description`: the tool's own description says what it does.
fn declared_schema<A: JsonSchema>() -> Value {
    let mut settings = SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    settings.meta_schema = Some(DECLARING.into());
    let mut schema = Value::from(settings.into_generator().into_root_schema_for::<A>());
    if let Value::Object(root) = &mut schema {
        for keyword in ["$schema", "title", "description"] {
            root.remove(keyword);
        }
    }
    portable::normalize(schema)
}
