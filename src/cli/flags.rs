//! The flags a tool's schema makes: one per property (nested objects
//! flattened with `.`, arrays as repeated flags, booleans as switches), each
//! with its description, allowed values, format, bounds and, for a tagged
//! union taken as JSON, each kind with its fields, for `--help`. A flag with
//! allowed values offers them to shell completion (never file names) and
//! still takes any text, so that a wrong one gets the runtime's line.

use std::ffi::{OsStr, OsString};

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Arg, ArgAction};
use serde_json::{Map, Value};
use toolsmith_runtime::portable::union_tag;

use crate::host::types_of;

/// The deepest object whose fields still get their own flags.
const MAX_FLAG_DEPTH: usize = 5;

/// A flag for one property, at `path` from the root of the arguments.
pub(crate) struct Flag {
    pub(crate) path: Vec<String>,
    pub(crate) schema: Value,
    required: bool,
    /// An object that also has flags for its fields: takes a JSON value.
    object: bool,
}

impl Flag {
    /// The flag's name, without the dashes: `point.x`, `max-len`.
    pub(crate) fn long(&self) -> String {
        self.path
            .iter()
            .map(|key| key.replace('_', "-"))
            .collect::<Vec<_>>()
            .join(".")
    }

    pub(crate) fn arg(&self) -> Arg {
        let long = self.long();
        let mut arg =
            Arg::new(long.clone())
                .long(long)
                .help(help(&self.schema, self.required, self.object));
        let types = types_of(&self.schema);
        if types == ["boolean"] {
            arg = arg
                .action(ArgAction::Set)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("true")
                .value_name("BOOL");
        } else if types == ["array"] {
            arg = arg.action(ArgAction::Append).allow_hyphen_values(true);
        } else {
            arg = arg.action(ArgAction::Set).allow_hyphen_values(true);
        }
        if self.object {
            arg = arg.value_name("JSON");
        } else if types != ["boolean"] {
            arg = arg.value_name(value_name(&self.schema));
        }
        let item = match self.schema.get("items") {
            Some(item) if types == ["array"] => item,
            _ => &self.schema,
        };
        if types != ["boolean"]
            && let Some(values) = item.get("enum").and_then(Value::as_array)
        {
            let values = values.iter().filter(|v| !v.is_null()).map(constant);
            arg = arg
                .value_parser(Completed(values.collect()))
                .hide_possible_values(true);
        }
        arg
    }
}

/// A flag's allowed values, offered to shell completion; any text is
/// taken, for the runtime to check and answer with its own line.
#[derive(Clone)]
struct Completed(Vec<String>);

impl TypedValueParser for Completed {
    type Value = OsString;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&Arg>,
        value: &OsStr,
    ) -> Result<OsString, clap::Error> {
        Ok(value.to_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(PossibleValue::new)))
    }
}

/// `<TEXT>`, `<INTEGER>`, `<NUMBER>`, `<JSON>`: what a flag takes, by type
/// (for an array, by the type of its items).
fn value_name(schema: &Value) -> &'static str {
    let shown = match schema.get("items") {
        Some(items) if types_of(schema) == ["array"] => items,
        _ => schema,
    };
    let types: Vec<&str> = types_of(shown)
        .into_iter()
        .filter(|t| *t != "null")
        .collect();
    match types.as_slice() {
        ["string"] => "TEXT",
        ["integer"] => "INTEGER",
        ["number"] => "NUMBER",
        ["boolean"] => "BOOL",
        _ => "JSON",
    }
}

/// The flags for the properties of an object schema, outer ones first.
pub(crate) fn flags(schema: &Value) -> Vec<Flag> {
    let mut flags = Vec::new();
    collect_flags(schema, &mut Vec::new(), true, &mut flags);
    flags
}

/// Walks the properties of an object schema, a flag each; the fields of a
/// nested object get flags too, up to [`MAX_FLAG_DEPTH`].
fn collect_flags(schema: &Value, path: &mut Vec<String>, required_here: bool, out: &mut Vec<Flag>) {
    let Some(props) = schema.get("properties").and_then(Value::as_object) else {
        return;
    };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for (name, sub) in props {
        if !toolsmith_runtime::names::is_property_name(name) {
            continue;
        }
        path.push(name.clone());
        let required = required_here && required.contains(&name.as_str());
        let nested = types_of(sub) == ["object"]
            && sub.get("properties").is_some()
            && path.len() < MAX_FLAG_DEPTH;
        out.push(Flag {
            path: path.clone(),
            schema: sub.clone(),
            required,
            object: nested,
        });
        if nested {
            collect_flags(sub, path, required, out);
        }
        path.pop();
    }
}

