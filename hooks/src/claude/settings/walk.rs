//! The walk over a settings document: settings keys, then each event, its
//! matcher groups and their handlers, each problem reported where it is.

use std::sync::OnceLock;

use serde_json::{Map, Value, json};
use toolsmith_runtime::echo::describe;
use toolsmith_runtime::{RepairPolicy, Validator};

use super::facts::{self, COMMON_FIELDS, Field, HandlerType, If, Kind, SETTINGS_KEYS};
use super::http::{self, Policy};
use super::matcher::{self, Matcher};
use super::{quoted, rule};
use crate::claude::{BUILTIN_TOOL_NAMES, HookEvent, McpToolName, builtin_tool};
use crate::input::suggest;
use crate::lint::{Report, child, item};

/// Where a piece sits: the event around it, whether it comes from a whole
/// settings file, and that file's HTTP hook policy.
#[derive(Debug, Clone, Copy)]
pub(super) struct Context<'a> {
    event: Option<HookEvent>,
    settings_file: bool,
    http: Option<&'a Policy>,
    /// The `matcher` of the group around a handler.
    matcher: Option<&'a Matcher<'a>>,
}

impl Context<'static> {
    /// A piece checked alone, under `event` if known.
    pub(super) fn piece(event: Option<HookEvent>) -> Self {
        Context {
            event,
            settings_file: false,
            http: None,
            matcher: None,
        }
    }
}

/// A whole settings object, or a plugin's `hooks/hooks.json`.
pub(super) fn settings(value: &Value, out: &mut Report) {
    let Some(object) = value.as_object() else {
        out.error("", format!("must be an object, got {}", describe(value)));
        return;
    };
    let ours: Map<String, Value> = object
        .iter()
        .filter(|(key, _)| {
            *key != "hooks" && (SETTINGS_KEYS.contains(&key.as_str()) || *key == "description")
        })
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    schema_check(top_level(), &Value::Object(ours), "", out);
    stray_keys(object, out);

    let policy = Policy {
        urls: strings(object.get("allowedHttpHookUrls")),
        env_vars: strings(object.get("httpHookAllowedEnvVars")),
    };
    for (i, pattern) in string_items(object.get("allowedHttpHookUrls")) {
        http::check_pattern(pattern, &item("/allowedHttpHookUrls", i), out);
    }
    for (i, name) in string_items(object.get("httpHookAllowedEnvVars")) {
        env_name(name, &item("/httpHookAllowedEnvVars", i), out);
    }

    match object.get("hooks") {
        None => {}
        Some(Value::Object(hooks)) => {
            for (name, groups) in hooks {
                event(name, groups, &policy, out);
            }
        }
        Some(other) => out.error(
            "/hooks",
            format!("must be an object, got {}", describe(other)),
        ),
    }
}

/// One entry of the `hooks` map: an event name and its matcher groups.
fn event(name: &str, groups: &Value, policy: &Policy, out: &mut Report) {
    let pointer = child("/hooks", name);
    let Some(event) = HookEvent::from_name(name) else {
        let problem = match HookEvent::suggest(name) {
            Some(near) => format!(
                "unknown hook event {} (did you mean \"{near}\"?)",
                quoted(name)
            ),
            None => {
                let known: Vec<&str> = HookEvent::ALL.iter().map(|e| e.as_str()).collect();
                format!(
                    "unknown hook event {}; known events: {}",
                    quoted(name),
                    known.join(", ")
                )
            }
        };
        out.error(&pointer, problem);
        return;
    };
    let Value::Array(groups) = groups else {
        out.error(
            &pointer,
            format!("must be an array, got {}", describe(groups)),
        );
        return;
    };
    let context = Context {
        event: Some(event),
        settings_file: true,
        http: Some(policy),
        matcher: None,
    };
    for (i, group) in groups.iter().enumerate() {
        matcher_group(group, &item(&pointer, i), &context, out);
    }
}

/// Top-level keys that look like ours but are not: an event outside
/// `hooks`, a near miss of a hook setting.
fn stray_keys(object: &Map<String, Value>, out: &mut Report) {
    for key in object.keys() {
        if SETTINGS_KEYS.contains(&key.as_str()) || key == "description" {
            continue;
        }
        let pointer = child("", key);
        if HookEvent::from_name(key).is_some() {
            out.warning(
                &pointer,
                format!(
                    "hook event {} outside \"hooks\" is ignored; move it into \"hooks\"",
                    quoted(key)
                ),
            );
        } else if let Some(near) = suggest(key, SETTINGS_KEYS) {
            out.warning(
                &pointer,
                format!(
                    "unknown settings key {} (did you mean \"{near}\"?); the agent ignores it",
                    quoted(key)
                ),
            );
        }
    }
}

