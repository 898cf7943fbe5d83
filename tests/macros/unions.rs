//! Tagged enums (`#[serde(tag = "..")]`, with or without `content`) as
//! arguments: a `oneOf` of closed objects, the tag a required `const`.
//! Each case runs the typed path (`validate_input`, `validate_input_str`)
//! and the validator on the same call, and asserts the lines a model reads
//! when a call names no tag, an unknown one, or gets an alternative wrong.

use serde::Deserialize;
use serde_json::{Value, json};
#[allow(unused_imports)]
use toolsmith::ToolArg as _;
use toolsmith::function_calling::{self, Host, anthropic, gemini, openai};
use toolsmith::{Tool, ToolArg, ToolSet, tool, validate_input};

/// Where a notice goes.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Channel {
    /// Sends an email.
    Email {
        /// The address to write to.
        #[arg(pattern = "@")]
        address: String,
    },
    /// Posts to a Slack channel.
    Slack {
        #[arg(min_length = 2, max_length = 80)]
        #[serde(alias = "room")]
        channel: String,
        #[serde(default, rename = "thread")]
        thread_id: Option<String>,
        #[serde(default)]
        #[arg(max = 3)]
        retries: u8,
    },
    /// Writes to the log.
    #[serde(rename = "log_line")]
    Log,
}

/// Sends a notice.
#[tool]
fn notify(channel: Channel, #[arg(max_length = 200)] text: String) -> String {
    format!("{channel:?}: {text}")
}

/// A shape, adjacently tagged.
#[derive(Debug, PartialEq, Deserialize, ToolArg)]
#[serde(
    tag = "type",
    content = "data",
    rename_all = "snake_case",
    deny_unknown_fields
)]
pub enum Shape {
    Circle {
        #[arg(min = 0.0)]
        radius: f64,
    },
    Square {
        side: u16,
    },
    Dot,
}

/// Draws shapes.
#[tool]
fn draw(shape: Shape, shapes: Vec<Shape>, to: Option<Channel>) -> String {
    format!("{shape:?} {shapes:?} {to:?}")
}

/// Both paths on one call: `Ok` from both or the same lines from both.
fn both<T: Tool>(tool: &T, call: &Value) -> Result<(), Vec<String>> {
    let typed = validate_input(tool, call).map(|_| ());
    let from_str = toolsmith::validate_input_str(tool, &call.to_string()).map(|_| ());
    let validator = tool.validator().validate(call);
    let line = |r: Result<(), toolsmith::ToolInputError>| r.map_err(|e| e.lines().to_vec());
    let (typed, from_str, validator) = (line(typed), line(from_str), line(validator));
    assert_eq!(
        typed, validator,
        "typed path and validator disagree on {call}"
    );
    assert_eq!(
        typed, from_str,
        "`Value` and `&str` paths disagree on {call}"
    );
    typed
}

fn lines_of<T: Tool>(tool: &T, call: Value) -> Vec<String> {
    both(tool, &call).unwrap_err()
}

#[test]
fn schema_snapshots() {
    crate::support::assert_snapshot("unions-notify", Notify.input_schema());
    crate::support::assert_snapshot("unions-draw", Draw.input_schema());
}

#[test]
fn each_alternative_reaches_the_function() {
    let call = json!({"channel": {"kind": "email", "address": "ops@example.com"}, "text": "hi"});
    assert_eq!(both(&Notify, &call), Ok(()));
    assert_eq!(
        validate_input(&Notify, &call).unwrap().channel,
        Channel::Email {
            address: "ops@example.com".into()
        }
    );
    let call =
        json!({"channel": {"kind": "slack", "channel": "ops", "thread": "t1"}, "text": "hi"});
    assert_eq!(both(&Notify, &call), Ok(()));
    assert_eq!(
        validate_input(&Notify, &call).unwrap().channel,
        Channel::Slack {
            channel: "ops".into(),
            thread_id: Some("t1".into()),
            retries: 0
        }
    );
    let call = json!({"channel": {"kind": "log_line"}, "text": "hi"});
    assert_eq!(both(&Notify, &call), Ok(()));
    assert_eq!(
        validate_input(&Notify, &call).unwrap().channel,
        Channel::Log
    );

    let call = json!({
        "shape": {"type": "circle", "data": {"radius": 1.5}},
        "shapes": [{"type": "dot"}, {"type": "square", "data": {"side": 3}}],
        "to": null
    });
    assert_eq!(both(&Draw, &call), Ok(()));
    let args = validate_input(&Draw, &call).unwrap();
    assert_eq!(args.shape, Shape::Circle { radius: 1.5 });
    assert_eq!(args.shapes, [Shape::Dot, Shape::Square { side: 3 }]);
    assert_eq!(args.to, None);
}