/// The help line: description, then `[required]`, allowed values, bounds,
/// then `[default: 10]` where the schema states one.
fn help(schema: &Value, required: bool, object: bool) -> String {
    let mut parts = Vec::new();
    if let Some(description) = schema.get("description").and_then(Value::as_str) {
        parts.push(description.to_owned());
    }
    let mut notes = Vec::new();
    if required {
        notes.push("required".to_owned());
    }
    if object {
        notes.push("a JSON object, or set each field with its own flag".to_owned());
    }
    let item = schema
        .get("items")
        .filter(|_| types_of(schema) == ["array"]);
    if item.is_some() {
        notes.push("repeat for each item".to_owned());
    }
    let shown = item.unwrap_or(schema);
    if let Some(values) = shown.get("enum").and_then(Value::as_array) {
        let listed: Vec<String> = values
            .iter()
            .filter(|v| !v.is_null())
            .map(constant)
            .collect();
        notes.push(format!("possible values: {}", listed.join(", ")));
    }
    if let Some(value) = shown.get("const") {
        notes.push(format!("must be {}", constant(value)));
    }
    if let Some(format) = shown
        .get("format")
        .or_else(|| shown.get("x-toolsmith-format"))
        .and_then(Value::as_str)
    {
        notes.push(format!("format: {format}"));
    }
    if let Some(kinds) = shown.as_object().and_then(kinds) {
        notes.push(kinds);
    }
    for (keyword, label) in [
        ("minimum", "min"),
        ("exclusiveMinimum", "greater than"),
        ("maximum", "max"),
        ("exclusiveMaximum", "less than"),
        ("multipleOf", "multiple of"),
        ("minLength", "min length"),
        ("maxLength", "max length"),
        ("pattern", "pattern"),
    ] {
        if let Some(bound) = shown.get(keyword) {
            notes.push(format!("{label}: {}", constant(bound)));
        }
    }
    for (keyword, label) in [("minItems", "min items"), ("maxItems", "max items")] {
        if let Some(bound) = schema.get(keyword) {
            notes.push(format!("{label}: {bound}"));
        }
    }
    if !notes.is_empty() {
        parts.push(format!("[{}]", notes.join("; ")));
    }
    if let Some(default) = schema.get("default") {
        parts.push(format!("[default: {}]", constant(default)));
    }
    parts.join(" ")
}

/// The kinds of a union taken as JSON, each with its fields (`?` after
/// an optional one): `one of, by "kind": circle {r: number}, square {side:
/// number, label?: text}` for a tagged enum, `one of: {"circle": {r:
/// number}}, "none"` for one tagged by its only key. `None` when the
/// schema is no union, or a kind cannot be said so.
fn kinds(schema: &Map<String, Value>) -> Option<String> {
    let branches = ["oneOf", "anyOf"]
        .iter()
        .find_map(|key| schema.get(*key))?
        .as_array()?;
    let tag = union_tag(schema);
    let mut said = Vec::new();
    for branch in branches {
        let fields = |object: &Value, skip: Option<&str>| -> Option<String> {
            let props = object.get("properties")?.as_object()?;
            let required: Vec<&str> = object
                .get("required")
                .and_then(Value::as_array)
                .map(|names| names.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let listed: Vec<String> = props
                .iter()
                .filter(|(name, _)| Some(name.as_str()) != skip)
                .map(|(name, sub)| {
                    let optional = if required.contains(&name.as_str()) {
                        ""
                    } else {
                        "?"
                    };
                    format!("{name}{optional}: {}", kind_of(sub))
                })
                .collect();
            Some(format!("{{{}}}", listed.join(", ")))
        };
        let kind = match tag {
            Some(tag) => {
                let name = branch.get("properties")?.get(tag)?.get("const")?;
                let fields = fields(branch, Some(tag))?;
                if fields == "{}" {
                    constant(name)
                } else {
                    format!("{} {fields}", constant(name))
                }
            }
            None => {
                if let Some(name) = branch.get("const") {
                    name.to_string()
                } else {
                    let props = branch.get("properties")?.as_object()?;
                    let (key, inner) = props.iter().next().filter(|_| props.len() == 1)?;
                    let inner = match fields(inner, None) {
                        Some(fields) => fields,
                        None => kind_of(inner),
                    };
                    format!("{{{}: {inner}}}", Value::from(key.as_str()))
                }
            }
        };
        said.push(kind);
    }
    Some(match tag {
        Some(tag) => format!("one of, by \"{tag}\": {}", said.join(", ")),
        None => format!("one of: {}", said.join(", ")),
    })
}

/// A field's type as a union's kinds show it: `text`, `integer`,
/// `number`, `bool`, `[text]` for a list, `JSON`.
fn kind_of(schema: &Value) -> String {
    if types_of(schema) == ["array"]
        && let Some(items) = schema.get("items")
    {
        return format!("[{}]", kind_of(items));
    }
    match value_name(schema) {
        "TEXT" => "text",
        "INTEGER" => "integer",
        "NUMBER" => "number",
        "BOOL" => "bool",
        _ => "JSON",
    }
    .to_owned()
}

/// A schema constant as `--help` shows it: a string bare, anything else as
/// JSON.
fn constant(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
