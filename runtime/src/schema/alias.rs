//! Declared aliases: names serde reads besides the ones a schema advertises
//! (`#[serde(alias = "..")]` on a field or a unit variant).
//!
//! `#[derive(ToolArg)]` records them in the schema it builds under the
//! private annotation [`KEYWORD`], `{ "<alias>": "<name>" }`, beside the
//! `properties` or `enum` that hold the names; the schema a tool advertises
//! ([`advertised`](super::portable::advertised)) never shows it. The
//! validator reads it so that a call serde accepts is one the validator
//! accepts: the alias is repaired to the name before validation, under
//! every repair policy, and reported; an alias sent together with its name
//! (or two aliases of one name) is refused, as serde refuses a duplicate
//! field.

use serde_json::{Map, Value};

use super::node::{Declared, Node, Rules};

/// The annotation that carries declared aliases.
pub const KEYWORD: &str = "x-toolsmith-aliases";

/// The private annotation beside a unit enum's `enum` holding the docs of
/// its values (`"low: can wait"`, one per line), so that a property of the
/// enum type keeps them under its own description. Never advertised.
pub const VALUE_DOCS: &str = "x-toolsmith-values";

/// Reads the annotation on a subschema whose other keywords are compiled
/// into `rules`; each alias must stand for a property or a string `enum`
/// value of the same subschema.
pub(crate) fn compile(value: &Value, rules: &Rules) -> Result<Declared, String> {
    let Value::Object(map) = value else {
        return Err("must be an object of alias to name".to_owned());
    };
    let mut declared = Declared::default();
    for (alias, name) in map {
        let Value::String(name) = name else {
            return Err(format!(
                "alias {} must name a property or an enum value",
                crate::echo::quoted(alias)
            ));
        };
        let is_property = rules
            .object
            .as_ref()
            .is_some_and(|object| object.property(name).is_some());
        let is_value = rules
            .enumeration
            .as_ref()
            .is_some_and(|values| values.values().iter().any(|v| v.as_str() == Some(name)));
        let entry = (alias.clone(), name.clone());
        if is_property {
            declared.keys.push(entry);
        } else if is_value {
            declared.values.push(entry);
        } else {
            return Err(format!(
                "alias {} stands for {}, which is neither a property nor an enum value here",
                crate::echo::quoted(alias),
                crate::echo::quoted(name)
            ));
        }
    }
    Ok(declared)
}

/// Whether any subschema of `node` declares aliases.
pub(crate) fn any_declared(node: &Node) -> bool {
    let Node::Rules(rules) = node else {
        return false;
    };
    let in_union = |union: &Option<super::node::Union>| {
        union
            .as_ref()
            .is_some_and(|union| union.tag.is_some() && union.branches.iter().any(any_declared))
    };
    rules.declared.is_some()
        || rules
            .extra
            .as_ref()
            .is_some_and(|extra| in_union(&extra.one_of) || in_union(&extra.any_of))
        || rules.object.as_ref().is_some_and(|object| {
            object.properties.iter().any(|(_, node)| any_declared(node))
                || object.additional.as_ref().is_some_and(any_declared)
        })
        || rules
            .array
            .as_ref()
            .and_then(|array| array.items.as_ref())
            .is_some_and(any_declared)
}

/// Whether `value` uses a declared alias anywhere the schema looks: a call
/// serde takes as sent, but the validator only after renaming it.
pub(crate) fn uses_declared(node: &Node, value: &Value) -> bool {
    let Node::Rules(rules) = node else {
        return false;
    };
    if let Some(branch) = rules.tagged_branch(value) {
        return uses_declared(branch, value);
    }
    let declared = rules.declared.as_deref();
    match value {
        Value::String(text) => declared.is_some_and(|d| d.value(text).is_some()),
        Value::Object(map) => {
            let Some(object) = &rules.object else {
                return false;
            };
            map.iter().any(|(key, child)| match object.property(key) {
                Some(i) => uses_declared(&object.properties[i].1, child),
                None => {
                    declared.is_some_and(|d| d.key(key).is_some())
                        || object
                            .additional
                            .as_ref()
                            .is_some_and(|node| uses_declared(node, child))
                }
            })
        }
        Value::Array(items) => match rules.array.as_ref().and_then(|array| array.items.as_ref()) {
            Some(node) => items.iter().any(|item| uses_declared(node, item)),
            None => false,
        },
        _ => false,
    }
}

/// `schema` with `aliases` (alias, name) recorded, if there are any.
pub fn declare(schema: Value, aliases: &[(&str, &str)]) -> Value {
    let Value::Object(mut map) = schema else {
        return schema;
    };
    if !aliases.is_empty() {
        let table: Map<String, Value> = aliases
            .iter()
            .map(|(alias, name)| ((*alias).to_owned(), Value::from(*name)))
            .collect();
        map.insert(KEYWORD.to_owned(), Value::Object(table));
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::{RepairKind, RepairPolicy, Validator};

    fn closed(aliases: serde_json::Value) -> serde_json::Value {
        json!({
            "type": "object",
            "properties": {
                "color": { "type": "string", "enum": ["red", "green"], super::KEYWORD: { "verde": "green" } }
            },
            "required": ["color"],
            "additionalProperties": false,
            super::KEYWORD: aliases
        })
    }

    #[test]
    fn declared_aliases_validate_under_every_policy() {
        let validator = Validator::new(&closed(json!({ "colour": "color" }))).unwrap();
        let call = json!({ "colour": "verde" });
        assert!(validator.validate(&call).is_ok());
        let mut repaired = call.clone();
        let repairs = validator
            .validate_with(&mut repaired, &RepairPolicy::none())
            .unwrap();
        assert_eq!(repaired, json!({ "color": "green" }));
        let kinds: Vec<RepairKind> = repairs.iter().map(|r| r.kind).collect();
        assert_eq!(kinds, [RepairKind::SerdeAlias, RepairKind::SerdeValueAlias]);
    }

    #[test]
    fn an_alias_with_its_name_is_ambiguous() {
        let validator = Validator::new(&closed(json!({ "colour": "color" }))).unwrap();
        let err = validator
            .validate(&json!({ "colour": "red", "color": "red" }))
            .unwrap_err();
        assert_eq!(
            err.lines(),
            [
                "Invalid arguments: ambiguous property \"colour\": \"color\" is also present; send only \"color\""
            ]
        );
    }

    #[test]
    fn an_alias_must_stand_for_something_here() {
        let err = Validator::new(&closed(json!({ "colour": "shade" }))).unwrap_err();
        assert!(
            err.to_string().contains(
                "alias \"colour\" stands for \"shade\", which is neither a property nor an enum value here"
            ),
            "{err}"
        );
        assert!(Validator::new(&closed(json!(["colour"]))).is_err());
    }
}
