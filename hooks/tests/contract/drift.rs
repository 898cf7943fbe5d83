//! The hook types against the official SDK's own declarations: the pinned
//! `@anthropic-ai/claude-agent-sdk` is installed under target/, and
//! `tests/sdk/extract.mjs` reads its `HOOK_EVENTS`, its
//! `BUILTIN_TOOL_NAMES`, every `*HookInput` and every member of
//! `ToolInputSchemas` with the TypeScript compiler. Each field's presence,
//! required-ness, JSON types and string values are compared with ours
//! (through `HookEvent::input_schema` and `ToolInput::schema_for`), and the
//! tool names with `toolsmith_hooks::BUILTIN_TOOL_NAMES`; any difference
//! fails with one line per field or name. Bumping the pinned version then
//! says exactly what moved.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{Value, json};
use toolsmith_hooks::{
    BUILTIN_TOOL_NAMES, HookEvent, ToolInput, UNLISTED_TOOL_NAMES, builtin_tool,
};

use crate::sdk::hooks_sdk_dir;

/// What the SDK declares, as `extract.mjs` prints it.
fn sdk_contract() -> &'static Value {
    static CONTRACT: OnceLock<Value> = OnceLock::new();
    CONTRACT.get_or_init(|| {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sdk/extract.mjs");
        let modules = hooks_sdk_dir().join("node_modules");
        let output = Command::new("node")
            .arg(&script)
            .arg(&modules)
            .output()
            .unwrap_or_else(|e| panic!("cannot run node: {e}"));
        assert!(
            output.status.success(),
            "extract.mjs failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice(&output.stdout).expect("extract.mjs prints JSON")
    })
}

/// The SDK's interface for each built-in tool we type: the interface name
/// and the tool's name, current spelling. `McpInput` is the input of every
/// MCP tool (`ToolInput::Mcp`).
const SDK_TOOLS: &[(&str, &str)] = &[
    ("AgentInput", "Agent"),
    ("BashInput", "Bash"),
    ("ExitPlanModeInput", "ExitPlanMode"),
    ("FileEditInput", "Edit"),
    ("FileReadInput", "Read"),
    ("FileWriteInput", "Write"),
    ("GlobInput", "Glob"),
    ("GrepInput", "Grep"),
    ("TaskStopInput", "TaskStop"),
    ("ListMcpResourcesInput", "ListMcpResourcesTool"),
    ("RefreshMcpToolsInput", "RefreshMcpTools"),
    ("NotebookEditInput", "NotebookEdit"),
    ("ReadMcpResourceDirInput", "ReadMcpResourceDirTool"),
    ("ReadMcpResourceInput", "ReadMcpResourceTool"),
    ("ReportFindingsInput", "ReportFindings"),
    ("TodoWriteInput", "TodoWrite"),
    ("WebFetchInput", "WebFetch"),
    ("WebSearchInput", "WebSearch"),
    ("AskUserQuestionInput", "AskUserQuestion"),
    ("SendFeedbackInput", "SendFeedback"),
    ("ClaudeDesignInput", "ClaudeDesign"),
    ("ProjectsInput", "Projects"),
    ("EnterPlanModeInput", "EnterPlanMode"),
    ("TaskCreateInput", "TaskCreate"),
    ("TaskGetInput", "TaskGet"),
    ("TaskUpdateInput", "TaskUpdate"),
    ("TaskListInput", "TaskList"),
    ("WorkflowInput", "Workflow"),
    ("CronCreateInput", "CronCreate"),
    ("CronDeleteInput", "CronDelete"),
    ("CronListInput", "CronList"),
    ("ScheduleWakeupInput", "ScheduleWakeup"),
    ("RemoteTriggerInput", "RemoteTrigger"),
    ("ShowOnboardingRolePickerInput", "ShowOnboardingRolePicker"),
    ("OfferChromeSetupInput", "OfferChromeSetup"),
    ("ReadNotificationsInput", "ReadNotifications"),
    ("MonitorInput", "Monitor"),
    ("ProposeSkillsInput", "propose_skills"),
    ("ProposeGoalInput", "SetGoal"),
    ("ArtifactInput", "Artifact"),
    ("PushNotificationInput", "PushNotification"),
    ("EnterWorktreeInput", "EnterWorktree"),
    ("ExitWorktreeInput", "ExitWorktree"),
];

/// The SDK's declaration of every MCP tool's input.
const SDK_MCP: &str = "McpInput";