#[test]
fn a_missing_field_names_the_tag() {
    assert_eq!(
        lines_of(&Notify, json!({"channel": {"kind": "email"}, "text": "hi"})),
        ["Invalid arguments at /channel: missing required property \"address\" (kind \"email\")"]
    );
    assert_eq!(
        lines_of(
            &Draw,
            json!({"shape": {"type": "circle"}, "shapes": [{"type": "square", "data": {}}]})
        ),
        [
            "Invalid arguments at /shape: missing required property \"data\" (type \"circle\")",
            "Invalid arguments at /shapes/0/data: missing required property \"side\" (type \"square\")",
        ]
    );
}

#[test]
fn an_unknown_tag_names_the_tags_taken() {
    assert_eq!(
        lines_of(
            &Notify,
            json!({"channel": {"kind": "fax", "number": "555"}, "text": "hi"})
        ),
        ["Invalid arguments at /channel/kind: must be one of email, slack, log_line, got \"fax\""]
    );
    // The typed path suggests the tag one edit away.
    let call = json!({"channel": {"kind": "emial", "address": "a@b"}, "text": "hi"});
    assert_eq!(
        validate_input(&Notify, &call).unwrap_err().lines(),
        [
            "Invalid arguments at /channel/kind: must be one of email, slack, log_line, got \"emial\" (did you mean \"email\"?)"
        ]
    );
}

#[test]
fn a_missing_tag_names_the_tags_taken() {
    assert_eq!(
        lines_of(
            &Notify,
            json!({"channel": {"address": "a@b"}, "text": "hi"})
        ),
        [
            "Invalid arguments at /channel: missing required property \"kind\" (one of email, slack, log_line)"
        ]
    );
    assert_eq!(
        lines_of(&Draw, json!({"shape": {"data": {"side": 2}}, "shapes": []})),
        [
            "Invalid arguments at /shape: missing required property \"type\" (one of circle, square, dot)"
        ]
    );
}

#[test]
fn an_unknown_key_inside_an_alternative_names_what_it_takes() {
    assert_eq!(
        lines_of(
            &Notify,
            json!({"channel": {"kind": "email", "address": "a@b", "cc": "x"}, "text": "hi"})
        ),
        [
            "Invalid arguments at /channel: unknown property \"cc\"; takes kind, address (kind \"email\")"
        ]
    );
    // serde would read a unit variant with any other keys: the schema
    // goes first and refuses them.
    assert_eq!(
        lines_of(
            &Notify,
            json!({"channel": {"kind": "log_line", "level": "warn"}, "text": "hi"})
        ),
        [
            "Invalid arguments at /channel: unknown property \"level\"; takes kind (kind \"log_line\")"
        ]
    );
    assert_eq!(
        lines_of(
            &Draw,
            json!({"shape": {"type": "dot", "data": null}, "shapes": []})
        ),
        ["Invalid arguments at /shape: unknown property \"data\"; takes type (type \"dot\")"]
    );
}

#[test]
fn the_constraints_of_an_alternative_hold_with_the_tag_named() {
    assert_eq!(
        lines_of(
            &Notify,
            json!({"channel": {"kind": "email", "address": "ops"}, "text": "hi"})
        ),
        ["Invalid arguments at /channel/address: must match pattern \"@\" (kind \"email\")"]
    );
    assert_eq!(
        lines_of(
            &Notify,
            json!({"channel": {"kind": "slack", "channel": "o", "retries": 5}, "text": "hi"})
        ),
        [
            "Invalid arguments at /channel/channel: must be at least 2 characters long, got 1 (kind \"slack\")",
            "Invalid arguments at /channel/retries: must be at most 3, got 5 (kind \"slack\")",
        ]
    );
    assert_eq!(
        lines_of(
            &Draw,
            json!({"shape": {"type": "circle", "data": {"radius": -1}}, "shapes": []})
        ),
        ["Invalid arguments at /shape/data/radius: must be at least 0.0, got -1 (type \"circle\")"]
    );
}

#[test]
fn a_union_is_an_object_and_an_optional_one_takes_null() {
    assert_eq!(
        lines_of(&Notify, json!({"channel": "email", "text": "hi"})),
        ["Invalid arguments at /channel: must be an object, got string \"email\""]
    );
    assert_eq!(
        lines_of(
            &Draw,
            json!({"shape": {"type": "dot"}, "shapes": [], "to": "log_line"})
        ),
        ["Invalid arguments at /to: must be an object or null, got string \"log_line\""]
    );
    assert_eq!(
        both(&Draw, &json!({"shape": {"type": "dot"}, "shapes": []})),
        Ok(())
    );
}

