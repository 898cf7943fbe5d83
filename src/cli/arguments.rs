//! The arguments object a tool is called with, built from the flags given
//! on the command line: each flag's text read as the JSON its schema
//! expects, set at its place in the object. A value may be read from
//! standard input (`-`) or a file (`@path`), see [`super::input`]; a
//! parameter that reads standard input when left out reads it last.

use clap::ArgMatches;
use serde_json::{Map, Value};
use toolsmith_runtime::{JsonLimits, ToolRef, parse_json_text};

use super::flags::flags;
use super::hints::positional_id;
use super::input::Sources;
use crate::host::types_of;

/// The arguments object built from the flags given, or the lines saying
/// which values could not be read.
pub(crate) fn arguments(
    tool: &ToolRef<'_>,
    matches: &ArgMatches,
    stdin: &[&str],
    sources: &mut Sources<'_>,
) -> Result<Value, Vec<String>> {
    let flags = flags(tool.input_schema());
    let mut root = Value::Object(Map::new());
    let mut problems = Vec::new();
    let mut left_out = Vec::new();
    // Outer flags first, so `--point '{..}'` is set before `--point.x` refines it.
    for flag in &flags {
        let id = flag.long();
        let given = |id: &str| {
            let raw = matches.try_get_raw(id).ok().flatten()?;
            let source = matches.value_source(id);
            (source == Some(clap::parser::ValueSource::CommandLine)).then_some(raw)
        };
        let Some(raw) = given(&id).or_else(|| given(&positional_id(flag))) else {
            if let [name] = flag.path.as_slice()
                && stdin.contains(&name.as_str())
            {
                left_out.push(flag);
            }
            continue;
        };
        let array = types_of(&flag.schema) == ["array"];
        let item = match flag.schema.get("items") {
            Some(item) if array => item,
            _ => &flag.schema,
        };
        let literal_dash = allows_dash(item);
        let mut texts = Vec::new();
        for os in raw {
            match sources.text(&id, os, literal_dash) {
                Ok(text) => texts.push(text),
                Err(line) => problems.push(line),
            }
        }
        let value = if array {
            Value::Array(texts.iter().map(|text| convert(item, text)).collect())
        } else {
            convert(
                &flag.schema,
                texts.last().map(String::as_str).unwrap_or_default(),
            )
        };
        set_at(&mut root, &flag.path, value);
    }
    // After every flag given, so that `--other -` keeps standard input.
    for flag in left_out {
        match sources.left_out(&flag.long()) {
            Some(Ok(text)) => set_at(&mut root, &flag.path, convert(&flag.schema, &text)),
            Some(Err(line)) => problems.push(line),
            None => {}
        }
    }
    if problems.is_empty() {
        Ok(root)
    } else {
        Err(problems)
    }
}

/// Whether `-` is one of the values a schema allows, and so read as itself
/// rather than as standard input.
fn allows_dash(schema: &Value) -> bool {
    let dash = Value::from("-");
    schema.get("const") == Some(&dash)
        || schema
            .get("enum")
            .and_then(Value::as_array)
            .is_some_and(|values| values.contains(&dash))
}

/// A flag's text as the JSON value its schema expects; text that does not
/// read as that type stays a string, for the validator to report, and so
/// does JSON that repeats a key. Text is never read as `null`: a flag left
/// out is how a command line says none.
fn convert(schema: &Value, text: &str) -> Value {
    let types = types_of(schema);
    let wants = |t: &str| types.is_empty() || types.contains(&t);
    if types == ["string"] {
        return Value::String(text.to_owned());
    }
    if let Ok(parsed) = parse_json_text(text, &JsonLimits::default()) {
        let fits = match &parsed {
            Value::Null => false,
            Value::Bool(_) => wants("boolean"),
            Value::Number(_) => wants("number") || wants("integer"),
            Value::String(_) => false,
            Value::Array(_) => wants("array"),
            Value::Object(_) => wants("object"),
        };
        if fits {
            return parsed;
        }
    }
    Value::String(text.to_owned())
}

/// Sets `value` at `path` inside `root`, creating objects on the way; a
/// JSON value given for a parent that is not an object is replaced.
fn set_at(root: &mut Value, path: &[String], value: Value) {
    let mut here = root;
    for key in &path[..path.len() - 1] {
        let Value::Object(map) = here else {
            return;
        };
        let child = map
            .entry(key.clone())
            .or_insert_with(|| Value::Object(Map::new()));
        if !child.is_object() {
            *child = Value::Object(Map::new());
        }
        here = child;
    }
    if let (Value::Object(map), Some(last)) = (here, path.last()) {
        map.insert(last.clone(), value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_converts_by_type() {
        let int = serde_json::json!({"type": "integer"});
        assert_eq!(convert(&int, "5"), Value::from(5));
        assert_eq!(convert(&int, "five"), Value::from("five"));
        assert_eq!(convert(&int, "1.5"), Value::from(1.5));
        let string = serde_json::json!({"type": "string"});
        assert_eq!(convert(&string, "5"), Value::from("5"));
        let object = serde_json::json!({"type": "object"});
        assert_eq!(convert(&object, "{\"x\": 1}"), serde_json::json!({"x": 1}));
        let twice = "{\"x\": 1, \"x\": 2}";
        assert_eq!(convert(&object, twice), Value::from(twice));
        let optional = serde_json::json!({"type": ["integer", "null"]});
        assert_eq!(convert(&optional, "null"), Value::from("null"));
        let optional = serde_json::json!({"type": ["string", "null"]});
        assert_eq!(convert(&optional, "null"), Value::from("null"));
    }
}