/// Tools we type that `ToolInputSchemas` leaves out.
const OURS_ONLY: &[&str] = &["MultiEdit", "PowerShell"];

/// One field, as both sides are compared.
#[derive(Debug, Clone, PartialEq)]
struct Field {
    required: bool,
    types: Vec<String>,
    values: Option<Vec<String>>,
}

/// The fields of the SDK's declaration `fields` (as extract.mjs prints them).
fn sdk_fields(fields: &Value) -> BTreeMap<String, Field> {
    let Value::Object(fields) = fields else {
        return BTreeMap::new();
    };
    fields
        .iter()
        .map(|(name, field)| {
            let strings = |v: &Value| -> Vec<String> {
                v.as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|s| s.as_str().map(str::to_owned))
                    .collect()
            };
            (
                name.clone(),
                Field {
                    required: field["required"].as_bool().unwrap_or(false),
                    types: strings(&field["types"]),
                    values: field.get("values").map(strings),
                },
            )
        })
        .collect()
}

/// The fields of our `schema`, named by path as extract.mjs names them
/// (`effort.level`, `tool_calls[].tool_name`). A set of values is the
/// schema's `enum` (a closed set) or `examples` (an open one).
fn our_fields(schema: &Value) -> BTreeMap<String, Field> {
    let mut out = BTreeMap::new();
    collect(schema, "", &mut out);
    out
}

fn collect(schema: &Value, prefix: &str, out: &mut BTreeMap<String, Field>) {
    let required: Vec<&str> = schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let Some(properties) = schema["properties"].as_object() else {
        return;
    };
    for (name, property) in properties {
        let path = format!("{prefix}{name}");
        let mut types: Vec<String> = match &property["type"] {
            Value::String(t) => vec![t.clone()],
            Value::Array(ts) => ts
                .iter()
                .filter_map(|t| t.as_str().map(str::to_owned))
                .collect(),
            _ => vec!["any".to_owned()],
        };
        for t in &mut types {
            if t == "integer" {
                *t = "number".to_owned();
            }
        }
        types.sort();
        let values = property
            .get("enum")
            .or_else(|| property.get("examples"))
            .and_then(Value::as_array)
            .map(|vs| {
                let mut vs: Vec<String> = vs
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect();
                vs.sort();
                vs
            });
        out.insert(
            path.clone(),
            Field {
                required: required.contains(&name.as_str()),
                types,
                values,
            },
        );
        if property.get("properties").is_some() {
            collect(property, &format!("{path}."), out);
        } else if let Some(items) = property.get("items") {
            collect(items, &format!("{path}[]."), out);
        }
    }
}

fn presence(field: Option<&Field>) -> &'static str {
    match field {
        None => "missing",
        Some(f) if f.required => "required",
        Some(_) => "optional",
    }
}

/// One line per field that differs between `sdk` and `ours`, about the
/// declaration `what`.
fn diff(what: &str, sdk: &BTreeMap<String, Field>, ours: &BTreeMap<String, Field>) -> Vec<String> {
    let mut lines = Vec::new();
    let names: std::collections::BTreeSet<&String> = sdk.keys().chain(ours.keys()).collect();
    for name in names {
        let (s, o) = (sdk.get(name), ours.get(name));
        if s.map(|f| f.required) != o.map(|f| f.required) {
            let sdk_side = match s {
                None => "lacks it",
                Some(_) => presence(s),
            };
            lines.push(format!(
                "{what}: field \"{name}\": SDK {sdk_side}, ours {}",
                presence(o)
            ));
            continue;
        }
        let (Some(s), Some(o)) = (s, o) else { continue };
        if s.types != o.types {
            lines.push(format!(
                "{what}: field \"{name}\": SDK type {}, ours {}",
                s.types.join(" | "),
                o.types.join(" | ")
            ));
        }
        if s.values != o.values {
            let show = |v: &Option<Vec<String>>| match v {
                Some(v) => v.join(", "),
                None => "any string".to_owned(),
            };
            lines.push(format!(
                "{what}: field \"{name}\": SDK values {}; ours {}",
                show(&s.values),
                show(&o.values)
            ));
        }
    }
    lines
}

/// Our fields for an event's input, without `hook_event_name` (extract.mjs
/// leaves it out: it names the event).
fn our_input_fields(event: HookEvent) -> BTreeMap<String, Field> {
    let mut fields = our_fields(event.input_schema());
    fields.remove("hook_event_name");
    fields
}