/// One matcher group: `{"matcher": "Bash", "hooks": [...]}`.
pub(super) fn matcher_group(value: &Value, pointer: &str, context: &Context<'_>, out: &mut Report) {
    let Some(group) = value.as_object() else {
        out.error(
            pointer,
            format!("must be an object, got {}", describe(value)),
        );
        return;
    };
    if group.contains_key("type") && !group.contains_key("hooks") {
        out.error(
            pointer,
            "is a hook handler where a matcher group belongs; wrap it as \
             {\"matcher\": \"...\", \"hooks\": [ ... ]}",
        );
        return;
    }
    schema_check(group_schema(), value, pointer, out);
    let matcher = match group.get("matcher") {
        Some(Value::String(matcher)) => {
            let matcher = Matcher::new(matcher);
            matcher::check(&matcher, &child(pointer, "matcher"), context.event, out);
            Some(matcher)
        }
        _ => None,
    };
    let context = &Context {
        matcher: matcher.as_ref(),
        ..*context
    };
    if let Some(Value::Array(handlers)) = group.get("hooks") {
        let pointer = child(pointer, "hooks");
        if handlers.is_empty() {
            out.warning(
                &pointer,
                "has no handlers, so the group runs nothing; add one or remove the group",
            );
        }
        for (i, value) in handlers.iter().enumerate() {
            handler(value, &item(&pointer, i), context, out);
        }
    }
}

/// One hook handler: `{"type": "command", "command": "..."}`.
pub(super) fn handler(value: &Value, pointer: &str, context: &Context<'_>, out: &mut Report) {
    let Some(object) = value.as_object() else {
        out.error(
            pointer,
            format!("must be an object, got {}", describe(value)),
        );
        return;
    };
    let kind = match object.get("type") {
        Some(Value::String(name)) => HandlerType::from_name(name),
        _ => None,
    };
    let Some(kind) = kind else {
        // The schema names the types, or says `type` is missing.
        schema_check(type_schema(), value, pointer, out);
        return;
    };
    schema_check(handler_schema(kind), value, pointer, out);
    let rules = context.event.map(|event| (event, facts::rules(event)));

    if let Some((event, rules)) = rules {
        if !rules.handlers.runs(kind) {
            out.error(
                &child(pointer, "type"),
                format!(
                    "{event} runs only {} hooks, not {}",
                    rules.handlers.listed(),
                    kind.as_str()
                ),
            );
        }
    }
    if let Some(Value::String(condition)) = object.get("if") {
        if_rule(condition, &child(pointer, "if"), context, out);
    }
    if context.settings_file && object.get("once") == Some(&Value::Bool(true)) {
        out.warning(
            &child(pointer, "once"),
            "\"once\" is honored only in skill frontmatter; settings files ignore it and the \
             hook runs every time, remove it",
        );
    }
    if let Some(timeout) = object.get("timeout").and_then(Value::as_f64) {
        timeout_in_seconds(timeout, &child(pointer, "timeout"), out);
    }
    if object.contains_key("onFailure") {
        let pointer = child(pointer, "onFailure");
        if object.get("async") == Some(&Value::Bool(true))
            || object.get("asyncRewake") == Some(&Value::Bool(true))
        {
            out.warning(
                &pointer,
                "is ignored for async hooks: they run after the action went ahead, remove it",
            );
        } else if let Some((event, rules)) = rules {
            if rules.on_failure.ignores(kind) {
                out.warning(
                    &pointer,
                    format!(
                        "{event} ignores \"onFailure\" on {} hooks; a failure there blocks nothing, remove it",
                        kind.as_str()
                    ),
                );
            }
        }
    }
    match kind {
        HandlerType::Command => command(object, pointer, out),
        HandlerType::Http => http_handler(object, pointer, context, out),
        HandlerType::McpTool | HandlerType::Prompt | HandlerType::Agent => {}
    }
}

