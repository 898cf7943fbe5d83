//! The schemas `#[tool]` and `#[derive(ToolArg)]` build: a property with
//! its attribute's description and constraints, a closed object, a unit
//! enum, each with its keywords in one readable order.

use serde_json::{Map, Value};

use crate::arg::ArgKind;
use crate::schema::alias::VALUE_DOCS;
use crate::schema::titles;

const KEY_ORDER: &[&str] = &[
    "type",
    "title",
    "description",
    "enum",
    "const",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "properties",
    "required",
    "additionalProperties",
];

fn rank(key: &str) -> usize {
    KEY_ORDER
        .iter()
        .position(|k| *k == key)
        .unwrap_or(KEY_ORDER.len())
}

/// Puts the keywords of one schema object in a fixed, readable order.
fn ordered(map: Map<String, Value>) -> Map<String, Value> {
    let mut entries: Vec<(String, Value)> = map.into_iter().collect();
    entries.sort_by_key(|(key, _)| rank(key));
    entries.into_iter().collect()
}

/// The schema of one property: the type's schema with the attribute's
/// description (which replaces the type's own) and constraint keywords (which
/// replace the type's own, e.g. an integer's range) added.
///
/// A description replaces the type's, except for the docs of an enum's
/// values, which follow it.
pub fn property(schema: Value, description: Option<&str>, keywords: Vec<(&str, Value)>) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if let Some(description) = description {
        let description = match map.get(VALUE_DOCS).and_then(Value::as_str) {
            Some(values) => format!("{description}\n{values}"),
            None => description.to_owned(),
        };
        map.insert("description".into(), Value::from(description));
    }
    for (key, value) in keywords {
        map.insert(key.into(), value);
    }
    Value::Object(ordered(map))
}

/// An array's schema with the constraints of `#[arg(items(..))]` added to
/// its `items` schema (the item type's own bounds replaced, as
/// [`property`] does).
pub fn with_items(schema: Value, keywords: Vec<(&str, Value)>) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if let Some(items) = map.get_mut("items") {
        *items = property(std::mem::take(items), None, keywords);
    }
    Value::Object(map)
}

/// One property of an object schema, as the macros describe it.
pub struct Prop {
    pub name: &'static str,
    pub schema: Value,
    pub required: bool,
}

/// A closed object schema: `properties` in the order given, `required`,
/// `additionalProperties: false`.
pub fn object(description: Option<&str>, props: Vec<Prop>) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), Value::from("object"));
    if let Some(description) = description {
        map.insert("description".into(), Value::from(description));
    }
    let required: Vec<Value> = props
        .iter()
        .filter(|prop| prop.required)
        .map(|prop| Value::from(prop.name))
        .collect();
    let properties: Map<String, Value> = props
        .into_iter()
        .map(|prop| (prop.name.to_owned(), prop.schema))
        .collect();
    map.insert("properties".into(), Value::Object(properties));
    map.insert("required".into(), Value::Array(required));
    map.insert("additionalProperties".into(), Value::Bool(false));
    Value::Object(map)
}

/// One alternative of a tagged union, as the macros describe it: the
/// variant's tag value, doc and fields (`None` for a unit variant), and
/// the names serde also reads for its fields.
pub struct Branch {
    pub tag: &'static str,
    pub description: Option<&'static str>,
    pub fields: Option<Vec<Prop>>,
    pub aliases: &'static [(&'static str, &'static str)],
}

/// The schema of a tagged enum: a `oneOf` of closed objects, one per
/// variant, each fixing `tag` to the variant's name with `const` and
/// requiring it. Internally tagged (`content` is `None`), the variant's
/// fields sit beside the tag; adjacently tagged, they are a closed object
/// under `content`, which a unit variant leaves out.
pub fn tagged_union(
    description: Option<&str>,
    tag: &'static str,
    content: Option<&'static str>,
    branches: Vec<Branch>,
) -> Value {
    let alternatives: Vec<Value> = branches
        .into_iter()
        .map(|branch| {
            let mut constant = Map::new();
            constant.insert("type".into(), Value::from("string"));
            constant.insert("const".into(), Value::from(branch.tag));
            let mut props = vec![Prop {
                name: tag,
                schema: Value::Object(constant),
                required: true,
            }];
            match (content, branch.fields) {
                (None, Some(fields)) => props.extend(fields),
                (Some(content), Some(fields)) => props.push(Prop {
                    name: content,
                    schema: super::declare_aliases(object(None, fields), branch.aliases),
                    required: true,
                }),
                (_, None) => {}
            }
            let aliases = if content.is_none() {
                branch.aliases
            } else {
                &[]
            };
            super::declare_aliases(object(branch.description, props), aliases)
        })
        .collect();
    let mut map = Map::new();
    if let Some(description) = description {
        map.insert("description".into(), Value::from(description));
    }
    map.insert("oneOf".into(), Value::Array(alternatives));
    Value::Object(map)
}

/// The schema of a unit enum: a string with the variants' names.
///
/// `value_docs` are the docs of the values, also part of `description`,
/// kept apart for a property's own description (see [`property`]).
pub fn enumeration(description: Option<&str>, values: &[&str], value_docs: Option<&str>) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), Value::from("string"));
    if let Some(description) = description {
        map.insert("description".into(), Value::from(description));
    }
    map.insert(
        "enum".into(),
        values.iter().map(|v| Value::from(*v)).collect(),
    );
    if let Some(value_docs) = value_docs {
        map.insert(VALUE_DOCS.into(), Value::from(value_docs));
    }
    Value::Object(map)
}

/// A unit enum's schema with the titles of its values
/// (`#[arg(title = "..")]`, `(value, title)`) and, when `legacy`
/// (`#[arg(enum_names)]`), the wish that a form state them as
/// `enumNames`: private annotations an elicitation form reads.
pub fn titled(schema: Value, titles: &[(&str, &str)], legacy: bool) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    let titles: Map<String, Value> = titles
        .iter()
        .map(|(value, title)| ((*value).to_owned(), Value::from(*title)))
        .collect();
    map.insert(titles::KEYWORD.into(), Value::Object(titles));
    if legacy {
        map.insert(titles::LEGACY.into(), Value::Bool(true));
    }
    Value::Object(map)
}

/// The deepest nesting among the fields, for `ToolArg::DEPTH`.
pub const fn max_depth(depths: &[usize]) -> usize {
    let mut max = 0;
    let mut i = 0;
    while i < depths.len() {
        if depths[i] > max {
            max = depths[i];
        }
        i += 1;
    }
    max
}

/// Whether fields of these kinds (each with its items' kind) make a form
/// elicitation can show: text, numbers, booleans, enums and lists of
/// enums, for `ToolArg::__FORM`.
pub const fn form_fields(fields: &[(ArgKind, Option<ArgKind>)]) -> bool {
    let mut i = 0;
    while i < fields.len() {
        let shown = matches!(
            fields[i],
            (
                ArgKind::String
                    | ArgKind::Integer
                    | ArgKind::Number
                    | ArgKind::Boolean
                    | ArgKind::Enum
                    | ArgKind::Parsed,
                _
            ) | (ArgKind::Array, Some(ArgKind::Enum))
        );
        if !shown {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn property_orders_keywords() {
        let schema = property(
            json!({"maximum": 255, "type": "integer", "minimum": 0}),
            Some("how many"),
            vec![("minimum", json!(1))],
        );
        assert_eq!(
            serde_json::to_string(&schema).unwrap(),
            r#"{"type":"integer","description":"how many","minimum":1,"maximum":255}"#
        );
    }
}
