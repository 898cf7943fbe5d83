//! schemars both ways (feature `schemars`): toolsmith's argument types as
//! `schemars::JsonSchema`, and tools made of types that derive it.

use std::collections::HashSet;

use schemars::{JsonSchema, schema_for};
use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::{RegisterError, Tool, ToolArg, ToolSet};

use crate::support::agreement::assert_agreement_with;

/// How soon it is needed.
#[derive(Deserialize, ToolArg)]
#[serde(rename_all = "lowercase")]
pub enum Priority {
    /// can wait
    Low,
    High,
}

/// A place on the map.
#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
pub struct Place {
    /// Degrees north.
    #[arg(min = -90, max = 90)]
    pub lat: f64,
    #[serde(alias = "lng")]
    pub lon: f64,
}

/// Files a ticket.
///
/// # Arguments
///
/// * `title` - what is wrong
#[toolsmith::tool]
pub fn file_ticket(
    #[arg(min_length = 1)] title: String,
    priority: Priority,
    at: Option<Place>,
    count: u64,
) -> String {
    let _ = (priority, at);
    format!("{count} × {title}")
}

/// What `schema_for!` gives, with the two keywords it adds to every root.
fn schema_for_root<T: JsonSchema>() -> Value {
    let mut schema = Value::from(schema_for!(T));
    let root = schema.as_object_mut().unwrap();
    assert_eq!(
        root.remove("$schema"),
        Some(json!("https://json-schema.org/draft/2020-12/schema"))
    );
    assert_eq!(root.remove("title"), Some(Value::from(T::schema_name())));
    schema
}

#[test]
fn a_tool_argument_struct_has_the_schema_the_tool_advertises() {
    assert_eq!(
        &schema_for_root::<FileTicketArgs>(),
        FileTicket.input_schema()
    );
    assert_eq!(FileTicketArgs::schema_name(), "FileTicketArgs");
    assert_eq!(
        FileTicketArgs::schema_id(),
        "hosts::schemars_both_ways::FileTicketArgs"
    );
    assert!(FileTicketArgs::inline_schema());
}

#[test]
fn a_tool_arg_struct_and_enum_have_their_advertised_schemas() {
    // No private annotations: the alias `lng` and the value docs stay out.
    assert_eq!(
        schema_for_root::<Place>(),
        json!({
            "type": "object",
            "description": "A place on the map.",
            "properties": {
                "lat": {"type": "number", "description": "Degrees north.", "minimum": -90, "maximum": 90},
                "lon": {"type": "number"}
            },
            "required": ["lat", "lon"],
            "additionalProperties": false
        })
    );
    assert_eq!(
        schema_for_root::<Priority>(),
        json!({
            "type": "string",
            "description": "How soon it is needed.\nlow: can wait",
            "enum": ["low", "high"]
        })
    );
    assert_eq!(Priority::schema_id(), "hosts::schemars_both_ways::Priority");
}

#[test]
fn inside_a_schemars_type_they_are_inlined() {
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Outer {
        first: Place,
        second: Option<Place>,
    }
    let schema = schema_for_root::<Outer>();
    assert_eq!(schema.get("$defs"), None);
    assert_eq!(schema["properties"]["first"], schema_for_root::<Place>());
    assert_eq!(
        schema["properties"]["second"]["type"],
        json!(["object", "null"])
    );
}

// rmcp's own `#[tool_router]`, taking a `#[tool]` argument struct as its
// `Parameters<T>`.
#[derive(Clone)]
struct Legacy;

#[rmcp::tool_router]
impl Legacy {
    #[rmcp::tool(description = "Files a ticket")]
    async fn file(
        &self,
        rmcp::handler::server::wrapper::Parameters(args): rmcp::handler::server::wrapper::Parameters<
            FileTicketArgs,
        >,
    ) -> String {
        file_ticket(args.title, args.priority, args.at, args.count)
    }
}

#[test]
fn rmcp_advertises_a_tool_argument_struct_as_toolsmith_does() {
    let tools = Legacy::tool_router().list_all();
    assert_eq!(tools.len(), 1);
    let mut expected = FileTicket.input_schema().clone();
    expected.as_object_mut().unwrap().insert(
        "$schema".into(),
        json!("https://json-schema.org/draft/2020-12/schema"),
    );
    assert_eq!(Value::Object((*tools[0].input_schema).clone()), expected);
}

// ---- tools from types that derive `JsonSchema` ----

/// How results are ordered.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    /// best match first
    Relevance,
    /// newest first
    Newest,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SearchArgs {
    /// Words to look for.
    #[schemars(length(min = 1, max = 100))]
    pub query: String,
    /// How many results, 10 if unset.
    #[schemars(range(min = 1, max = 50))]
    pub max_results: Option<u8>,
    #[serde(default)]
    pub include_archived: bool,
    pub sort: Sort,
    pub tags: Vec<String>,
}

async fn search(args: SearchArgs) -> Result<String, String> {
    let _ = (args.include_archived, args.sort, args.tags);
    Ok(format!(
        "{} results for {}",
        args.max_results.unwrap_or(10),
        args.query
    ))
}

