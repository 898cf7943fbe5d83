//! Function calling: the exact declarations each host receives for the
//! example tools, and the exact tool-result messages it gets back.
//!
//! Declarations are JSON snapshots in `tests/snapshots/hosts/`; refresh them
//! with `TOOLSMITH_SNAPSHOTS=overwrite cargo test --test hosts`
//! and review the diff.

use crate::demo_tools;

use serde_json::{Value, json};
use toolsmith::ToolSet;
use toolsmith::function_calling::{anthropic, gemini, openai};

/// Compares `actual`, pretty-printed, with `tests/snapshots/hosts/<name>`.
fn assert_snapshot(name: &str, actual: &Value) {
    crate::support::assert_snapshot_json(&format!("hosts/{name}"), actual);
}

/// The canonical declarations: what MCP's `tools/list` gives, checked by the
/// MCP client test against this same file.
fn canonical(tools: &ToolSet) -> Value {
    tools
        .tools()
        .map(|tool| {
            let mut entry = json!({
                "name": tool.name(),
                "description": tool.description(),
                "input_schema": tool.input_schema(),
            });
            if let Some(output) = tool.output_schema() {
                entry["output_schema"] = output.clone();
            }
            entry
        })
        .collect()
}

#[test]
fn canonical_declarations() {
    assert_snapshot("canonical.json", &canonical(&demo_tools::tools()));
}

#[test]
fn openai_strict_declarations() {
    assert_snapshot("openai.json", &openai::tools(&demo_tools::tools()));
}

#[test]
fn anthropic_declarations() {
    assert_snapshot("anthropic.json", &anthropic::tools(&demo_tools::tools()));
}

#[test]
fn gemini_declarations() {
    assert_snapshot("gemini.json", &gemini::tools(&demo_tools::tools()));
}

/// The text each function-calling host feeds back for `tool` called with
/// `args`, as (OpenAI, Anthropic, Gemini).
async fn replies(tool: &str, args: &Value) -> (Value, Value, Value) {
    let tools = demo_tools::tools();
    let openai = openai::dispatch(
        &tools,
        &json!({"id": "call_1", "type": "function", "function": {"name": tool, "arguments": args.to_string()}}),
        (),
    )
    .await;
    let anthropic = anthropic::dispatch(
        &tools,
        &json!({"type": "tool_use", "id": "toolu_1", "name": tool, "input": args}),
        (),
    )
    .await;
    let gemini = gemini::dispatch(
        &tools,
        &json!({"functionCall": {"name": tool, "args": args}}),
        (),
    )
    .await;
    (openai, anthropic, gemini)
}

/// Asserts every host answers the call with exactly `lines`, as an error.
async fn assert_every_host_says(tool: &str, args: Value, lines: &[&str]) {
    let text = lines.join("\n");
    let (openai, anthropic, gemini) = replies(tool, &args).await;
    assert_eq!(
        openai,
        json!({"role": "tool", "tool_call_id": "call_1", "content": text})
    );
    assert_eq!(
        anthropic,
        json!({"type": "tool_result", "tool_use_id": "toolu_1", "content": text, "is_error": true})
    );
    assert_eq!(
        gemini,
        json!({"functionResponse": {"name": tool, "response": {"error": text}}})
    );
}

#[tokio::test]
async fn every_host_feeds_back_the_same_lines() {
    assert_every_host_says(
        "search",
        json!({"query": "rust", "limit": 500}),
        &["Invalid arguments at /limit: must be at most 50, got 500"],
    )
    .await;
    assert_every_host_says(
        "search",
        json!({"query": "", "limit": "5"}),
        &[
            "Invalid arguments at /query: must be at least 1 character long, got 0",
            "Invalid arguments at /limit: must be an integer or null, got string \"5\"",
        ],
    )
    .await;
    assert_every_host_says(
        "slugify",
        json!({"text": " ", "separator": "+", "seperator": "-"}),
        &[
            "Invalid arguments at /text: must match pattern \"\\S\"",
            "Invalid arguments at /separator: must be one of -, _, ., got \"+\"",
            "Invalid arguments: unknown property \"seperator\" (did you mean \"separator\"?); takes text, separator",
        ],
    )
    .await;
    assert_every_host_says(
        "move_point",
        json!({"point": {"x": 1, "z": 2}, "dx": 1, "dy": 1}),
        &[
            "Invalid arguments at /point: missing required property \"y\"",
            "Invalid arguments at /point: unknown property \"z\"; takes x, y",
        ],
    )
    .await;
}

