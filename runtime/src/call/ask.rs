//! Asking the user: the schema elicitation allows, and the outcome of a
//! question.

use std::fmt;

use serde_json::{Map, Value, json};

use crate::error::ToolInputError;
use crate::schema::titles;
use crate::tool::ToolError;

/// The outcome of [`Call::ask`](super::Call::ask).
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<T> {
    /// The user answered, and the answer passed `T`'s schema.
    Accepted(T),
    /// The user said no.
    Declined,
    /// The user dismissed the question without answering.
    Cancelled,
}

/// Why [`Call::ask`](super::Call::ask) has no answer.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum AskError {
    /// The host or its client cannot ask the user, or asking failed: the
    /// line says which.
    Unavailable(String),
    /// `T`'s schema is not one elicitation allows (a flat object of
    /// strings, numbers, booleans and enums).
    Schema(String),
    /// The user's answer failed `T`'s schema; the tool never sees it.
    Invalid(ToolInputError),
    /// The call was cancelled, or has already been answered.
    Ended,
}

impl AskError {
    /// The lines the tool (and through it, the model) reads: one for most
    /// errors, one per problem for an invalid answer, each starting
    /// `Invalid answer`.
    pub fn lines(&self) -> Vec<String> {
        match self {
            AskError::Invalid(err) => err.lines_for("Invalid answer"),
            AskError::Unavailable(line) | AskError::Schema(line) => vec![line.clone()],
            AskError::Ended => vec!["the call has ended".to_owned()],
        }
    }
}

impl fmt::Display for AskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("; "))
    }
}

impl std::error::Error for AskError {}

impl From<AskError> for ToolError {
    fn from(err: AskError) -> Self {
        ToolError::new(err)
    }
}

/// `schema` (a `ToolArg`'s, as declared) as an elicitation
/// `requestedSchema`: an object whose properties are strings, numbers,
/// integers, booleans, string enums or arrays of string enums, each with
/// its `default` when the field has one. An optional property
/// (`["string", "null"]`) is asked as its type and left out of
/// `required`, as it already is. An enum whose values have titles is a
/// titled single select (`oneOf` of `const` and `title`, or `enum` with
/// `enumNames` when the enum asks for the legacy form); an array of one
/// is a titled multi-select (`items.anyOf`). The private annotations go.
pub(super) fn requested_schema(schema: Value) -> Result<Value, String> {
    let refuse = |why: String| {
        Err(format!(
            "call.ask needs a flat object of strings, numbers, booleans and enums: {why}"
        ))
    };
    let Value::Object(mut object) = schema else {
        return refuse("the schema is not an object".to_owned());
    };
    if object.get("type") != Some(&Value::from("object")) {
        return refuse("the schema is not of type object".to_owned());
    }
    let Some(Value::Object(properties)) = object.get_mut("properties") else {
        return refuse("the schema has no properties".to_owned());
    };
    for (name, property) in properties.iter_mut() {
        let Value::Object(property) = property else {
            return refuse(format!("property \"{name}\" has no schema"));
        };
        if let Err(why) = primitive(property) {
            return refuse(format!("property \"{name}\" {why}"));
        }
        titled_single(property);
        if let Some(Value::Object(items)) = property.get_mut("items") {
            titled_multi(items);
        }
    }
    // Elicitation schemas are closed by construction: the key is not theirs.
    object.remove("additionalProperties");
    Ok(crate::schema::portable::advertised(Value::Object(object)))
}

/// The titles of an enum's values, in the order of its `enum`, each
/// value's own name where it has no title; `None` for an enum without
/// titles.
fn value_titles(property: &mut Map<String, Value>) -> Option<Vec<(Value, Value)>> {
    let Some(Value::Object(titles)) = property.remove(titles::KEYWORD) else {
        return None;
    };
    let Some(Value::Array(values)) = property.get("enum") else {
        return None;
    };
    Some(
        values
            .iter()
            .map(|value| {
                let title = value
                    .as_str()
                    .and_then(|name| titles.get(name))
                    .cloned()
                    .unwrap_or_else(|| value.clone());
                (value.clone(), title)
            })
            .collect(),
    )
}

/// `{const, title}` for each titled value.
fn options(titles: Vec<(Value, Value)>) -> Value {
    titles
        .into_iter()
        .map(|(value, title)| json!({"const": value, "title": title}))
        .collect()
}

/// A titled enum as a single select: `oneOf` in place of `enum`, or
/// `enumNames` beside it for the legacy form.
fn titled_single(property: &mut Map<String, Value>) {
    let legacy = property.remove(titles::LEGACY) == Some(Value::Bool(true));
    let Some(titles) = value_titles(property) else {
        return;
    };
    if legacy {
        let names = titles.into_iter().map(|(_, title)| title).collect();
        property.insert("enumNames".to_owned(), Value::Array(names));
    } else {
        property.remove("enum");
        property.insert("oneOf".to_owned(), options(titles));
    }
}

/// The items of a titled multi-select: only `anyOf` of `const` and
/// `title`, as MCP states it.
fn titled_multi(items: &mut Map<String, Value>) {
    items.remove(titles::LEGACY);
    if let Some(titles) = value_titles(items) {
        *items = Map::from_iter([("anyOf".to_owned(), options(titles))]);
    }
}

/// Checks one property, turning `[T, "null"]` into `T`.
fn primitive(property: &mut Map<String, Value>) -> Result<(), String> {
    if let Some(Value::Array(types)) = property.get("type") {
        let named: Vec<&Value> = types.iter().filter(|t| *t != "null").collect();
        let [only] = named[..] else {
            return Err("has more than one type".to_owned());
        };
        let only = only.clone();
        property.insert("type".to_owned(), only);
    }
    if let Some(Value::Array(values)) = property.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
    let kind = property.get("type").and_then(Value::as_str);
    match kind {
        Some("string" | "number" | "integer" | "boolean") => Ok(()),
        Some("array") => match property.get("items") {
            Some(Value::Object(items)) if items.contains_key("enum") => Ok(()),
            _ => Err("is an array of something other than an enum".to_owned()),
        },
        Some("object") => Err("is an object".to_owned()),
        Some(other) => Err(format!("has type {other}")),
        None if property.contains_key("enum") => Ok(()),
        None => Err("has no type".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::requested_schema;

    #[test]
    fn a_schema_no_form_shows_is_refused_with_the_property_named() {
        let tags = json!({
            "type": "object",
            "properties": {"tags": {"type": "array", "items": {"type": "string"}}},
            "required": ["tags"]
        });
        assert_eq!(
            requested_schema(tags).unwrap_err(),
            "call.ask needs a flat object of strings, numbers, booleans and enums: property \"tags\" is an array of something other than an enum"
        );
        let nested = json!({"type": "object", "properties": {"at": {"type": "object"}}});
        assert_eq!(
            requested_schema(nested).unwrap_err(),
            "call.ask needs a flat object of strings, numbers, booleans and enums: property \"at\" is an object"
        );
    }
}