/// A room in the building.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Room {
    #[schemars(regex(pattern = r"^[A-Z]\d{2}$"))]
    pub code: String,
    pub floor: i32,
}

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BookArgs {
    pub room: Room,
    /// A `ToolArg` type inside a schemars one.
    pub priority: Priority,
    pub at: Option<Place>,
    pub seats: u64,
    pub attendees: HashSet<String>,
    pub note: Option<String>,
    pub ratio: f32,
}

async fn book(args: BookArgs) -> Result<String, String> {
    let _ = (
        args.priority,
        args.at,
        args.attendees,
        args.note,
        args.ratio,
    );
    Ok(format!("{} seats in {}", args.seats, args.room.code))
}

#[test]
fn a_schemars_type_takes_the_subset_form() {
    let tool = toolsmith::schemars::tool("search", "Searches the docs", search);
    assert_eq!(
        tool.input_schema(),
        &json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Words to look for.", "minLength": 1, "maxLength": 100},
                "maxResults": {"type": ["integer", "null"], "description": "How many results, 10 if unset.", "minimum": 1, "maximum": 50},
                "includeArchived": {"type": "boolean", "default": false},
                "sort": {"type": "string", "description": "How results are ordered.\nrelevance: best match first\nnewest: newest first", "enum": ["relevance", "newest"]},
                "tags": {"type": "array", "items": {"type": "string"}}
            },
            "required": ["query", "sort", "tags"],
            "additionalProperties": false
        })
    );
}

#[test]
fn schemars_tools_agree_with_their_schemas() {
    let search = toolsmith::schemars::tool("search", "Searches the docs", search);
    assert_agreement_with(&search, &[]);
    let book = toolsmith::schemars::tool("book", "Books a room", book);
    assert_agreement_with(&book, &[]);
    assert_agreement_with(&FileTicket, &[]);
}

#[tokio::test]
async fn a_bad_call_gets_the_lines_of_a_tool_macro_tool() {
    let mut tools = ToolSet::new();
    tools
        .register(toolsmith::schemars::tool(
            "search",
            "Searches the docs",
            search,
        ))
        .unwrap()
        .register(toolsmith::schemars::tool("book", "Books a room", book))
        .unwrap();
    let lines = |name: &'static str, args: Value| {
        let tools = &tools;
        async move {
            match tools.call(name, args, ()).await.unwrap() {
                Ok(value) => vec![value.to_string()],
                Err(err) => err.to_string().lines().map(str::to_owned).collect(),
            }
        }
    };
    assert_eq!(
        lines(
            "search",
            json!({"query": "", "max_results": 70, "sort": "newst", "tags": "[\"a\"]"})
        )
        .await,
        [
            "Invalid arguments at /query: must be at least 1 character long, got 0",
            "Invalid arguments at /maxResults: must be at most 50, got 70",
            "Invalid arguments at /sort: must be one of relevance, newest, got \"newst\" (did you mean \"newest\"?)",
        ]
    );
    assert_eq!(
        lines(
            "book",
            json!({
                "room": {"code": "b12", "floor": 3_000_000_000u64},
                "priority": "low",
                "at": {"lat": 1, "lng": 2},
                "seats": 18_446_744_073_709_551_616u128 as f64,
                "attendees": ["ada", "ada"],
                "ratio": 1e39,
                "extra": 1
            })
        )
        .await,
        [
            "Invalid arguments at /room/floor: must be at most 2147483647, got 3000000000",
            "Invalid arguments at /seats: must be at most 18446744073709551615, got 1.8446744073709552e+19",
            "Invalid arguments at /ratio: must be at most 3.4028235677973362e+38, got 1e+39",
            "Invalid arguments at /room/code: must match pattern \"^[A-Z]\\d{2}$\"",
            "Invalid arguments at /attendees: must not repeat items; item 1 equals item 0",
            "Invalid arguments: unknown property \"extra\"; takes room, priority, at, seats, attendees, note, ratio",
        ]
    );
    assert_eq!(
        lines(
            "book",
            json!({"room": {"code": "B12", "floor": 3}, "priority": "high", "seats": 4, "attendees": [], "note": null, "ratio": 0.5})
        )
        .await,
        ["\"4 seats in B12\""]
    );
}

// ---- refused at registration ----

/// Breaks three rules: an open struct, a map and a tuple.
#[derive(Deserialize, JsonSchema)]
pub struct Loose {
    pub name: String,
    pub labels: std::collections::HashMap<String, String>,
    pub span: (u32, u32),
}

async fn loose(args: Loose) -> Result<String, String> {
    Ok(format!(
        "{} {} {:?}",
        args.name,
        args.labels.len(),
        args.span
    ))
}

