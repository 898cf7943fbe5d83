//! schemars both ways (feature `schemars`): toolsmith's argument types as
//! `schemars::JsonSchema`, and tools made of types that derive it.

mod support;

use std::collections::HashSet;

use schemars::{JsonSchema, schema_for};
use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::{RegisterError, Tool, ToolArg, ToolSet};

use support::agreement::assert_agreement_with;

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
    assert_eq!(&schema_for_root::<FileTicketArgs>(), FileTicket.input_schema());
    assert_eq!(FileTicketArgs::schema_name(), "FileTicketArgs");
    assert_eq!(
        FileTicketArgs::schema_id(),
        "schemars_both_ways::FileTicketArgs"
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
    assert_eq!(Priority::schema_id(), "schemars_both_ways::Priority");
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