/// `if`: one permission rule, on an event that evaluates it, for a tool
/// the group's matcher lets through.
fn if_rule(condition: &str, pointer: &str, context: &Context<'_>, out: &mut Report) {
    match rule::parse(condition) {
        Err(problem) => out.error(pointer, format!("{} {problem}", quoted(condition))),
        Ok(rule) if builtin_tool(rule.tool).is_none() && !McpToolName::in_namespace(rule.tool) => {
            let hint = suggest(rule.tool, BUILTIN_TOOL_NAMES)
                .map(|near| format!(" (did you mean \"{near}\"?)"))
                .unwrap_or_default();
            out.warning(
                pointer,
                format!(
                    "{} names no built-in tool {}{hint}, so the hook never runs; tool names \
                     are case-sensitive",
                    quoted(condition),
                    quoted(rule.tool)
                ),
            );
        }
        Ok(rule) => {
            let evaluated = context
                .event
                .is_none_or(|event| facts::rules(event).condition == If::Evaluated);
            if let (true, Some(matcher)) = (evaluated, context.matcher) {
                if !matcher::lets_through(matcher, rule.tool) {
                    out.warning(
                        pointer,
                        format!(
                            "{} is for {}, which the group's matcher {} never lets through, so \
                             this hook never runs; move it to a group whose matcher matches {}",
                            quoted(condition),
                            rule.tool,
                            quoted(matcher.text()),
                            rule.tool
                        ),
                    );
                }
            }
        }
    }
    if let Some(event) = context.event {
        if facts::rules(event).condition == If::NeverRuns {
            out.error(
                pointer,
                format!(
                    "{event} never evaluates \"if\", so this hook never runs; \"if\" works only \
                     on {}; remove it and filter inside the hook",
                    facts::IF_EVENTS
                ),
            );
        }
    }
}

/// `timeout` is in seconds; a value in milliseconds is a common slip.
fn timeout_in_seconds(timeout: f64, pointer: &str, out: &mut Report) {
    const HOUR: f64 = 3600.0;
    if timeout <= HOUR {
        return;
    }
    let hours = (timeout / HOUR).floor();
    let hours = if hours < 2.0 {
        "an hour".to_owned()
    } else {
        format!("{hours} hours")
    };
    let suggestion = (timeout / 1000.0).round();
    let hint = if suggestion >= 1.0 {
        format!("; did you mean {suggestion}?")
    } else {
        String::new()
    };
    out.warning(
        pointer,
        format!("is in seconds, and {timeout} is over {hours}{hint}"),
    );
}

/// A command handler's exec form (`args`) and shell.
fn command(object: &Map<String, Value>, pointer: &str, out: &mut Report) {
    if !matches!(object.get("args"), Some(Value::Array(_))) {
        return;
    }
    if object.contains_key("shell") {
        out.warning(
            &child(pointer, "shell"),
            "is ignored when \"args\" is set: the exec form runs no shell, remove it",
        );
    }
    if let Some(Value::String(command)) = object.get("command") {
        let has_path = command.contains('/') || command.contains('\\');
        if !has_path && command.trim().contains(char::is_whitespace) {
            out.error(
                &child(pointer, "command"),
                format!(
                    "with \"args\", \"command\" is the executable alone, and {} names none; \
                     move the arguments into \"args\"",
                    quoted(command)
                ),
            );
        }
    }
}

/// An HTTP handler's URL, header variables and `allowedEnvVars`.
fn http_handler(
    object: &Map<String, Value>,
    pointer: &str,
    context: &Context<'_>,
    out: &mut Report,
) {
    if let Some(Value::String(url)) = object.get("url") {
        http::check_url(url, &child(pointer, "url"), context.http, out);
    }
    let allowed = strings(object.get("allowedEnvVars")).unwrap_or_default();
    for (i, name) in string_items(object.get("allowedEnvVars")) {
        env_name(name, &item(&child(pointer, "allowedEnvVars"), i), out);
    }
    let Some(Value::Object(headers)) = object.get("headers") else {
        return;
    };
    let global = context.http.and_then(|policy| policy.env_vars.as_ref());
    for (header, value) in headers {
        let Value::String(value) = value else {
            continue;
        };
        let at = child(&child(pointer, "headers"), header);
        for name in http::env_references(value) {
            let list = if !allowed.iter().any(|a| a == name) {
                "\"allowedEnvVars\""
            } else if global.is_some_and(|global| !global.iter().any(|g| g == name)) {
                "httpHookAllowedEnvVars"
            } else {
                continue;
            };
            out.warning(
                &at,
                format!(
                    "header {} interpolates ${name}, which {list} does not list, so it is sent \
                     empty; add \"{name}\" to {list}",
                    quoted(header)
                ),
            );
        }
    }
}

