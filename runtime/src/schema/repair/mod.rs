//! The repair pass: runs before validation on a copy of the input, fixing
//! what a [`RepairPolicy`] allows and recording each fix. This file walks the
//! value and rereads strings (JSON text, coerced types); the renaming of
//! keys is in `case` (another case convention) and `declared` (the aliases
//! serde reads), the record of the pass in `mend`.

use serde_json::Value;

use super::node::{Node, Rules, Types};
use crate::echo::{describe, quoted};
use crate::error::IssueKind;
use crate::json_text::{JsonLimits, JsonTextErrorKind, parse_json_text};
use crate::pointer::escape_into;
use crate::repair::{RepairKind, RepairPolicy};

mod case;
mod declared;
mod mend;
mod union;

pub(crate) use mend::Mend;

/// The largest string parsed as JSON, in bytes.
pub(crate) const MAX_JSON_STRING_BYTES: usize = 1 << 20;

impl Mend<'_> {
    fn enter(&mut self, key: &str, node: &Node, value: &mut Value) {
        let len = self.at.len();
        self.at.push('/');
        escape_into(key, &mut self.at);
        self.value(node, value);
        self.at.truncate(len);
    }

    pub(crate) fn value(&mut self, node: &Node, value: &mut Value) {
        let Node::Rules(rules) = node else { return };
        if let Some(union) = rules.lone_union() {
            if let Value::String(text) = &*value
                && let Some(parsed) = self.union_text(rules, union, text)
            {
                *value = parsed;
            }
            if let Some((branch, _)) = union::branch(union, value, self.policy) {
                self.value(branch, value);
            }
            return;
        }
        // Where a union, a reference or a pattern could read the value
        // another way, no repair is safe.
        if !rules.repairable() {
            return;
        }
        if let Some(declared) = &rules.declared {
            self.declared_value(declared, value);
        }
        if let (Some(types), Value::String(text)) = (rules.types, &*value)
            && !types.contains(Types::STRING)
            && let Some(repaired) = self.reread(types, text)
        {
            *value = repaired;
        }
        self.children(rules, value);
    }

    /// A string where the schema wants another type: the value it spells,
    /// if the policy allows reading it so.
    fn reread(&mut self, types: Types, text: &str) -> Option<Value> {
        let wants_container = types.contains(Types::OBJECT) || types.contains(Types::ARRAY);
        if wants_container && let Some(parsed) = self.json_text(text, |parsed| types.admits(parsed))
        {
            return Some(parsed);
        }
        if self.policy.coerce_types {
            let trimmed = text.trim();
            let number = || {
                parse_json_text(trimmed, &JsonLimits::default())
                    .ok()
                    .filter(Value::is_number)
            };
            let boolean = || match trimmed {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            };
            if let Some(coerced) = number().or_else(boolean).filter(|v| types.admits(v)) {
                self.record(RepairKind::Coercion, quoted(text), describe(&coerced));
                return Some(coerced);
            }
        }
        None
    }

    /// The object or array JSON `text` holds, if the policy reads JSON
    /// text and `admitted` takes it; a key sent twice inside is refused.
    fn json_text(&mut self, text: &str, admitted: impl Fn(&Value) -> bool) -> Option<Value> {
        if !self.policy.json_strings
            || text.len() > MAX_JSON_STRING_BYTES
            || !text.trim_start().starts_with(['{', '['])
        {
            return None;
        }
        // The parser every JSON text goes through: a key sent twice inside
        // the string is refused as it is in the call itself.
        match parse_json_text(text, &JsonLimits::default()) {
            Ok(parsed) if admitted(&parsed) => {
                let to = if parsed.is_object() {
                    "object"
                } else {
                    "array"
                };
                self.record(RepairKind::JsonString, "string".to_owned(), to.to_owned());
                Some(parsed)
            }
            // JSON a plain parse reads (keeping the last of the keys): the
            // line says why it is not read.
            Err(err) if err.kind() == JsonTextErrorKind::DuplicateKey => {
                self.refuse(
                    IssueKind::NotJson,
                    format!("the string holds JSON with a {err}"),
                );
                None
            }
            _ => None,
        }
    }

    fn children(&mut self, rules: &Rules, value: &mut Value) {
        match value {
            Value::Object(map) => {
                let Some(object) = &rules.object else { return };
                if let Some(declared) = &rules.declared {
                    self.declared_keys(declared, map);
                }
                // Only where unknown keys are refused: elsewhere `dateTime`
                // is a key in its own right.
                if self.policy.case_variants && matches!(object.additional, Some(Node::Never)) {
                    self.case_variants(object, map);
                }
                for (key, child) in map.iter_mut() {
                    let node = match object.property(key) {
                        Some(i) => &object.properties[i].1,
                        None => match &object.additional {
                            Some(node) => node,
                            None => continue,
                        },
                    };
                    self.enter(key, node, child);
                }
            }
            Value::Array(items) => {
                let Some(node) = rules.array.as_ref().and_then(|array| array.items.as_ref()) else {
                    return;
                };
                for (i, item) in items.iter_mut().enumerate() {
                    self.enter(&i.to_string(), node, item);
                }
            }
            _ => {}
        }
    }
}

/// Whether the repair pass could change `value` under `policy`: somewhere
/// the schema looks, a string where it wants another type, or a key that is
/// not a property but names one in another case convention (in an object
/// closed to unknown keys, the only place case variants are read). It walks
/// where `Mend` walks and errs towards `true`; `false` means repairing
/// would leave the value as it is and report nothing, so the value can be
/// checked as sent, without the copy a repair pass works on.
pub(crate) fn may_repair(node: &Node, value: &Value, policy: &RepairPolicy) -> bool {
    let Node::Rules(rules) = node else {
        return false;
    };
    if let Some(union) = rules.lone_union() {
        return match value {
            Value::String(text) => policy.json_strings && text.trim_start().starts_with(['{', '[']),
            _ => union::branch(union, value, policy)
                .is_some_and(|(branch, renamed)| renamed || may_repair(branch, value, policy)),
        };
    }
    if !rules.repairable() {
        return false;
    }
    if let (Some(declared), Value::String(text)) = (&rules.declared, value)
        && declared.value(text).is_some()
    {
        return true;
    }
    if let (Some(types), Value::String(_)) = (rules.types, value)
        && !types.contains(Types::STRING)
        && (policy.json_strings || policy.coerce_types)
    {
        return true;
    }
    match value {
        Value::Object(map) => {
            let Some(object) = &rules.object else {
                return false;
            };
            map.iter().any(|(key, child)| match object.property(key) {
                Some(i) => may_repair(&object.properties[i].1, child, policy),
                None => {
                    rules
                        .declared
                        .as_ref()
                        .is_some_and(|declared| declared.key(key).is_some())
                        || (policy.case_variants
                            && matches!(object.additional, Some(Node::Never))
                            && object.case_variant(key).is_some())
                        || object
                            .additional
                            .as_ref()
                            .is_some_and(|node| may_repair(node, child, policy))
                }
            })
        }
        Value::Array(items) => match rules.array.as_ref().and_then(|array| array.items.as_ref()) {
            Some(node) => items.iter().any(|item| may_repair(node, item, policy)),
            None => false,
        },
        _ => false,
    }
}
