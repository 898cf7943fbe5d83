//! Repairs inside a union (a tagged enum's `oneOf`, an `Option`'s, a
//! foreign schema's `anyOf`): JSON text sent where no alternative takes a
//! string is read as the object or array it holds, and a repair looks into
//! the one alternative the value can be: the one its tag names (`kind`, or
//! `Kind` where case variants are read), or, for an externally tagged enum
//! (each alternative an object of one required key), the one its single
//! key names.
//!
//! Each choice is safe for the same reason: every other alternative
//! refuses the value whatever the repair does, and an alternative chosen
//! through a case variant refused it as sent.

use serde_json::Value;

use super::mend::Mend;
use crate::repair::RepairPolicy;
use crate::schema::node::{Node, Rules, Types, Union, same_letters};
use crate::suggest::fold_case;

impl Mend<'_> {
    /// The value JSON text sent for `union` holds, when no alternative
    /// (and nothing beside them) takes this string and one takes the value.
    pub(super) fn union_text(&mut self, rules: &Rules, union: &Union, text: &str) -> Option<Value> {
        if rules
            .types
            .is_some_and(|types| types.contains(Types::STRING))
            || !union
                .branches
                .iter()
                .all(|branch| refuses_text(branch, text))
        {
            return None;
        }
        let admitted = |parsed: &Value| {
            rules.types.is_none_or(|types| types.admits(parsed))
                && union.branches.iter().any(|branch| match branch {
                    Node::Rules(rules) => rules.types.is_some_and(|types| types.admits(parsed)),
                    _ => false,
                })
        };
        self.json_text(text, admitted)
    }
}

/// The alternative of `union` a repair may look into for `value`, and
/// whether it was found through a key in another case convention (so the
/// repair pass renames it).
pub(super) fn branch<'u>(
    union: &'u Union,
    value: &Value,
    policy: &RepairPolicy,
) -> Option<(&'u Node, bool)> {
    let map = value.as_object()?;
    if let Some(tag) = &union.tag {
        if let Some(sent) = map.get(&tag.property) {
            return Some((union.branches.get(tag.branch(sent)?)?, false));
        }
        if !policy.case_variants {
            return None;
        }
        let mut variants = map.iter().filter(|(key, _)| folds_to(key, &tag.property));
        let (_, sent) = variants.next()?;
        if variants.next().is_some() {
            return None;
        }
        return Some((union.branches.get(tag.branch(sent)?)?, true));
    }
    // Externally tagged: one key, naming its alternative.
    let (key, _) = map.iter().next().filter(|_| map.len() == 1)?;
    let keys = variant_keys(union)?;
    if let Some((_, i)) = keys.iter().find(|(name, _)| name == key) {
        return Some((&union.branches[*i], false));
    }
    if !policy.case_variants {
        return None;
    }
    let mut variants = keys.iter().filter(|(name, _)| folds_to(key, name));
    let (_, i) = variants.next()?;
    if variants.next().is_some() {
        return None;
    }
    Some((&union.branches[*i], true))
}

/// Each alternative that takes an object, as the one key it requires and
/// is closed to any other (an externally tagged variant), with its index;
/// `None` unless every such alternative has that shape, with keys of its
/// own.
fn variant_keys(union: &Union) -> Option<Vec<(&str, usize)>> {
    let mut keys: Vec<(&str, usize)> = Vec::with_capacity(union.branches.len());
    for (i, branch) in union.branches.iter().enumerate() {
        let rules = match branch {
            Node::Never => continue,
            Node::Any => return None,
            Node::Rules(rules) => rules,
        };
        if rules
            .types
            .is_some_and(|types| !types.contains(Types::OBJECT))
        {
            continue;
        }
        let object = rules.object.as_ref()?;
        let [(name, _)] = object.properties.as_slice() else {
            return None;
        };
        let closed = matches!(object.additional, Some(Node::Never)) && object.patterns.is_empty();
        if !closed || object.required.as_slice() != [name.clone()] || rules.extra.is_some() {
            return None;
        }
        if keys.iter().any(|(other, _)| other == name) {
            return None;
        }
        keys.push((name, i));
    }
    (!keys.is_empty()).then_some(keys)
}

/// Whether `key` is `name` in another case convention.
fn folds_to(key: &str, name: &str) -> bool {
    key != name && (!key.is_ascii() || same_letters(key, name)) && fold_case(key) == fold_case(name)
}

/// Whether `node` refuses the string `text` whatever else it holds: it
/// takes no string, or only strings of an `enum` or `const` other than
/// this one.
fn refuses_text(node: &Node, text: &str) -> bool {
    let rules = match node {
        Node::Never => return true,
        Node::Any => return false,
        Node::Rules(rules) => rules,
    };
    let sent = || Value::String(text.to_owned());
    if rules
        .types
        .is_some_and(|types| !types.contains(Types::STRING))
    {
        return true;
    }
    if rules.constant.as_ref().is_some_and(|c| *c != sent()) {
        return true;
    }
    if rules
        .enumeration
        .as_ref()
        .is_some_and(|values| !values.contains(&sent()))
    {
        return true;
    }
    match rules.lone_union() {
        Some(union) if rules.types.is_none() => union
            .branches
            .iter()
            .all(|branch| refuses_text(branch, text)),
        _ => false,
    }
}