#[test]
fn an_alias_inside_an_alternative_is_repaired_and_reported() {
    let call = json!({"channel": {"kind": "slack", "room": "ops"}, "text": "hi"});
    assert_eq!(both(&Notify, &call), Ok(()));
    let valid = toolsmith::validate_input_with(&Notify, &call, &toolsmith::RepairPolicy::default())
        .unwrap();
    let shown: Vec<String> = valid.repairs.iter().map(ToString::to_string).collect();
    assert_eq!(shown, ["read key room at /channel as channel"]);
    assert_eq!(
        lines_of(
            &Notify,
            json!({"channel": {"kind": "slack", "room": "ops", "channel": "ops"}, "text": "hi"})
        ),
        [
            "Invalid arguments at /channel: ambiguous property \"room\": \"channel\" is also present; send only \"channel\""
        ]
    );
}

#[test]
fn satisfies_schema_checks_the_variant_it_holds() {
    assert!(
        Channel::Email {
            address: "a@b".into()
        }
        .satisfies_schema()
    );
    assert!(
        !Channel::Email {
            address: "ab".into()
        }
        .satisfies_schema()
    );
    let slack = |channel: &str, retries| Channel::Slack {
        channel: channel.into(),
        thread_id: None,
        retries,
    };
    assert!(slack("ops", 3).satisfies_schema());
    assert!(!slack("o", 3).satisfies_schema());
    assert!(!slack("ops", 4).satisfies_schema());
    assert!(Channel::Log.satisfies_schema());
    assert!(!Shape::Circle { radius: -0.5 }.satisfies_schema());
    assert!(Shape::Dot.satisfies_schema());
}

/// The promise, proven by the agreement check for every union tool here
/// (see `crate::support::agreement`).
#[test]
fn typed_path_agrees_with_schema() {
    crate::support::agreement::assert_agreement(&Notify);
    crate::support::agreement::assert_agreement(&Draw);
}

fn tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(Notify).unwrap();
    tools.register(Draw).unwrap();
    tools
}

#[test]
fn every_function_calling_host_takes_the_unions() {
    let tools = tools();
    for host in [Host::Anthropic, Host::OpenAiStrict, Host::Gemini] {
        assert_eq!(
            function_calling::refused(&tools, host),
            Vec::<String>::new(),
            "{host:?}"
        );
    }
    // Anthropic is sent the `oneOf`, OpenAI strict mode and Gemini `anyOf`
    // (the whole declarations are snapshots of the notify example).
    let anthropic = anthropic::tools(&tools);
    assert!(anthropic[0]["input_schema"]["properties"]["channel"]["oneOf"].is_array());
    let openai = openai::tools(&tools);
    let to = &openai[1]["function"]["parameters"]["properties"]["to"];
    assert_eq!(
        to["anyOf"].as_array().unwrap().last(),
        Some(&json!({"type": "null"}))
    );
    assert!(to.get("oneOf").is_none());
    let gemini = gemini::tools(&tools);
    let to = &gemini[0]["function_declarations"][1]["parameters"]["properties"]["to"];
    assert_eq!(to["nullable"], json!(true));
    assert_eq!(to["anyOf"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn openai_strict_nulls_inside_an_alternative_are_dropped() {
    let tools = tools();
    let call = json!({
        "id": "call_1",
        "type": "function",
        "function": {
            "name": "notify",
            "arguments": r#"{"channel": {"kind": "slack", "channel": "ops", "thread": null, "retries": null}, "text": "hi"}"#
        }
    });
    assert_eq!(
        openai::dispatch(&tools, &call, ()).await,
        json!({
            "role": "tool",
            "tool_call_id": "call_1",
            "content": "Slack { channel: \"ops\", thread_id: None, retries: 0 }: hi"
        })
    );
}

/// A union cannot be the root of a tool's arguments: `#[tool]` always
/// makes an object of the parameters, and a schema given at run time is
/// refused at registration.
#[test]
fn a_union_at_the_root_is_refused_at_registration() {
    let root = json!({"oneOf": [
        {"type": "object", "properties": {"kind": {"type": "string", "const": "log"}},
         "required": ["kind"], "additionalProperties": false}
    ]});
    let err = ToolSet::new()
        .register_dynamic(toolsmith::DynamicTool::new(
            "route",
            "Routes a notice",
            root,
            |args, ()| async move { Ok(args) },
        ))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the input schema of tool \"route\" must have \"type\": \"object\""
    );
}