#[tokio::test]
async fn every_host_reports_a_failing_function_and_an_unknown_tool_alike() {
    assert_every_host_says(
        "divide",
        json!({"dividend": 1, "divisor": 0}),
        &["divide failed: cannot divide by zero"],
    )
    .await;
    assert_every_host_says(
        "serch",
        json!({"query": "rust"}),
        &["Unknown tool \"serch\"; available tools: slugify, move_point, search, list_notes, divide"],
    )
    .await;
}

#[tokio::test]
async fn every_host_returns_the_result_in_its_own_message() {
    let (openai, anthropic, gemini) = replies(
        "move_point",
        &json!({"point": {"x": 1, "y": 2}, "dx": 0.5, "dy": -1}),
    )
    .await;
    assert_eq!(
        openai,
        json!({"role": "tool", "tool_call_id": "call_1", "content": "{\"x\":1.5,\"y\":1.0}"})
    );
    assert_eq!(
        anthropic,
        json!({"type": "tool_result", "tool_use_id": "toolu_1", "content": "{\"x\":1.5,\"y\":1.0}"})
    );
    assert_eq!(
        gemini,
        json!({"functionResponse": {"name": "move_point", "response": {"output": {"x": 1.5, "y": 1.0}}}})
    );
    let (openai, _, _) = replies(
        "slugify",
        &json!({"text": "Hello, World!", "separator": "_"}),
    )
    .await;
    assert_eq!(openai["content"], "hello_world");
}

#[tokio::test]
async fn openai_arguments_that_are_not_json_give_the_position() {
    let tools = demo_tools::tools();
    let call = json!({
        "id": "call_9",
        "type": "function",
        "function": {"name": "search", "arguments": "{\"query\": \"rust\",, }"}
    });
    assert_eq!(
        openai::dispatch(&tools, &call, ()).await,
        json!({
            "role": "tool",
            "tool_call_id": "call_9",
            "content": "Invalid arguments: not valid JSON: key must be a string at line 1 column 18"
        })
    );
}

#[tokio::test]
async fn openai_nulls_for_optional_parameters_mean_absent() {
    // Strict mode makes the model send every property, `null` for the
    // optional ones; the tool sees them absent.
    let tools = demo_tools::tools();
    let call = json!({
        "id": "call_2",
        "type": "function",
        "function": {"name": "search", "arguments": "{\"query\": \"async\", \"limit\": null}"}
    });
    assert_eq!(
        openai::dispatch(&tools, &call, ()).await["content"],
        "[\"rust: async and await\"]"
    );
}

#[tokio::test]
async fn openai_responses_api_shape() {
    let tools = demo_tools::tools();
    let call = json!({"type": "function_call", "call_id": "fc_1", "name": "divide", "arguments": "{\"dividend\": 1, \"divisor\": 4}"});
    assert_eq!(
        openai::dispatch(&tools, &call, ()).await,
        json!({"type": "function_call_output", "call_id": "fc_1", "output": "0.25"})
    );
}

#[tokio::test]
async fn missing_or_empty_arguments_are_an_empty_object() {
    let tools = demo_tools::tools();
    let all_notes = "[\"rust: borrow checker\",\"python: virtual environments\"]";
    for arguments in [json!(""), json!(null), json!("{}")] {
        let call = json!({"id": "c", "type": "function", "function": {"name": "list_notes", "arguments": arguments}});
        assert_eq!(
            openai::dispatch(&tools, &call, ()).await["content"],
            all_notes
        );
    }
    let block = anthropic::dispatch(
        &tools,
        &json!({"type": "tool_use", "id": "t", "name": "list_notes"}),
        (),
    )
    .await;
    assert_eq!(block["content"], all_notes);
    let part = gemini::dispatch(
        &tools,
        &json!({"functionCall": {"name": "list_notes", "id": "g1"}}),
        (),
    )
    .await;
    assert_eq!(
        part,
        json!({"functionResponse": {"id": "g1", "name": "list_notes", "response": {"output": ["rust: borrow checker", "python: virtual environments"]}}})
    );
    // A tool with required parameters says which are missing.
    let call =
        json!({"id": "c", "type": "function", "function": {"name": "slugify", "arguments": ""}});
    assert_eq!(
        openai::dispatch(&tools, &call, ()).await["content"],
        "Invalid arguments: missing required properties \"text\", \"separator\""
    );
}

