//! Compiling a JSON Schema document into a [`Node`] tree, refusing every
//! keyword outside the supported subset and every malformed value.

use serde_json::{Map, Number, Value};

use super::equal::ValueSet;
use super::node::{ArrayRules, Node, NumberRules, ObjectRules, Rules, StringRules, Types};
use super::number;
use super::pattern::Pattern;
use crate::error::SchemaError;
use crate::pointer::escape_into;

/// Subschemas nest at most this deep; deeper is a [`SchemaError`].
pub(crate) const MAX_SCHEMA_DEPTH: usize = 64;

/// Keywords that only annotate: accepted, checked for shape, not enforced.
const ANNOTATIONS: [&str; 9] = [
    "$schema",
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

pub(crate) fn compile(schema: &Value) -> Result<Node, SchemaError> {
    Compiler::default().node(schema, "schema")
}

#[derive(Default)]
struct Compiler {
    /// Pointer to the subschema being compiled.
    at: String,
    depth: usize,
}

impl Compiler {
    fn error(&self, keyword: &str, reason: impl Into<String>) -> SchemaError {
        SchemaError::new(keyword, self.at.clone(), reason)
    }

    /// Compiles the subschema `schema`, reached through `keyword`.
    fn node(&mut self, schema: &Value, keyword: &str) -> Result<Node, SchemaError> {
        if self.depth >= MAX_SCHEMA_DEPTH {
            return Err(self.error(
                keyword,
                format!("subschemas nest deeper than {MAX_SCHEMA_DEPTH} levels"),
            ));
        }
        match schema {
            Value::Bool(true) => Ok(Node::Any),
            Value::Bool(false) => Ok(Node::Never),
            Value::Object(map) => {
                self.depth += 1;
                let rules = self.rules(map);
                self.depth -= 1;
                let rules = rules?;
                let asserts = rules.types.is_some()
                    || rules.enumeration.is_some()
                    || rules.constant.is_some()
                    || rules.string.is_some()
                    || rules.number.is_some()
                    || rules.object.is_some()
                    || rules.array.is_some();
                Ok(if asserts {
                    Node::Rules(Box::new(rules))
                } else {
                    Node::Any
                })
            }
            other => Err(self.error(
                keyword,
                format!(
                    "a schema must be an object or a boolean, got {}",
                    kind(other)
                ),
            )),
        }
    }

    /// Compiles `schema` found at `<current>/<keyword>[/<key>]`.
    fn child(
        &mut self,
        schema: &Value,
        keyword: &str,
        key: Option<&str>,
    ) -> Result<Node, SchemaError> {
        let len = self.at.len();
        self.at.push('/');
        escape_into(keyword, &mut self.at);
        if let Some(key) = key {
            self.at.push('/');
            escape_into(key, &mut self.at);
        }
        let node = self.node(schema, keyword);
        self.at.truncate(len);
        node
    }

    fn rules(&mut self, map: &Map<String, Value>) -> Result<Rules, SchemaError> {
        let mut rules = Rules::default();
        let mut declared = None;
        for (keyword, value) in map {
            let keyword = keyword.as_str();
            match keyword {
                "type" => rules.types = Some(self.types(value)?),
                "enum" => match value {
                    Value::Array(values) => {
                        rules.enumeration = Some(ValueSet::new(values.clone()))
                    }
                    other => return Err(self.error(keyword, format!("must be an array, got {}", kind(other)))),
                },
                "const" => rules.constant = Some(value.clone()),
                "minLength" => string(&mut rules).min_length = Some(self.count(keyword, value)?),
                "maxLength" => string(&mut rules).max_length = Some(self.count(keyword, value)?),
                "pattern" => {
                    let Value::String(source) = value else {
                        return Err(self.error(keyword, format!("must be a string, got {}", kind(value))));
                    };
                    let pattern = Pattern::new(source).map_err(|reason| self.error(keyword, reason))?;
                    let string = string(&mut rules);
                    string.pattern_problem = format!("must match pattern {}", crate::echo::quoted(source));
                    string.pattern = Some(pattern);
                }
                "minimum" => numeric(&mut rules).minimum = Some(self.number(keyword, value)?),
                "maximum" => numeric(&mut rules).maximum = Some(self.number(keyword, value)?),
                "exclusiveMinimum" => numeric(&mut rules).exclusive_minimum = Some(self.number(keyword, value)?),
                "exclusiveMaximum" => numeric(&mut rules).exclusive_maximum = Some(self.number(keyword, value)?),
                "multipleOf" => {
                    let step = self.number(keyword, value)?;
                    if number::compare(&step, &Number::from(0)).is_le() {
                        return Err(self.error(keyword, "must be greater than 0"));
                    }
                    numeric(&mut rules).multiple_of = Some(step);
                }
                "properties" => {
                    let Value::Object(properties) = value else {
                        return Err(self.error(keyword, format!("must be an object, got {}", kind(value))));
                    };
                    let mut compiled = Vec::with_capacity(properties.len());
                    for (name, schema) in properties {
                        compiled.push((name.clone(), self.child(schema, keyword, Some(name))?));
                    }
                    object(&mut rules).properties = compiled;
                }
                "required" => {
                    let Value::Array(names) = value else {
                        return Err(self.error(keyword, format!("must be an array of strings, got {}", kind(value))));
                    };
                    let mut required = Vec::with_capacity(names.len());
                    for name in names {
                        match name {
                            Value::String(name) if !required.contains(name) => required.push(name.clone()),
                            Value::String(_) => return Err(self.error(keyword, "must not repeat a name")),
                            other => {
                                return Err(self.error(keyword, format!("must be an array of strings, got {} in it", kind(other))));
                            }
                        }
                    }
                    object(&mut rules).required = required;
                }
                "additionalProperties" => object(&mut rules).additional = Some(self.child(value, keyword, None)?),
                "items" => {
                    if value.is_array() {
                        return Err(self.error(keyword, "must be a schema; tuples (an array of schemas) are not supported"));
                    }
                    array(&mut rules).items = Some(self.child(value, keyword, None)?);
                }
                "minItems" => array(&mut rules).min_items = Some(self.count(keyword, value)?),
                "maxItems" => array(&mut rules).max_items = Some(self.count(keyword, value)?),
                "uniqueItems" => match value {
                    Value::Bool(unique) => array(&mut rules).unique = *unique,
                    other => return Err(self.error(keyword, format!("must be a boolean, got {}", kind(other)))),
                },
                super::alias::KEYWORD => declared = Some(value),
                super::integer::KEYWORD => {
                    let Value::String(name) = value else {
                        return Err(self.error(keyword, format!("must be a string, got {}", kind(value))));
                    };
                    numeric(&mut rules).integer = Some(super::integer::range(name).map_err(|reason| self.error(keyword, reason))?);
                }
                super::format::KEYWORD => {
                    let Value::String(name) = value else {
                        return Err(self.error(keyword, format!("must be a string, got {}", kind(value))));
                    };
                    let format = super::format::Format::from_name(name).map_err(|reason| self.error(keyword, reason))?;
                    string(&mut rules).format = Some(format);
                }
                super::alias::VALUE_DOCS if value.is_string() => {}
                _ if ANNOTATIONS.contains(&keyword) => self.annotation(keyword, value)?,
                _ => return Err(self.error(keyword, "is not supported; supported keywords are type, properties, required, additionalProperties, enum, const, pattern, minLength, maxLength, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, items, minItems, maxItems, uniqueItems and annotations")),
            }
        }
        if let Some(object) = &mut rules.object {
            object.finish();
        }
        if let Some(values) = &rules.enumeration {
            rules.enum_problem = enum_problem(values.values());
        }
        if let Some(value) = declared {
            rules.declared = Some(Box::new(
                super::alias::compile(value, &rules)
                    .map_err(|reason| self.error(super::alias::KEYWORD, reason))?,
            ));
        }
        Ok(rules)
    }

    fn types(&self, value: &Value) -> Result<Types, SchemaError> {
        let name = |value: &Value| match value {
            Value::String(name) => Types::from_name(name).ok_or_else(|| {
                self.error(
                    "type",
                    format!("unknown type {}", crate::echo::quoted(name)),
                )
            }),
            other => Err(self.error(
                "type",
                format!(
                    "must be a type name or an array of them, got {}",
                    kind(other)
                ),
            )),
        };
        match value {
            Value::Array(names) => {
                let mut types = Types::empty();
                for each in names {
                    let one = name(each)?;
                    if types.contains(one) {
                        return Err(self.error("type", "must not repeat a type"));
                    }
                    types.insert(one);
                }
                Ok(types)
            }
            other => name(other),
        }
    }

    fn count(&self, keyword: &str, value: &Value) -> Result<u64, SchemaError> {
        match value {
            Value::Number(n) if number::is_integer(n) => n
                .as_u64()
                .or_else(|| n.as_f64().filter(|f| *f >= 0.0).map(|f| f as u64))
                .ok_or_else(|| self.error(keyword, "must be a non-negative integer")),
            other => Err(self.error(
                keyword,
                format!("must be a non-negative integer, got {}", kind(other)),
            )),
        }
    }

    fn number(&self, keyword: &str, value: &Value) -> Result<Number, SchemaError> {
        match value {
            Value::Number(n) => Ok(n.clone()),
            other => Err(self.error(keyword, format!("must be a number, got {}", kind(other)))),
        }
    }

    fn annotation(&self, keyword: &str, value: &Value) -> Result<(), SchemaError> {
        let ok = match keyword {
            "$schema" | "$comment" | "title" | "description" => value.is_string(),
            "examples" => value.is_array(),
            "deprecated" | "readOnly" | "writeOnly" => value.is_boolean(),
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            Err(self.error(keyword, format!("has the wrong type: {}", kind(value))))
        }
    }
}

/// `must be one of -, _, .`: every value, strings bare (past
/// `listing::MAX_LISTED` of them, the rest counted).
fn enum_problem(values: &[Value]) -> String {
    let values_shown = values.iter().map(crate::echo::constant);
    let listed = crate::listing::listed(values_shown, values.len(), crate::listing::MAX_LISTED);
    format!("must be one of {listed}")
}

fn string(rules: &mut Rules) -> &mut StringRules {
    rules.string.get_or_insert_with(StringRules::default)
}

fn numeric(rules: &mut Rules) -> &mut NumberRules {
    rules.number.get_or_insert_with(NumberRules::default)
}

fn object(rules: &mut Rules) -> &mut ObjectRules {
    rules.object.get_or_insert_with(ObjectRules::default)
}

fn array(rules: &mut Rules) -> &mut ArrayRules {
    rules.array.get_or_insert_with(ArrayRules::default)
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
