//! Plain Rust functions as tools for language-model agents.
//!
//! `#[tool]` on a function derives, at compile time, the typed argument
//! struct, the JSON Schema the model sees, and the schema rules that make
//! the tool work on every host. Before the function runs, every call is
//! checked against that schema, and a bad call is answered with one
//! sanitized line per problem, written for the model to fix its next call.
//!
//! # A tool
//!
//! ```
//! use serde::Deserialize;
//! use toolsmith::{Tool, ToolArg, tool};
//!
//! /// What goes between the words of a slug.
//! #[derive(Deserialize, ToolArg)]
//! pub enum Separator {
//!     #[serde(rename = "-")]
//!     Dash,
//!     #[serde(rename = "_")]
//!     Underscore,
//! }
//!
//! /// Turns text into a URL slug.
//! ///
//! /// # Arguments
//! ///
//! /// * `text` - the text to slugify
//! /// * `separator` - what goes between words
//! #[tool]
//! pub fn slugify(#[arg(pattern = r"\S")] text: String, separator: Separator) -> String {
//!     let separator = match separator {
//!         Separator::Dash => "-",
//!         Separator::Underscore => "_",
//!     };
//!     text.split_whitespace().collect::<Vec<_>>().join(separator).to_lowercase()
//! }
//!
//! // The function stays an ordinary function...
//! assert_eq!(slugify("Hello World".into(), Separator::Dash), "hello-world");
//!
//! // ...and `Slugify` is the tool, with `SlugifyArgs` its typed arguments.
//! assert_eq!(Slugify.name(), "slugify");
//! assert_eq!(Slugify.description(), "Turns text into a URL slug.");
//! assert_eq!(
//!     Slugify.input_schema(),
//!     &serde_json::json!({
//!         "type": "object",
//!         "properties": {
//!             "text": {"type": "string", "description": "the text to slugify", "pattern": "\\S"},
//!             "separator": {"type": "string", "description": "what goes between words", "enum": ["-", "_"]}
//!         },
//!         "required": ["text", "separator"],
//!         "additionalProperties": false
//!     })
//! );
//! ```
//!
//! For `fn slugify` the macro generates:
//!
//! - `SlugifyArgs`, a struct with one field per parameter, deserialized with
//!   serde (unknown keys refused);
//! - `Slugify`, a unit struct implementing [`Tool`]: [`name`](Tool::name),
//!   [`description`](Tool::description), [`input_schema`](Tool::input_schema)
//!   (built once), [`output_schema`](Tool::output_schema),
//!   [`validator`](Tool::validator) and [`call`](Tool::call);
//! - [`ToolWith`] for the contexts the tool runs in.
//!
//! # Validating and calling
//!
//! [`validate_input`] returns the typed arguments or every problem;
//! [`invoke_tool`] validates, then runs the function, which never sees input
//! that failed the schema. A valid call is deserialized and checked in one
//! pass; the full validator runs only to name the problems of a bad one.
//!
//! ```
//! # use serde::Deserialize;
//! # use toolsmith::{ToolArg, tool};
//! # #[derive(Deserialize, ToolArg)]
//! # pub enum Separator { #[serde(rename = "-")] Dash, #[serde(rename = "_")] Underscore }
//! # /// Turns text into a URL slug.
//! # #[tool]
//! # pub fn slugify(#[arg(pattern = r"\S")] text: String, separator: Separator) -> String {
//! #     let separator = match separator { Separator::Dash => "-", Separator::Underscore => "_" };
//! #     text.split_whitespace().collect::<Vec<_>>().join(separator).to_lowercase()
//! # }
//! use serde_json::json;
//! use toolsmith::{invoke_tool, validate_input};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let result = invoke_tool(&Slugify, json!({"text": "Hello World", "separator": "_"}), ()).await;
//! assert_eq!(result.unwrap(), json!("hello_world"));
//!
//! let err = validate_input(&Slugify, &json!({"text": " ", "separator": "+", "sep": "-"})).unwrap_err();
//! assert_eq!(
//!     err.lines(),
//!     [
//!         "Invalid arguments at /text: must match pattern \"\\S\"",
//!         "Invalid arguments at /separator: must be one of -, _, got \"+\"",
//!         "Invalid arguments: unknown property \"sep\"; takes text, separator",
//!     ]
//! );
//! # }
//! ```
//!
//! # Parameters
//!
//! Each parameter is a property of the tool's argument object, with the
//! schema of its type (see [Argument types](#argument-types)) and the
//! constraints of its `#[arg(..)]` attribute.
//!
//! One parameter may be marked `#[ctx]`: it is not part of the schema, and
//! [`invoke_tool`] passes it through (its type becomes
//! [`Tool::Context`]). A tool without one is invoked with `()`.
//!
//! ```
//! use std::sync::Arc;
//! use toolsmith::{Tool, tool};
//!
//! pub struct Db;
//!
//! /// Counts the rows of a table.
//! #[tool]
//! pub async fn count_rows(#[ctx] db: Arc<Db>, table: String) -> Result<u64, String> {
//!     let _ = db;
//!     if table.is_empty() { Err("no such table".into()) } else { Ok(3) }
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() {
//! let db = Arc::new(Db);
//! let rows = toolsmith::invoke_tool(&CountRows, serde_json::json!({"table": "users"}), db).await;
//! assert_eq!(rows.unwrap(), serde_json::json!(3));
//! # }
//! ```
//!
//! # Attributes
//!
//! - `#[tool(name = "..", description = "..")]`: the tool name defaults to
//!   the function's; the description defaults to its doc comment.
//! - `#[tool(tool = "..", args = "..")]`: the names of the generated tool
//!   type and argument struct (`Search` and `SearchArgs` for `fn search`),
//!   for when one is taken: another item named like the tool beside the
//!   function is one error at the function's name (``the name `Search` is
//!   taken by another item``) that gives this fix; one named like the
//!   argument struct is rustc's "defined multiple times".
//! - `#[tool(crate = "..")]`, and `#[toolsmith(crate = "..")]` beside
//!   `#[derive(ToolArg)]`: the path of this crate for a crate that
//!   re-exports it (`crate = "my_framework::toolsmith"`); every path the
//!   expansion names goes through it.
//! - `#[tool(title = "..", read_only, destructive, idempotent, open_world)]`:
//!   hints for hosts ([`ToolAnnotations`]), sent as MCP tool annotations
//!   (`title`, `readOnlyHint`, `destructiveHint`, `idempotentHint`,
//!   `openWorldHint`); each flag also takes `= false`, and `read_only` with
//!   `destructive` is a compile error. Set only what holds: clients may
//!   approve a `read_only` tool's calls without asking.
//! - `#[arg(..)]` on a parameter or a `ToolArg` struct field:
//!   `pattern = ".."` (strings; ECMA-262 syntax, unanchored, checked at
//!   compile time), `min = ..`, `max = ..` (numbers, within the Rust type's
//!   range; integers for integer types), `min_length`, `max_length` (strings, in Unicode scalar values),
//!   `min_items`, `max_items` (arrays), `items(..)` (the constraints of
//!   every item of an array: `pattern`, `min`, `max`, `min_length`,
//!   `max_length`), `description = ".."`, and `rename = ".."` (parameters;
//!   fields use `#[serde(rename)]`).
//!
//! Descriptions come from doc comments, and only their summary and body
//! reach the model: the text before the first of rustdoc's conventional
//! sections (`# Arguments`, `# Parameters`, `# Errors`, `# Panics`,
//! `# Safety`, `# Aborts`, `# Undefined Behavior`, `# Examples`), without
//! fenced code blocks; other headings and their text stay.
//!
//! - The function's doc is the tool's description.
//! - A parameter's description is `#[arg(description = "..")]`, else the
//!   parameter's own `///` doc comment, else its entry in the function's
//!   `# Arguments` list (`` * `text` - .. ``).
//! - A struct field's is `#[arg(description = "..")]`, else its doc.
//! - A `ToolArg` type's doc describes it wherever it is used, unless the
//!   property has a description of its own.
//! - A unit enum's description is its doc, then one `value: doc` line per
//!   documented variant (`low: can wait`), since the schema has no portable
//!   place for a value's doc. A property of the enum type that has its own
//!   description keeps those lines after it.
//!
//! The generated items are documented and share the function's visibility,
//! so a crate under `#![deny(missing_docs)]` builds; `Debug` of the argument
//! struct shows each field whose type is `Debug`, and `..` for the others.
//! [`toolset!`] collects tools into a [`ToolSet`].
//!
//! # Argument types
//!
//! Every parameter type and every field of a `#[derive(ToolArg)]` type maps to a
//! schema that the runtime enforces exactly: whatever serde would read beyond
//! the schema (a set's repeated item, a `u64` past its range, a date serde
//! parses leniently) is modelled or refused, so both paths answer alike.
//!
//! | Rust type | schema | notes |
//! |---|---|---|
//! | `String`, `Box<str>`, `Arc<str>`, `Cow<'static, str>` | `{"type": "string"}` | `Arc<str>` turns on serde's `rc` feature; a `Cow` is read owned |
//! | `PathBuf` | `{"type": "string"}` | a call's path is always UTF-8; a returned path that is not fails to serialize (serde's error), so the tool fails rather than send a lossy path |
//! | `char` | `{"type": "string", "minLength": 1, "maxLength": 1}` | one Unicode scalar value, as serde reads a `char` |
//! | `bool` | `{"type": "boolean"}` | |
//! | `u8`, `i8`, `u16`, `i16`, `u32`, `i32` | `{"type": "integer"}` with the type's range as `minimum` / `maximum` | |
//! | `u64`, `usize`, `u128` | `{"type": "integer", "minimum": 0}` | the maximum is enforced, not stated |
//! | `i64`, `isize`, `i128` | `{"type": "integer"}` | the range is enforced, not stated |
//! | `NonZeroU8`, `NonZeroU16`, `NonZeroU32` | `{"type": "integer", "minimum": 1}` and the maximum | |
//! | `NonZeroU64`, `NonZeroUsize`, `NonZeroU128` | `{"type": "integer", "minimum": 1}` | the maximum is enforced, not stated |
//! | `f32`, `f64` | `{"type": "number"}` (`f32` with the finite range) | no input becomes `inf` |
//! | `Option<T>` | `T` with `"null"` added to `type` (and `enum`) | not required |
//! | `Vec<T>` | `{"type": "array", "items": T}` | |
//! | `HashSet<T>`, `BTreeSet<T>` | the array with `"uniqueItems": true` | a repeated item is refused, never merged |
//! | `[T; N]` | the array with `minItems` = `maxItems` = `N` | `N` up to 32, as serde reads arrays |
//! | `Box<T>` | `T` | |
//! | a struct with `#[derive(Deserialize, ToolArg)]` and `#[serde(deny_unknown_fields)]` | a closed object, inlined | |
//! | a unit enum with `#[derive(Deserialize, ToolArg)]` | `{"type": "string", "enum": [..]}` | |
//! | a newtype `struct Email(#[arg(pattern = "..")] String);` or `#[serde(transparent)]` | the inner field's schema, with the newtype's doc as description | `#[arg(..)]` goes on the inner field |
//! | `uuid::Uuid` (feature `uuid`) | a string with the `pattern` of exactly the forms `Uuid::parse_str` reads | `must be a UUID, e.g. "67e55044-10b1-426f-9247-bb680e5fe0c8", got ".."` |
//! | `url::Url` (feature `url`) | `{"type": "string"}`, checked by `Url::parse` | `must be an absolute URL, e.g. "https://example.com/page", got ".."` |
//! | `chrono::DateTime<Utc>`, `DateTime<FixedOffset>`, `NaiveDate`, `NaiveDateTime`, `NaiveTime` (feature `chrono`) | `{"type": "string"}`, checked by the type's parser | `must be an RFC 3339 date-time, e.g. "2026-12-01T09:00:00Z", got "tomorrow"` |
//! | `jiff::Timestamp`, `civil::Date`, `civil::DateTime`, `civil::Time` (feature `jiff`) | `{"type": "string"}`, checked by the type's parser | as for chrono |
//!
//! `#[arg(items(pattern = "..", min_length = .., max_length = .., min = .., max = ..))]`
//! constrains every item of a `Vec`, a set or an array (or an `Option` of one),
//! with the same compile-time checks as the constraints on a value.
//!
//! Refused at compile time, each with a message naming the alternative:
//!
//! | refused | why | take instead |
//! |---|---|---|
//! | `&str`, `&Path`, `&[T]`, any borrow | arguments are deserialized into owned values | `String`, `PathBuf`, `Vec<T>` |
//! | `HashMap`, `BTreeMap`, `serde_json::Map` | a map takes any key: no closed schema | a struct with a field per key, or a `Vec` of key-value structs |
//! | `serde_json::Value` | any JSON: the schema says nothing | a struct or enum with the shape, or `String` the function parses |
//! | tuples, `()`, tuple structs of several fields | an array has one `items` schema | a struct with named fields, or `[T; N]` |
//! | `NonZeroI8` … `NonZeroI128`, `NonZeroIsize` | a schema cannot state "any integer but 0" | the signed integer and a check in the function, or `NonZeroU*` |
//! | `Rc<T>` | not `Send` | the value, `Box<T>` or `Arc<str>` |
//! | `Duration`, `SystemTime`, `OsString` | serde reads them as internal structs | an integer count of a unit (`timeout_secs: u64`), a date-time type, `String` or `PathBuf` |
//! | `Cell<T>`, `RefCell<T>` | nothing to share | the value |
//! | enums with data, `#[serde(untagged)]`, `flatten` | unions and open objects some hosts refuse | unit enums, a struct with a kind field, a nested struct |
//! | `jiff::Zoned`, `chrono::DateTime<Local>` | not provided: they need a time-zone database or clock | `Timestamp`, `DateTime<FixedOffset>` |
//!
//! A type that is only returned derives `ToolOutput` beside serde's
//! `Serialize` (no `Deserialize`, no `deny_unknown_fields`): the tool's
//! [`output_schema`](Tool::output_schema) is read from serde's serialization attributes.
//!
//! ## Deriving `ToolArg`
//!
//! [`ToolArg`] is derived, never implemented by hand (the runtime trusts
//! what an impl says about its schema). `#[derive(ToolArg)]` goes beside
//! serde's `#[derive(Deserialize)]` and
//! reads serde's attributes with serde's own parser, so the schema accepts
//! exactly what serde accepts. Structs must say
//! `#[serde(deny_unknown_fields)]`, so that serde refuses the unknown keys
//! the schema refuses. Every serde attribute that changes what serde accepts
//! is either modelled or a compile error:
//!
//! - modelled: `rename`, `rename_all` (serde's own rules), `skip` /
//!   `skip_deserializing`, `default` and `default = ".."` on a struct or a
//!   field (the property is not required, and the schema states the
//!   `"default"` value when the field's type is `Serialize`; it is computed
//!   once, when the schema is first built), `transparent` (the type's schema
//!   is its field's, its doc the description);
//! - repaired: `alias` on a field or a unit variant is accepted, reported as
//!   a [`Repair`] ([`RepairKind::SerdeAlias`], [`RepairKind::SerdeValueAlias`])
//!   under every policy, and never advertised; sending an alias beside the
//!   name it stands for is refused, as serde refuses it;
//! - refused at compile time: `flatten`, `untagged`, `tag`, `content`,
//!   `from`, `try_from`, `with`, `deserialize_with`, `other`, `borrow`,
//!   `remote`, `field_identifier`, `variant_identifier`;
//! - ignored, since they change only serialization or serde's own plumbing:
//!   `skip_serializing`, `skip_serializing_if`, `serialize_with`, `into`,
//!   `getter`, the `serialize` half of `rename` / `rename_all`, `bound`,
//!   `crate`, `expecting`, and a container's `rename`.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use toolsmith::{Tool, ToolArg, tool};
//!
//! /// Which page of results.
//! #[derive(Serialize, Deserialize, ToolArg)]
//! #[serde(default, deny_unknown_fields)]
//! pub struct Paging {
//!     #[serde(alias = "pageNumber")]
//!     pub page: u32,
//!     pub per_page: u32,
//! }
//!
//! impl Default for Paging {
//!     fn default() -> Self {
//!         Paging { page: 1, per_page: 20 }
//!     }
//! }
//!
//! /// Lists the open issues.
//! #[tool]
//! pub fn list_issues(paging: Paging) -> String {
//!     format!("page {} of {}", paging.page, paging.per_page)
//! }
//!
//! let paging = &ListIssues.input_schema()["properties"]["paging"];
//! assert_eq!(paging["required"], serde_json::json!([]));
//! assert_eq!(paging["properties"]["per_page"]["default"], 20);
//! let args = toolsmith::validate_input(
//!     &ListIssues,
//!     &serde_json::json!({"paging": {"pageNumber": 3}}),
//! )
//! .unwrap();
//! assert_eq!((args.paging.page, args.paging.per_page), (3, 20));
//! ```
//!
//! ```
//! use serde::Deserialize;
//! use toolsmith::{Tool, ToolArg, tool};
//!
//! /// A point on the map.
//! #[derive(Deserialize, ToolArg)]
//! #[serde(deny_unknown_fields, rename_all = "camelCase")]
//! pub struct Point {
//!     /// Degrees north.
//!     #[arg(min = -90, max = 90)]
//!     pub latitude: f64,
//!     /// Degrees east.
//!     #[arg(min = -180, max = 180)]
//!     pub longitude: f64,
//!     pub place_name: Option<String>,
//! }
//!
//! /// Finds the nearest station.
//! #[tool]
//! pub fn nearest_station(from: Point, #[arg(min_items = 1)] lines: Vec<String>) -> String {
//!     format!("{} stations on {} lines", from.latitude as i64, lines.len())
//! }
//!
//! let err = toolsmith::validate_input(
//!     &NearestStation,
//!     &serde_json::json!({"from": {"latitude": 91, "longitude": 0, "z": 1}, "lines": []}),
//! )
//! .unwrap_err();
//! assert_eq!(
//!     err.lines(),
//!     [
//!         "Invalid arguments at /from/latitude: must be at most 90, got 91",
//!         "Invalid arguments at /lines: must have at least 1 item, got 0",
//!         "Invalid arguments at /from: unknown property \"z\"; takes latitude, longitude, placeName",
//!     ]
//! );
//! ```
//!
//! # Returns
//!
//! A tool returns any `T: Serialize`, or `Result<T, E>` with `E: Display`:
//! `Ok` is serialized, `Err` becomes a [`ToolError`] (sanitized). When `T`
//! implements [`ToolOutput`], its schema is the tool's
//! [`output_schema`](Tool::output_schema); otherwise there is none. Every
//! argument type implements it; a type that is only returned derives it
//! beside serde's `Serialize`:
//!
//! ```
//! use serde::Serialize;
//! use toolsmith::{Tool, ToolOutput, tool};
//!
//! /// A booked meeting.
//! #[derive(Serialize, ToolOutput)]
//! #[serde(rename_all = "camelCase")]
//! pub struct Booked {
//!     /// Where to join.
//!     pub join_url: String,
//!     #[serde(skip_serializing_if = "Option::is_none")]
//!     pub room: Option<String>,
//! }
//!
//! /// Books a meeting.
//! #[tool]
//! pub fn book(title: String) -> Result<Booked, String> {
//!     Ok(Booked { join_url: format!("https://example.com/{title}"), room: None })
//! }
//!
//! assert_eq!(
//!     Book.output_schema().unwrap(),
//!     &serde_json::json!({
//!         "type": "object",
//!         "description": "A booked meeting.",
//!         "properties": {
//!             "joinUrl": {"type": "string", "description": "Where to join."},
//!             "room": {"type": ["string", "null"]}
//!         },
//!         "required": ["joinUrl"],
//!         "additionalProperties": false
//!     })
//! );
//! ```
//!
//! # Schema rules
//!
//! A schema must work on every host, so the macros enforce what all of them
//! accept; each rule is a compile error on the offending tokens:
//!
//! 1. closed objects: no maps, no `serde_json::Value`, no
//!    `#[serde(flatten)]`, and structs deny unknown fields;
//! 2. no references: a type that contains itself is refused;
//! 3. no unions: enums are unit enums, never `untagged` or tagged;
//! 4. arrays have items: no tuples or tuple structs;
//! 5. `pattern` is ECMA-262 that a linear-time engine runs: no lookaround,
//!    no backreferences, no other dialect's syntax (see [Patterns](#patterns));
//! 6. bounds are consistent and typed: `min <= max`, lengths on strings,
//!    `min`/`max` on numbers within the Rust type's range (integers on
//!    integer types, from -9223372036854775808 to 18446744073709551615),
//!    item counts on arrays;
//! 7. tool names match `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`, property names
//!    `^[A-Za-z_][A-Za-z0-9_]{0,63}$`, without duplicates;
//! 8. a tool has a description of at most 1024 characters;
//! 9. objects nest at most 5 deep, the tool's arguments included.
//!
//! ```compile_fail
//! use toolsmith::tool;
//!
//! /// Sets the brightness.
//! #[tool]
//! fn brightness(#[arg(max = 300)] level: u8) {} // `u8` never exceeds 255
//! ```
//!
//! # Repairs
//!
//! Before validation, [`validate_input`] repairs what models commonly get
//! wrong and is safe to fix: a key in another case convention than the
//! property's (`roomName` for `room_name`, or `min_score` for `minScore`
//! where the schema is camelCase; in an object that refuses unknown keys,
//! and only when exactly one property matches), and JSON
//! text sent where an object or array belongs. Lines for an unknown key or
//! enum value one edit away say "did you mean". Reading `"5"` as a number is
//! there too, off by default. [`Repairs`] switches each one;
//! [`validate_input_with`] returns the [`Repair`]s made.
//!
//! ```
//! # use toolsmith::{Repairs, tool, validate_input_with};
//! /// Books a room.
//! #[tool]
//! fn book_room(room_name: String, #[arg(min = 1, max = 20)] seats: u8) -> String {
//!     format!("{room_name} for {seats}")
//! }
//!
//! let call = serde_json::json!({"roomName": "Ada", "seats": 4});
//! let valid = validate_input_with(&BookRoom, &call, &Repairs::default()).unwrap();
//! assert_eq!(valid.args.room_name, "Ada");
//! assert_eq!(valid.repairs[0].to_string(), "read key roomName as room_name");
//! ```
//!
//! # Hosts
//!
//! A [`ToolSet`] holds `#[tool]` tools and [`DynamicTool`]s (a schema known
//! only at run time, checked by a [`Validator`]); every host adapter takes
//! one, and the model reads the same lines on each:
//!
//! - [`mcp::McpServer`] (feature `mcp`): an MCP server on the official
//!   `rmcp` crate; bad input is `isError: true` with a text block per line.
//!   On stdio, or (feature `mcp-http`) over Streamable HTTP with
//!   `serve_http`, with sessions or without (replicas behind a load
//!   balancer), and a graceful shutdown that answers the calls in flight.
//! - `rig::tools` (feature `rig`): the set's tools as tools of a rig agent;
//!   bad input is the tool result the model reads, one line per problem.
//! - [`cli::Cli`] (feature `cli`): a `clap` command, one subcommand per tool,
//!   flags from the schema; lines name `--flags`; exit code 2 for bad input,
//!   1 for a failing tool.
//! - [`function_calling`]: declarations for OpenAI (strict), Anthropic and
//!   Gemini, and dispatch of each host's tool call to its tool-result
//!   message.
//!
//! On every host the set answers each call, whatever the tool does: the
//! arguments are capped by [`Limits`] (1 MiB and 128 levels by default,
//! [`ToolSet::with_limits`]), a panic is answered `<tool> failed: the tool
//! panicked` and told to [`ToolSet::on_panic`], a plain `fn` tool runs on
//! the [blocking executor](ToolSet::with_blocking_executor) (tokio's
//! blocking pool under [`mcp::McpServer`]), and
//! [`ToolSet::with_timeout`] answers a stalled call `<tool> failed: timed
//! out after 30s`.
//!
//! ```
//! # use toolsmith::{ToolSet, tool};
//! /// Adds two numbers.
//! #[tool]
//! fn add(a: i64, b: i64) -> i64 {
//!     a + b
//! }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), toolsmith::RegisterError> {
//! let mut tools = ToolSet::new();
//! tools.register(Add)?;
//! let call = serde_json::json!({"type": "tool_use", "id": "t1", "name": "add", "input": {"a": 1, "b": "2"}});
//! let reply = toolsmith::function_calling::anthropic::dispatch(&tools, &call, ()).await;
//! assert_eq!(
//!     reply,
//!     serde_json::json!({
//!         "type": "tool_result",
//!         "tool_use_id": "t1",
//!         "is_error": true,
//!         "content": "Invalid arguments at /b: must be an integer, got string \"2\""
//!     })
//! );
//! # Ok(())
//! # }
//! ```
//!
//! # Hooks
//!
//! With the `hooks` feature, [`hooks`] types the hook contract of Claude
//! Code, as the official Agent SDK declares it (34 events): a hook program
//! is one function from a validated [`hooks::HookInput`] to a
//! [`hooks::HookOutput`], built per event so that the agent accepts it;
//! [`hooks::run`] reads stdin, validates both sides, prints the answer and
//! returns the exit code. A guard:
//!
//! ```
//! use toolsmith::hooks::{self, HookInput, HookOutput, Options, ToolInput};
//!
//! fn guard(input: HookInput) -> HookOutput {
//!     if let HookInput::PreToolUse(call) = &input
//!         && let Ok(ToolInput::Bash(bash)) = call.tool_input()
//!         && bash.command.contains("--force")
//!     {
//!         return HookOutput::pre_tool_use().deny("no force-push: push a new branch").into();
//!     }
//!     HookOutput::empty() // not "allow": the user's permission rules still apply
//! }
//! // fn main() -> std::process::ExitCode { hooks::run_with(Options::fail_closed(), guard) }
//!
//! let payload = r#"{"session_id": "s1", "transcript_path": "/t.jsonl", "cwd": "/w",
//!     "hook_event_name": "PreToolUse", "tool_name": "Bash",
//!     "tool_input": {"command": "git push --force"}, "tool_use_id": "toolu_1"}"#;
//! let outcome = hooks::run_on(&Options::fail_closed(), payload.as_bytes(), guard);
//! assert_eq!(
//!     outcome.stdout,
//!     r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no force-push: push a new branch"}}"#
//!         .to_owned() + "\n"
//! );
//! assert_eq!((outcome.stderr.as_str(), outcome.exit_code), ("", 0));
//! ```
//!
//! A hook that fails (an unreadable payload, an error or panic in the
//! function, an answer the agent would refuse) exits 1, which the agent
//! reports and goes past; with [`hooks::Options::fail_closed`] it exits 2
//! and blocks. [`hooks::validate_hook_output`] checks answers written by
//! hand. What each event can decide:
//! [docs/hooks.md](https://github.com/toolsmith-rs/toolsmith/blob/main/docs/hooks.md);
//! the examples `bash_guard` and `stop_gate` are complete hooks.
//!
//! # schemars
//!
//! With the `schemars` feature, toolsmith and schemars meet both ways:
//!
//! - every `#[derive(ToolArg)]` type and every argument struct `#[tool]`
//!   generates implements `schemars::JsonSchema` (schemars 1, the major
//!   rmcp takes), with the schema the tool advertises, every subschema
//!   inlined: it goes into rmcp's `Parameters<T>` or any other API that
//!   takes a schemars type;
//! - [`schemars::tool`] makes a tool of an `async fn` taking a type that
//!   derives `Deserialize` and `JsonSchema`, for [`ToolSet::register`]: the
//!   way over from rmcp without rewriting the argument types. Its schema
//!   comes from schemars once, is put in the subset's form and is held to
//!   the [schema rules](#schema-rules) when the tool is registered; a type
//!   that breaks any is a [`RegisterError::Rules`] naming every problem.
//!   Calls get the same validation, repairs and lines as a `#[tool]` tool.
//!
//! ```
//! use schemars::JsonSchema;
//! use serde::Deserialize;
//! use toolsmith::{Tool, ToolSet, tool};
//!
//! /// Adds two numbers.
//! #[tool]
//! fn add(a: i64, b: i64) -> i64 {
//!     a + b
//! }
//!
//! // A `#[tool]` argument struct is a schemars type with the tool's schema.
//! let mut schema = serde_json::Value::from(schemars::schema_for!(AddArgs));
//! let root = schema.as_object_mut().unwrap();
//! root.remove("$schema");
//! root.remove("title");
//! assert_eq!(&schema, Add.input_schema());
//!
//! // A schemars type is a tool's arguments.
//! #[derive(Deserialize, JsonSchema)]
//! #[serde(deny_unknown_fields)]
//! struct Greeting {
//!     #[schemars(length(min = 1))]
//!     name: String,
//! }
//!
//! async fn greet(args: Greeting) -> Result<String, String> {
//!     Ok(format!("Hello, {}!", args.name))
//! }
//!
//! let mut tools = ToolSet::new();
//! tools.register(toolsmith::schemars::tool("greet", "Greets someone", greet))?;
//! let tool = tools.tool("greet").unwrap();
//! assert_eq!(
//!     tool.input_schema(),
//!     &serde_json::json!({
//!         "type": "object",
//!         "properties": {"name": {"type": "string", "minLength": 1}},
//!         "required": ["name"],
//!         "additionalProperties": false
//!     })
//! );
//! # Ok::<(), toolsmith::RegisterError>(())
//! ```
//!
//! `docs/migrating.md` moves an rmcp server over, first keeping its types,
//! then with `#[tool]`.
//!
//! # Any schema
//!
//! [`Validator`] checks a schema that did not come from the macro (a
//! proxied MCP tool, a config file), with the same lines. It supports the
//! keywords tool schemas use, with JSON Schema 2020-12 semantics; any other
//! keyword is a [`SchemaError`], never silently ignored.
//!
//! # Patterns
//!
//! `pattern` is an ECMA-262 regular expression read with the `u` flag, as
//! JSON Schema 2020-12 asks and ajv does; it is unanchored and runs on the
//! linear-time `regex` engine with ECMA-262's meaning. `#[arg(pattern)]`
//! checks it at compile time (an error on the literal), [`Validator::new`]
//! when the schema is compiled (a [`SchemaError`]). Accepted:
//!
//! - characters, `.` (any code point but `\n \r \u2028 \u2029`), `^` and
//!   `$` (the start and the very end of the string), `|`, `(..)`, `(?:..)`,
//!   `(?<name>..)`; quantifiers `* + ? {n} {n,} {n,m}`, greedy or lazy;
//! - classes `[..]`, `[^..]` with ranges, `[^]` (any character), `[]`
//!   (none), `\b` inside a class (backspace);
//! - `\d \D \w \W \s \S` as ECMA-262 defines them (ASCII digits and
//!   word characters, ECMA-262's white space), `\b \B` at ASCII word
//!   boundaries;
//! - `\p{..}` and `\P{..}` with ECMA-262's names: `\p{L}`, `\p{Letter}`,
//!   `\p{gc=Lu}`, `\p{Script=Greek}`, `\p{scx=Grek}`, `\p{Alphabetic}`
//!   (on the `regex` crate's Unicode tables);
//! - `\t \n \v \f \r \0 \cX \xHH \uHHHH \u{H..}` (a surrogate pair is one
//!   code point) and `\` before one of `^ $ \ . * + ? ( ) [ ] { } | /`.
//!
//! Refused, each with a line saying what to write instead: lookaround and
//! backreferences (the linear-time engine cannot run them); syntax of other
//! dialects, which ECMA-262 lacks or reads differently (`(?i)` and other
//! inline flags, `(?i:..)`, `\A \z \Z`, `(?P<name>..)`, `[[:alpha:]]`,
//! `\pL`, `\p{Greek}` for `\p{Script=Greek}`, `\h`, `\x{..}`, `\e`, `\Q..\E`,
//! `\<`, `\b{start}`, `a*+`, `(?>..)`, `(?#..)`, octal escapes, one name on
//! two groups, `\` before any other character); and anything else that is
//! not ECMA-262 with the `u` flag.
//!
//! ```
//! use serde_json::json;
//! use toolsmith::Validator;
//!
//! let err = Validator::new(&json!({"pattern": "(?i)^abc$"})).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "schema keyword \"pattern\": uses the inline flag `(?i)`, which ECMA-262 does not have and JSON Schema patterns cannot set; spell out both cases instead, e.g. `[Aa]`"
//! );
//! let dot = Validator::new(&json!({"pattern": "^.$"}))?;
//! assert!(dot.validate(&json!("😀")).is_ok()); // one code point
//! assert!(dot.validate(&json!("\r")).is_err()); // a line terminator
//! # Ok::<(), toolsmith::SchemaError>(())
//! ```

pub use toolsmith_macros::{ToolArg, ToolOutput, tool};
pub use toolsmith_runtime::*;

// The generated code names `::toolsmith`, also inside this crate's own tests.
extern crate self as toolsmith;

mod host;

pub mod function_calling;

#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "hooks")]
pub mod hooks;
#[cfg(feature = "mcp")]
pub mod mcp;
#[cfg(feature = "rig")]
pub mod rig;
#[cfg(feature = "schemars")]
pub mod schemars;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

/// A [`ToolSet`] of the tools listed, registered in order:
/// `toolset![Add, Slugify]` is `Result<ToolSet<C>, RegisterError>`, an
/// error for a name listed twice or a tool some host refuses.
///
/// The set's context type comes from the tools (a tool with a `#[ctx]`
/// parameter pins it) or from the binding: `let tools: ToolSet = ..` for
/// tools that take none.
///
/// ```
/// use toolsmith::{ToolSet, tool, toolset};
///
/// /// Adds two numbers.
/// #[tool]
/// fn add(a: i64, b: i64) -> i64 {
///     a + b
/// }
///
/// /// Negates a number.
/// #[tool]
/// fn negate(n: i64) -> i64 {
///     -n
/// }
///
/// let tools: ToolSet = toolset![Add, Negate]?;
/// assert_eq!(tools.names().collect::<Vec<_>>(), ["add", "negate"]);
///
/// let twice = toolset![Add, Add].map(|_: ToolSet| ()).unwrap_err();
/// assert_eq!(twice.to_string(), "a tool named \"add\" is already registered");
/// # Ok::<(), toolsmith::RegisterError>(())
/// ```
///
/// The list is written out rather than collected from the whole program
/// (as the `inventory` crate would): what a host exposes to a model stays
/// visible where the host is built, two hosts in one program can serve
/// different tools, and nothing depends on link-time registration, which
/// not every target supports.
#[macro_export]
macro_rules! toolset {
    ($($tool:expr),* $(,)?) => {
        (|| -> ::core::result::Result<$crate::ToolSet<_>, $crate::RegisterError> {
            #[allow(unused_mut)]
            let mut set = $crate::ToolSet::default();
            $(set.register($tool)?;)*
            ::core::result::Result::Ok(set)
        })()
    };
}

// The README's complete examples run as doctests; its fragments are marked
// `ignore`.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
