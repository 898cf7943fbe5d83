//! The repair pass: runs before validation on a copy of the input, fixing
//! what [`Repairs`] allows and recording each fix.

use serde_json::{Map, Value};

use super::node::{Node, ObjectRules, Rules, Types};
use crate::echo::{describe, quoted};
use crate::error::{Issue, IssueKind, Problems};
use crate::pointer::escape_into;
use crate::repair::{Repair, RepairKind, Repairs};

mod declared;

/// The largest string parsed as JSON, in bytes.
pub(crate) const MAX_JSON_STRING_BYTES: usize = 1 << 20;

/// One repair pass over a value.
pub(crate) struct Mend<'p> {
    policy: &'p Repairs,
    /// Pointer to the value being repaired.
    at: String,
    pub repairs: Vec<Repair>,
    pub problems: Problems,
}

impl<'p> Mend<'p> {
    pub(crate) fn new(policy: &'p Repairs) -> Self {
        Mend {
            policy,
            at: String::new(),
            repairs: Vec::new(),
            problems: Problems::default(),
        }
    }

    fn enter(&mut self, key: &str, node: &Node, value: &mut Value) {
        let len = self.at.len();
        self.at.push('/');
        escape_into(key, &mut self.at);
        self.value(node, value);
        self.at.truncate(len);
    }

    pub(crate) fn value(&mut self, node: &Node, value: &mut Value) {
        let Node::Rules(rules) = node else { return };
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
        if self.policy.json_strings && wants_container && text.len() <= MAX_JSON_STRING_BYTES {
            let trimmed = text.trim_start();
            if trimmed.starts_with(['{', '['])
                && let Ok(parsed) = serde_json::from_str::<Value>(trimmed)
                && types.admits(&parsed)
            {
                let to = if parsed.is_object() {
                    "object"
                } else {
                    "array"
                };
                self.record(RepairKind::JsonString, "string".to_owned(), to.to_owned());
                return Some(parsed);
            }
        }
        if self.policy.coerce_types {
            let trimmed = text.trim();
            let number = || {
                serde_json::from_str::<serde_json::Number>(trimmed)
                    .ok()
                    .map(Value::Number)
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

    fn record(&mut self, kind: RepairKind, from: String, to: String) {
        self.repairs.push(Repair {
            at: self.at.clone(),
            kind,
            from,
            to,
        });
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
                if self.policy.aliases && matches!(object.additional, Some(Node::Never)) {
                    self.aliases(object, map);
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

    /// Renames keys spelled in another case convention to the property they
    /// name (`dateTime` to `date_time`, and `min_score` to `minScore` where
    /// the schema is camelCase), when exactly one property folds to that
    /// name and exactly one spelling of it is present.
    fn aliases(&mut self, object: &ObjectRules, map: &mut Map<String, Value>) {
        let found: Vec<(String, String)> = map
            .keys()
            .filter(|key| object.property(key).is_none())
            .filter_map(|key| {
                let i = object.case_variant(key)?;
                Some((key.clone(), object.properties[i].0.clone()))
            })
            .collect();
        self.settle(found, map, RepairKind::Alias, false);
    }

    /// Renames each `(spelling, property)` found in `map` to its property,
    /// recording a `kind` repair; a spelling sent beside its property is
    /// refused, and so are several spellings of one property (serde keeps
    /// the first of those when `keep_first`, so the validator does too).
    pub(super) fn settle(
        &mut self,
        mut found: Vec<(String, String)>,
        map: &mut Map<String, Value>,
        kind: RepairKind,
        keep_first: bool,
    ) {
        while let Some((alias, target)) = found.first().cloned() {
            let spellings: Vec<String> = found
                .iter()
                .filter(|(_, t)| *t == target)
                .map(|(a, _)| a.clone())
                .collect();
            found.retain(|(_, t)| *t != target);
            if map.contains_key(&target) {
                let problem = format!(
                    "ambiguous property {}: {} is also present; send only {}",
                    quoted(&alias),
                    quoted(&target),
                    quoted(&target)
                );
                self.ambiguous(problem, &spellings, map);
            } else if spellings.len() > 1 {
                let names: Vec<String> = spellings.iter().map(|s| quoted(s)).collect();
                let problem = format!(
                    "ambiguous properties {}: each means {}; send it once",
                    names.join(", "),
                    quoted(&target)
                );
                if keep_first {
                    // The first spelling stands in for the property, so that
                    // it is not also reported missing.
                    self.ambiguous(problem, &spellings[1..], map);
                    rename(map, &spellings[0], &target);
                } else {
                    self.ambiguous(problem, &spellings, map);
                }
            } else {
                rename(map, &alias, &target);
                self.record(kind, alias, target);
            }
        }
    }

    /// Reports spellings that cannot be repaired without a guess, and drops
    /// them so they are not reported again as unknown.
    fn ambiguous(&mut self, problem: String, spellings: &[String], map: &mut Map<String, Value>) {
        for spelling in spellings {
            map.remove(spelling);
        }
        let at = &self.at;
        self.problems
            .push_with(|| Issue::new(at.clone(), IssueKind::Ambiguous, problem));
    }
}

/// Renames the key `from` to `to` where it stands, keeping the key order.
fn rename(map: &mut Map<String, Value>, from: &str, to: &str) {
    let entries = std::mem::take(map);
    for (key, value) in entries {
        if key == from {
            map.insert(to.to_owned(), value);
        } else {
            map.insert(key, value);
        }
    }
}

/// Whether the repair pass could change `value` under `policy`: somewhere
/// the schema looks, a string where it wants another type, or a key that is
/// not a property but names one in another case convention (in an object closed to
/// unknown keys, the only place aliases are read). It walks where
/// `repair::Mend` walks and errs towards `true`; `false` means repairing
/// would leave the value as it is and report nothing, so the value can be
/// checked as sent, without the copy a repair pass works on.
pub(crate) fn may_repair(node: &Node, value: &Value, policy: &Repairs) -> bool {
    let Node::Rules(rules) = node else {
        return false;
    };
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
                        || (policy.aliases
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

impl super::Validator {
    /// [`may_repair`] from the root.
    pub(crate) fn may_repair(&self, value: &Value, policy: &Repairs) -> bool {
        (policy.changes_input() || self.declared) && may_repair(&self.root, value, policy)
    }
}