/// Every difference between `contract` and our types, and what was compared.
fn compare(contract: &Value) -> (Vec<String>, Counts) {
    let mut lines = Vec::new();
    let mut counts = Counts::default();

    // Events: the same names, in the same order.
    let sdk_events: Vec<&str> = contract["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let ours: Vec<&str> = HookEvent::ALL.iter().map(|e| e.as_str()).collect();
    for name in &sdk_events {
        if !ours.contains(name) {
            lines.push(format!(
                "HOOK_EVENTS: event \"{name}\": SDK has it, ours missing"
            ));
        }
    }
    for name in &ours {
        if !sdk_events.contains(name) {
            lines.push(format!(
                "HOOK_EVENTS: event \"{name}\": SDK lacks it, ours has it"
            ));
        }
    }
    if lines.is_empty() && sdk_events != ours {
        lines.push(format!(
            "HOOK_EVENTS: order differs: SDK {}",
            sdk_events.join(", ")
        ));
    }
    counts.events = sdk_events.len();

    // Inputs: each `*HookInput`, through the event it names.
    let inputs = contract["inputs"].as_object().cloned().unwrap_or_default();
    for (name, input) in &inputs {
        let Some(event) = input["event"].as_str() else {
            lines.push(format!("{name}: names no event"));
            continue;
        };
        let Some(event) = HookEvent::from_name(event) else {
            lines.push(format!("{name}: event \"{event}\" has no HookEvent"));
            continue;
        };
        let sdk = sdk_fields(&input["fields"]);
        counts.input_fields += sdk.len();
        counts.input_values += sdk.values().filter(|f| f.values.is_some()).count();
        lines.extend(diff(name, &sdk, &our_input_fields(event)));
        counts.inputs += 1;
    }
    for event in HookEvent::ALL {
        let declared = inputs
            .values()
            .any(|input| input["event"].as_str() == Some(event.as_str()));
        if !declared {
            lines.push(format!("{event}HookInput: SDK lacks it, ours has it"));
        }
    }

    // Tool inputs: each member of `ToolInputSchemas`.
    let tools = contract["tools"].as_object().cloned().unwrap_or_default();
    for (name, tool) in &tools {
        counts.tools += 1;
        let sdk = sdk_fields(&tool["fields"]);
        counts.tool_fields += sdk.len();
        if name == SDK_MCP {
            // Any MCP tool's input is any object: `ToolInput::Mcp`.
            if !sdk.is_empty() || tool["open"] != json!(true) {
                lines.push(format!(
                    "{name}: SDK declares fields {:?}, ours takes any object",
                    sdk.keys().collect::<Vec<_>>()
                ));
            }
            continue;
        }
        let Some(&(_, tool_name)) = SDK_TOOLS.iter().find(|(sdk_name, _)| sdk_name == name) else {
            lines.push(format!("{name}: SDK has it, ours has no ToolInput variant"));
            continue;
        };
        let Some(schema) = ToolInput::schema_for(tool_name) else {
            lines.push(format!("{name}: no schema for tool \"{tool_name}\""));
            continue;
        };
        lines.extend(diff(name, &sdk, &our_fields(schema)));
    }
    for (sdk_name, tool_name) in SDK_TOOLS {
        if !tools.contains_key(*sdk_name) {
            lines.push(format!(
                "{sdk_name}: SDK lacks it, ours has ToolInput for \"{tool_name}\""
            ));
        }
    }
    for known in ToolInput::KNOWN_TOOLS {
        let mapped = SDK_TOOLS.iter().any(|(_, tool)| tool == known);
        if !mapped && !OURS_ONLY.contains(known) {
            lines.push(format!(
                "ToolInput \"{known}\": in neither ToolInputSchemas nor the tools ours adds"
            ));
        }
    }
    // The built-in tool names: the SDK's list, and the names ours adds,
    // each documented in `UNLISTED_TOOL_NAMES`.
    let listed: Vec<&str> = contract["toolNames"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    lines.extend(tool_name_diff(&listed));
    counts.tool_names = listed.len();
    (lines, counts)
}

/// One line per difference between the SDK's `BUILTIN_TOOL_NAMES`
/// (`listed`) and ours: a name the SDK lists that we lack, a name we list
/// that neither the SDK nor `UNLISTED_TOOL_NAMES` accounts for, a name we
/// call unlisted that the SDK lists, and a typed tool that is not a current
/// built-in name.
fn tool_name_diff(listed: &[&str]) -> Vec<String> {
    let unlisted = |name: &str| UNLISTED_TOOL_NAMES.iter().any(|(n, _)| *n == name);
    let mut lines = Vec::new();
    for name in listed {
        if !BUILTIN_TOOL_NAMES.contains(name) {
            lines.push(format!(
                "BUILTIN_TOOL_NAMES: tool \"{name}\": SDK has it, ours missing"
            ));
        } else if unlisted(name) {
            lines.push(format!(
                "BUILTIN_TOOL_NAMES: tool \"{name}\": SDK has it, ours calls it unlisted in UNLISTED_TOOL_NAMES"
            ));
        }
    }
    for name in BUILTIN_TOOL_NAMES {
        if !listed.contains(name) && !unlisted(name) {
            lines.push(format!(
                "BUILTIN_TOOL_NAMES: tool \"{name}\": SDK lacks it, ours has it without an entry in UNLISTED_TOOL_NAMES"
            ));
        }
    }
    for known in ToolInput::KNOWN_TOOLS {
        if builtin_tool(known) != Some(*known) {
            lines.push(format!(
                "ToolInput \"{known}\": not a current name in BUILTIN_TOOL_NAMES"
            ));
        }
    }
    lines
}

#[derive(Debug, Default)]
struct Counts {
    events: usize,
    inputs: usize,
    input_fields: usize,
    input_values: usize,
    tools: usize,
    tool_fields: usize,
    tool_names: usize,
}

#[test]
fn the_hook_types_match_the_sdk_declarations() {
    let (lines, counts) = compare(sdk_contract());
    println!(
        "compared {} events, {} hook inputs with {} fields ({} with a set of values), \
         {} tool inputs with {} fields, {} tool names",
        counts.events,
        counts.inputs,
        counts.input_fields,
        counts.input_values,
        counts.tools,
        counts.tool_fields,
        counts.tool_names
    );
    assert!(
        lines.is_empty(),
        "the hook types differ from the SDK's declarations:\n{}",
        lines.join("\n")
    );
    assert_eq!(counts.events, 34);
    assert_eq!(counts.inputs, 34);
    assert_eq!(counts.tools, 44);
    assert_eq!(counts.tool_names, 54);
}

/// The comparison can fail: a contract that moved is reported field by
/// field, in the words a maintainer reads.
#[test]
fn a_contract_that_moved_is_reported_field_by_field() {
    let mut contract = sdk_contract().clone();
    let pre = &mut contract["inputs"]["PreToolUseHookInput"]["fields"];
    pre.as_object_mut().unwrap().remove("tool_use_id");
    pre["new_field"] = json!({ "required": true, "types": ["string"] });
    let start = &mut contract["inputs"]["SessionStartHookInput"]["fields"]["source"];
    start["values"].as_array_mut().unwrap().push(json!("zzz"));
    contract["inputs"]["NotificationHookInput"]["fields"]["title"]["required"] = json!(true);
    contract["tools"]["BashInput"]["fields"]["timeout"]["types"] = json!(["string"]);
    contract["events"]
        .as_array_mut()
        .unwrap()
        .push(json!("PostWorld"));
    contract["tools"]["NewToolInput"] = json!({ "open": false, "fields": {} });
    let names = contract["toolNames"].as_array_mut().unwrap();
    names.retain(|name| name != "Glob");
    names.push(json!("NewTool"));
    names.push(json!("Task"));

    let (lines, _) = compare(&contract);
    assert_eq!(
        lines,
        [
            "HOOK_EVENTS: event \"PostWorld\": SDK has it, ours missing",
            "NotificationHookInput: field \"title\": SDK required, ours optional",
            "PreToolUseHookInput: field \"new_field\": SDK required, ours missing",
            "PreToolUseHookInput: field \"tool_use_id\": SDK lacks it, ours required",
            "SessionStartHookInput: field \"source\": SDK values clear, compact, fork, resume, startup, zzz; \
             ours clear, compact, fork, resume, startup",
            "BashInput: field \"timeout\": SDK type string, ours number",
            "NewToolInput: SDK has it, ours has no ToolInput variant",
            "BUILTIN_TOOL_NAMES: tool \"NewTool\": SDK has it, ours missing",
            "BUILTIN_TOOL_NAMES: tool \"Task\": SDK has it, ours calls it unlisted in UNLISTED_TOOL_NAMES",
            "BUILTIN_TOOL_NAMES: tool \"Glob\": SDK lacks it, ours has it without an entry in UNLISTED_TOOL_NAMES",
        ]
    );
}