#[tokio::test]
async fn payloads_over_the_cap_are_refused_with_a_line() {
    let tools = demo_tools::tools();
    let big = "x".repeat(2 << 20);
    let line = "Invalid arguments: larger than the limit of 1048576 bytes";
    let arguments = json!({"text": big}).to_string();
    let call = json!({"id": "c", "type": "function", "function": {"name": "slugify", "arguments": arguments}});
    assert_eq!(openai::dispatch(&tools, &call, ()).await["content"], line);
    let block = anthropic::dispatch(
        &tools,
        &json!({"id": "t", "name": "slugify", "input": {"text": big}}),
        (),
    )
    .await;
    assert_eq!(block["content"], line);
    let part = gemini::dispatch(
        &tools,
        &json!({"name": "slugify", "args": {"text": big}}),
        (),
    )
    .await;
    assert_eq!(part["functionResponse"]["response"]["error"], line);

    let small = json!({"id": "c", "type": "function", "function": {"name": "slugify", "arguments": "{\"text\": \"a b\", \"separator\": \"-\"}"}});
    let capped = |max_bytes| {
        let limits = toolsmith::Limits {
            max_bytes,
            ..toolsmith::Limits::DEFAULT
        };
        demo_tools::tools().with_limits(limits)
    };
    assert_eq!(
        openai::dispatch(&capped(8), &small, ()).await["content"],
        "Invalid arguments: larger than the limit of 8 bytes"
    );
    assert_eq!(
        openai::dispatch(&capped(64), &small, ()).await["content"],
        "a-b"
    );
}