fn refusal(err: RegisterError) -> Vec<String> {
    let RegisterError::Rules { name, problems } = &err else {
        panic!("not a rules error: {err}");
    };
    assert_eq!(name, "tag");
    let shown = err.to_string();
    let mut lines = shown.lines();
    assert_eq!(
        lines.next(),
        Some("the input schema of tool \"tag\" breaks the schema rules:")
    );
    assert_eq!(
        lines
            .map(|line| line.trim_start().to_owned())
            .collect::<Vec<_>>(),
        *problems
    );
    problems.clone()
}

#[test]
fn a_type_that_breaks_three_rules_is_refused_with_every_problem() {
    let mut tools = ToolSet::new();
    let err = tools
        .register(toolsmith::schemars::tool("tag", "Tags a thing", loose))
        .unwrap_err();
    // The guide shows it (docs/migrating.md).
    crate::support::assert_snapshot_text("schemars/three-rules.txt", &format!("{err}\n"));
    assert_eq!(
        refusal(err),
        [
            "accepts unknown keys, which serde ignores: add `#[serde(deny_unknown_fields)]` to the struct, so that the schema and serde refuse them alike (schema rule 1: closed objects)",
            "at /properties/labels: takes any key (a map: `HashMap`, `BTreeMap`, `serde_json::Map`), so no key can be checked; take a struct with a field per key, or a `Vec` of key-value structs (schema rule 1: closed objects)",
            "at /properties/span: is a tuple (\"prefixItems\"), one schema per position; take a struct with named fields, or an array `[T; N]` of one type (schema rule 4: arrays have items)",
        ]
    );
    assert!(tools.is_empty());
}

/// A tree: contains itself.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Node {
    pub label: String,
    pub children: Vec<Node>,
}

/// An argument struct with unions and a parsed string.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Odd {
    pub root: Node,
    pub shape: Shape,
    pub either: Either,
    #[serde(rename = "when-due")]
    pub when_due: std::net::Ipv4Addr,
    #[schemars(range(min = 5, max = 1))]
    pub wrong: u8,
    #[schemars(regex(pattern = "^(?=a)"))]
    pub code: String,
}

#[derive(Deserialize, JsonSchema)]
#[serde(tag = "kind")]
pub enum Shape {
    Circle { radius: f64 },
    Square { side: f64 },
}

#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Either {
    Number(f64),
    Text(String),
}

async fn odd(args: Odd) -> Result<String, String> {
    let _ = (
        args.root,
        args.shape,
        args.either,
        args.when_due,
        args.wrong,
        args.code,
    );
    Ok(String::new())
}

#[test]
fn recursion_unions_formats_names_and_bounds_are_each_named() {
    let err = ToolSet::new()
        .register(toolsmith::schemars::tool("tag", "Tags a thing", odd))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        refusal(err),
        [
            "at /properties/root/properties/children/items: is a reference, to \"#/$defs/Node\" (\"$ref\"), as a type that contains itself leaves; hosts need every subschema inlined: take a flat list with ids, or a fixed depth of distinct types (schema rule 2: no references)",
            "at /properties/shape/oneOf/0: accepts unknown keys, which serde ignores: add `#[serde(deny_unknown_fields)]` to the struct, so that the schema and serde refuse them alike (schema rule 1: closed objects)",
            "at /properties/shape/oneOf/1: accepts unknown keys, which serde ignores: add `#[serde(deny_unknown_fields)]` to the struct, so that the schema and serde refuse them alike (schema rule 1: closed objects)",
            "at /properties/either: is a union (\"anyOf\") without a tag, which some hosts refuse; take a unit enum, or an enum with `#[serde(tag = \"kind\")]`, whose alternatives each fix the tag with a \"const\" (schema rule 3: tagged unions)",
            "at /properties/when-due: property name \"when-due\" must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$; rename the field with `#[serde(rename = \"..\")]` (schema rule 7: names)",
            "at /properties/when-due: \"format\": \"ipv4\" is a check the schema does not make, so it would accept strings the type refuses; take a `String` (or a newtype with `#[derive(ToolArg)]`) and parse it in the function",
            "at /properties/wrong: \"minimum\" 5 is above \"maximum\" 1, so no value passes; swap or fix them (schema rule 6: consistent bounds)",
            "at /properties/code: pattern \"^(?=a)\": uses lookaround, which the linear-time `regex` engine does not support (schema rule 5: linear-time patterns)",
        ]
    );
}

/// A `range` wider than its integer type: the schema keeps to what serde
/// takes, so `300` for a `u8` is refused by the validator with its line.
#[derive(Deserialize, JsonSchema, Debug)]
#[serde(deny_unknown_fields)]
pub struct Wide {
    #[schemars(range(max = 1000))]
    pub n: u8,
}

async fn wide(args: Wide) -> Result<String, String> {
    Ok(format!("{}", args.n))
}

#[test]
fn a_range_wider_than_its_integer_type_agrees_with_serde() {
    let tool = toolsmith::schemars::tool("wide", "Takes a byte", wide);
    assert_eq!(
        tool.input_schema()["properties"]["n"],
        json!({"type": "integer", "minimum": 0, "maximum": 255})
    );
    assert_agreement_with(&tool, &[]);
}
