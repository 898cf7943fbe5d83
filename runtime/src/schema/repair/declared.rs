//! The repair of declared aliases (`#[serde(alias)]`), kept apart from the
//! case repair: it runs under every policy, because serde accepts these
//! names whatever the policy says, and the two paths must agree.

use serde_json::{Map, Value};

use super::super::alias::Declared;
use super::{Mend, rename};
use crate::echo::quoted;
use crate::repair::RepairKind;

impl Mend<'_> {
    /// Renames alias keys to the property they stand for; an alias sent
    /// beside its property, or beside another alias of it, is refused as
    /// serde refuses a duplicate field.
    pub(super) fn declared_keys(&mut self, declared: &Declared, map: &mut Map<String, Value>) {
        let mut found: Vec<(String, String)> = map
            .keys()
            .filter_map(|key| declared.key(key).map(|name| (key.clone(), name.to_owned())))
            .collect();
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
                // The first spelling stands in for the property, so that it
                // is not also reported missing.
                self.ambiguous(problem, &spellings[1..], map);
                rename(map, &spellings[0], &target);
            } else {
                rename(map, &alias, &target);
                self.record(RepairKind::SerdeAlias, alias, target);
            }
        }
    }

    /// Replaces an alias of an enum value with the value it stands for.
    pub(super) fn declared_value(&mut self, declared: &Declared, value: &mut Value) {
        let Value::String(text) = value else { return };
        if let Some(name) = declared.value(text) {
            let name = name.to_owned();
            self.record(RepairKind::SerdeValueAlias, quoted(text), quoted(&name));
            *value = Value::String(name);
        }
    }
}