#[tokio::test]
async fn values_nested_past_any_parser_are_refused_not_copied() {
    // Built in code: a parser would have stopped at 128 levels.
    let mut deep = Value::Null;
    for _ in 0..10_000 {
        deep = Value::Array(vec![deep]);
    }
    let mut input = serde_json::Map::new();
    input.insert("text".into(), deep);
    let mut call = serde_json::Map::new();
    call.insert("id".into(), json!("t"));
    call.insert("name".into(), json!("slugify"));
    call.insert("input".into(), Value::Object(input));
    let call = Value::Object(call);
    let block = anthropic::dispatch(&demo_tools::tools(), &call, ()).await;
    assert_eq!(
        block["content"],
        "Invalid arguments: nests deeper than 128 levels"
    );
    assert_eq!(block["is_error"], true);
    // Take the chain apart iteratively: its recursive drop would not fit the stack.
    let mut pending = vec![call];
    while let Some(mut value) = pending.pop() {
        match &mut value {
            Value::Array(items) => pending.append(items),
            Value::Object(map) => pending.extend(std::mem::take(map).into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// The OpenAI tool message for `arguments` sent to `tool`.
async fn openai_reply(tool: &str, arguments: &str) -> Value {
    let call =
        json!({"id": "c", "type": "function", "function": {"name": tool, "arguments": arguments}});
    openai::dispatch(&demo_tools::tools(), &call, ()).await["content"].clone()
}

#[tokio::test]
async fn openai_arguments_say_what_is_wrong_with_the_json() {
    let deep = format!("{{\"text\": {}{}}}", "[".repeat(200), "]".repeat(200));
    let cases = [
        (
            r#"{"text": "a", "separator": "-", "text": "b"}"#.to_owned(),
            "Invalid arguments: duplicate key \"text\" at line 1 column 38; send each key once",
        ),
        (
            deep,
            "Invalid arguments: nests deeper than 128 levels at line 1 column 137",
        ),
        (
            r#"{"text": "a", "separator": 1e400}"#.to_owned(),
            "Invalid arguments: number out of range at line 1 column 32",
        ),
        (
            r#"{"text": "\ud800", "separator": "-"}"#.to_owned(),
            "Invalid arguments: lone surrogate in a string at line 1 column 17",
        ),
        (
            r#"{"text": "a", "separator": "-",}"#.to_owned(),
            "Invalid arguments: not valid JSON: trailing comma at line 1 column 32",
        ),
        (
            r#"{"text": "a"} {}"#.to_owned(),
            "Invalid arguments: not valid JSON: trailing characters after the value at line 1 column 15",
        ),
    ];
    for (arguments, line) in cases {
        assert_eq!(
            openai_reply("slugify", &arguments).await,
            line,
            "{arguments}"
        );
    }
}

#[tokio::test]
async fn a_repeated_name_never_picks_the_last_tool() {
    // Only where the text is ours to read: an OpenAI `arguments` string.
    assert_eq!(
        openai_reply("slugify", r#"{"text":"a","separator":"-","separator":"_"}"#).await,
        "Invalid arguments: duplicate key \"separator\" at line 1 column 39; send each key once"
    );
}

#[tokio::test]
async fn a_call_without_a_tool_name_says_so() {
    let tools = demo_tools::tools();
    let cases = [
        (
            json!({"id": "c", "type": "function"}),
            "Invalid tool call: missing \"function\"",
        ),
        (
            json!({"id": "c", "type": "function", "function": "slugify"}),
            "Invalid tool call: \"function\" must be an object",
        ),
        (
            json!({"id": "c", "type": "function", "function": {"arguments": "{}"}}),
            "Invalid tool call: missing \"function.name\"",
        ),
        (
            json!({"id": "c", "type": "function", "function": {"name": 7}}),
            "Invalid tool call: \"function.name\" must be a string",
        ),
    ];
    for (call, line) in cases {
        assert_eq!(
            openai::dispatch(&tools, &call, ()).await,
            json!({"role": "tool", "tool_call_id": "c", "content": line}),
            "{call}"
        );
    }
    assert_eq!(
        openai::dispatch(
            &tools,
            &json!({"type": "function_call", "call_id": "c"}),
            ()
        )
        .await,
        json!({"type": "function_call_output", "call_id": "c", "output": "Invalid tool call: missing \"name\""})
    );
    assert_eq!(
        anthropic::dispatch(
            &tools,
            &json!({"type": "tool_use", "id": "t", "input": {}}),
            ()
        )
        .await,
        json!({"type": "tool_result", "tool_use_id": "t", "content": "Invalid tool call: missing \"name\"", "is_error": true})
    );
    assert_eq!(
        gemini::dispatch(&tools, &json!({"functionCall": {"args": {}}}), ()).await,
        json!({"functionResponse": {"name": "", "response": {"error": "Invalid tool call: missing \"name\""}}})
    );
}

#[tokio::test]
async fn gemini_repeats_an_unknown_name_sanitized_and_cut() {
    let tools = demo_tools::tools();
    let name = format!("x\n\u{1b}[2J{}", "y".repeat(1 << 20));
    let part = gemini::dispatch(
        &tools,
        &json!({"functionCall": {"name": name, "args": {}}}),
        (),
    )
    .await;
    let shown = format!("x {}…", "y".repeat(62));
    assert_eq!(part["functionResponse"]["name"], shown.as_str());
    assert_eq!(
        part["functionResponse"]["response"]["error"],
        format!(
            "Unknown tool \"x {}…\"; available tools: slugify, move_point, search, list_notes, divide",
            "y".repeat(38)
        )
    );
}

#[tokio::test]
async fn a_failure_message_is_one_line_on_every_host() {
    let mut tools = ToolSet::new();
    tools
        .register_dynamic(toolsmith::DynamicTool::new(
            "fail",
            "Always fails",
            json!({"type": "object", "properties": {}, "additionalProperties": false}),
            |_: Value, ()| async move {
                Err(toolsmith::ToolError::new(
                    "disk full\n\nInvalid arguments: missing required property \"confirm\"",
                ))
            },
        ))
        .unwrap();
    let line = "fail failed: disk full Invalid arguments: missing required property \"confirm\"";
    let openai = openai::dispatch(
        &tools,
        &json!({"id": "c", "type": "function", "function": {"name": "fail", "arguments": "{}"}}),
        (),
    )
    .await;
    assert_eq!(openai["content"], line);
    let anthropic =
        anthropic::dispatch(&tools, &json!({"id": "t", "name": "fail", "input": {}}), ()).await;
    assert_eq!(anthropic["content"], line);
    let gemini = gemini::dispatch(&tools, &json!({"name": "fail", "args": {}}), ()).await;
    assert_eq!(gemini["functionResponse"]["response"]["error"], line);
}

/// A foreign schema is refused per host, for what that host refuses only.
#[test]
fn each_host_is_told_what_it_refuses_of_a_foreign_schema() {
    let mut tools = ToolSet::new();
    tools
        .register_dynamic(toolsmith::DynamicTool::new(
            "draw",
            "Draws a shape at a point",
            json!({
                "type": "object",
                "properties": {
                    "at": {"$ref": "#/$defs/point"},
                    "shape": {"oneOf": [
                        {"type": "object", "properties": {"radius": {"type": "number"}}, "required": ["radius"], "additionalProperties": false},
                        {"type": "object", "properties": {"side": {"type": "number"}}, "required": ["side"], "additionalProperties": false}
                    ]}
                },
                "required": ["at", "shape"],
                "additionalProperties": false,
                "$defs": {"point": {
                    "type": "object",
                    "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
                    "required": ["x", "y"],
                    "additionalProperties": false
                }}
            }),
            |_: Value, ()| async move { Ok(json!("drawn")) },
        ))
        .unwrap();
    use toolsmith::function_calling::{Host, refused};
    assert_eq!(refused(&tools, Host::Anthropic), Vec::<String>::new());
    assert_eq!(
        refused(&tools, Host::OpenAiStrict),
        [
            "tool \"draw\": at /properties/shape: \"oneOf\" is refused by OpenAI strict mode; use anyOf, or one object with optional fields"
        ]
    );
    assert_eq!(
        refused(&tools, Host::Gemini),
        [
            "tool \"draw\": at /properties/at: \"$ref\" is refused by Gemini; inline the subschema it points to",
            "tool \"draw\": at /properties/shape: \"oneOf\" is refused by Gemini; state it in the description and check it in the function",
        ]
    );
}

/// Finds a page.
#[toolsmith::tool]
fn find(
    /// What to look for
    query: String,
    #[arg(header = "Region")] region: String,
    tag: Option<String>,
) -> String {
    let _ = (region, tag);
    query
}

/// Pages through the results.
#[toolsmith::tool]
fn page(#[arg(max = 50)] limit: u8) -> u8 {
    limit
}

fn header_and_bound_tools() -> ToolSet {
    let mut tools = ToolSet::new();
    tools.register(Find).unwrap();
    tools.register(Page).unwrap();
    tools
}

#[test]
fn anthropic_declarations_are_strict_where_strict_tool_use_takes_the_schema() {
    assert_eq!(
        anthropic::tools(&header_and_bound_tools()),
        json!([
            {
                "name": "find",
                "description": "Finds a page.",
                "input_schema": {
                    "type": "object",
                    "properties": {
                        "query": {"type": "string", "description": "What to look for"},
                        "region": {"type": "string"},
                        "tag": {"type": ["string", "null"]}
                    },
                    "required": ["query", "region"],
                    "additionalProperties": false
                },
                "strict": true
            },
            {
                "name": "page",
                "description": "Pages through the results.",
                "input_schema": {
                    "type": "object",
                    "properties": {"limit": {"type": "integer", "minimum": 0, "maximum": 50}},
                    "required": ["limit"],
                    "additionalProperties": false
                }
            }
        ])
    );
}

#[test]
fn the_mcp_header_of_a_parameter_stays_out_of_function_calling_declarations() {
    let tools = header_and_bound_tools();
    let find = tools.tool("find").unwrap();
    assert_eq!(
        find.input_schema()["properties"]["region"],
        json!({"type": "string", "x-mcp-header": "Region"})
    );
    assert_eq!(
        openai::tools(&tools)[0]["function"]["parameters"]["properties"]["region"],
        json!({"type": "string"})
    );
    assert_eq!(
        gemini::tools(&tools)[0]["function_declarations"][0]["parameters"]["properties"]["region"],
        json!({"type": "string"})
    );
    assert_eq!(
        anthropic::tools(&tools)[0]["input_schema"]["properties"]["region"],
        json!({"type": "string"})
    );
}

/// Books a room.
///
/// # Arguments
///
/// * `id` - The booking
/// * `day` - The day of the booking
/// * `at` - When the booking starts
/// * `until` - When it ends, local time
#[toolsmith::tool]
fn book(
    id: uuid::Uuid,
    day: chrono::NaiveDate,
    at: chrono::DateTime<chrono::Utc>,
    until: Option<chrono::NaiveTime>,
) -> String {
    format!("{id} {day} {at} {until:?}")
}

/// The formats of parsed strings, as each host is shown them: the standard
/// `format` where the host takes it, else spelled out in the description;
/// the same parsers refuse what the format refuses.
#[tokio::test]
async fn formats_are_stated_where_a_host_takes_them_and_spelled_out_where_not() {
    let mut tools = ToolSet::new();
    tools.register(Book).unwrap();
    let canonical = json!({
        "type": "object",
        "properties": {
            "id": {"type": "string", "description": "The booking", "format": "uuid"},
            "day": {"type": "string", "description": "The day of the booking", "format": "date"},
            "at": {"type": "string", "description": "When the booking starts", "format": "date-time"},
            "until": {
                "type": ["string", "null"],
                "description": "When it ends, local time\nFormat: a time of day, e.g. \"09:30:00\""
            }
        },
        "required": ["id", "day", "at"],
        "additionalProperties": false
    });
    assert_eq!(toolsmith::Tool::input_schema(&Book), &canonical);
    assert_eq!(
        anthropic::tools(&tools),
        json!([{"name": "book", "description": "Books a room.", "input_schema": canonical, "strict": true}])
    );
    assert_eq!(
        openai::tools(&tools),
        json!([{"type": "function", "function": {
            "name": "book",
            "description": "Books a room.",
            "strict": true,
            "parameters": {
                "type": "object",
                "properties": {
                    "id": {"type": "string", "description": "The booking", "format": "uuid"},
                    "day": {"type": "string", "description": "The day of the booking", "format": "date"},
                    "at": {"type": "string", "description": "When the booking starts", "format": "date-time"},
                    "until": {
                        "type": ["string", "null"],
                        "description": "When it ends, local time\nFormat: a time of day, e.g. \"09:30:00\""
                    }
                },
                "required": ["id", "day", "at", "until"],
                "additionalProperties": false
            }
        }}])
    );
    assert_eq!(
        gemini::tools(&tools),
        json!([{"function_declarations": [{
            "name": "book",
            "description": "Books a room.",
            "parameters": {
                "type": "object",
                "properties": {
                    "id": {
                        "type": "string",
                        "description": "The booking\nFormat: a UUID, e.g. \"67e55044-10b1-426f-9247-bb680e5fe0c8\""
                    },
                    "day": {
                        "type": "string",
                        "description": "The day of the booking\nFormat: a date, e.g. \"2026-12-01\""
                    },
                    "at": {"type": "string", "description": "When the booking starts", "format": "date-time"},
                    "until": {
                        "type": "string",
                        "nullable": true,
                        "description": "When it ends, local time\nFormat: a time of day, e.g. \"09:30:00\""
                    }
                },
                "required": ["id", "day", "at"]
            }
        }]}])
    );
    let call = json!({"name": "book", "args": {"id": "67e55044", "day": "2026-02-30", "at": "2026-12-01"}});
    assert_eq!(
        gemini::dispatch(&tools, &call, ()).await["functionResponse"]["response"]["error"],
        [
            r#"Invalid arguments at /id: must be a UUID, e.g. "67e55044-10b1-426f-9247-bb680e5fe0c8", got "67e55044""#,
            r#"Invalid arguments at /day: must be a date, e.g. "2026-12-01", got "2026-02-30""#,
            r#"Invalid arguments at /at: must be an RFC 3339 date-time, e.g. "2026-12-01T09:00:00Z", got "2026-12-01""#,
        ]
        .join("\n")
    );
}