/// An entry of `allowedEnvVars` or `httpHookAllowedEnvVars`.
fn env_name(name: &str, pointer: &str, out: &mut Report) {
    if !http::is_env_name(name) {
        out.warning(
            pointer,
            format!(
                "{} is not an environment variable name; list names without \"$\", such as \
                 \"MY_TOKEN\"",
                quoted(name)
            ),
        );
    }
}

/// Validates `value` against `validator`, each problem at `pointer` plus
/// its place inside `value`.
fn schema_check(validator: &Validator, value: &Value, pointer: &str, out: &mut Report) {
    const SUGGEST: RepairPolicy = RepairPolicy {
        suggestions: true,
        ..RepairPolicy::none()
    };
    let mut copy = value.clone();
    if let Err(err) = validator.validate_with(&mut copy, &SUGGEST) {
        for issue in err.issues() {
            out.error(&format!("{pointer}{}", issue.at), issue.problem.clone());
        }
        if err.omitted() > 0 {
            out.error(
                pointer,
                format!("… and {} more problems here", err.omitted()),
            );
        }
    }
}

fn compile(schema: &Value) -> Validator {
    Validator::new(schema).expect("the settings schemas use the validator's subset")
}

/// The hook settings keys besides `hooks`.
fn top_level() -> &'static Validator {
    static SCHEMA: OnceLock<Validator> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let strings = json!({ "type": "array", "items": { "type": "string" } });
        compile(&json!({
            "type": "object",
            "properties": {
                "disableAllHooks": { "type": "boolean" },
                "allowManagedHooksOnly": { "type": "boolean" },
                "allowedHttpHookUrls": strings,
                "httpHookAllowedEnvVars": strings,
                "description": { "type": "string" }
            }
        }))
    })
}

fn group_schema() -> &'static Validator {
    static SCHEMA: OnceLock<Validator> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        compile(&json!({
            "type": "object",
            "properties": {
                "matcher": { "type": "string" },
                "hooks": { "type": "array" }
            },
            "required": ["hooks"],
            "additionalProperties": false
        }))
    })
}

/// A handler whose `type` is missing or unknown.
fn type_schema() -> &'static Validator {
    static SCHEMA: OnceLock<Validator> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let names: Vec<&str> = HandlerType::ALL.iter().map(|t| t.as_str()).collect();
        compile(&json!({
            "type": "object",
            "properties": { "type": { "type": "string", "enum": names } },
            "required": ["type"]
        }))
    })
}

/// A handler of `kind`: closed, as the SDK's type is.
fn handler_schema(kind: HandlerType) -> &'static Validator {
    static SCHEMAS: OnceLock<Vec<Validator>> = OnceLock::new();
    let all = SCHEMAS.get_or_init(|| {
        HandlerType::ALL
            .iter()
            .map(|kind| {
                let mut properties = Map::new();
                properties.insert("type".to_owned(), json!({ "const": kind.as_str() }));
                let mut required = vec!["type"];
                for field in kind.own_fields().iter().chain(COMMON_FIELDS) {
                    properties.insert(field.name.to_owned(), field_schema(field));
                    if field.required {
                        required.push(field.name);
                    }
                }
                compile(&json!({
                    "type": "object",
                    "properties": properties,
                    "required": required,
                    "additionalProperties": false
                }))
            })
            .collect()
    });
    let index = HandlerType::ALL
        .iter()
        .position(|k| *k == kind)
        .unwrap_or(0);
    &all[index]
}

fn field_schema(field: &Field) -> Value {
    match field.kind {
        Kind::String => json!({ "type": "string" }),
        Kind::NonEmptyString => json!({ "type": "string", "minLength": 1 }),
        Kind::Boolean => json!({ "type": "boolean" }),
        Kind::PositiveNumber => json!({ "type": "number", "exclusiveMinimum": 0 }),
        Kind::Strings => json!({ "type": "array", "items": { "type": "string" } }),
        Kind::StringMap => {
            json!({ "type": "object", "additionalProperties": { "type": "string" } })
        }
        Kind::Object => json!({ "type": "object" }),
        Kind::OneOf(values) => json!({ "type": "string", "enum": values }),
    }
}

/// The strings of an array value (other items are the schema's to report).
fn strings(value: Option<&Value>) -> Option<Vec<String>> {
    match value {
        Some(Value::Array(items)) => Some(
            items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect(),
        ),
        _ => None,
    }
}

/// The string items of an array value with their indexes.
fn string_items(value: Option<&Value>) -> impl Iterator<Item = (usize, &str)> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, item)| item.as_str().map(|s| (i, s)))
}
