//! The repair of declared aliases (`#[serde(alias)]`), kept apart from the
//! case repair: it runs under every policy, because serde accepts these
//! names whatever the policy says, and the two paths must agree.

use serde_json::{Map, Value};

use super::mend::Mend;
use crate::echo::quoted;
use crate::repair::RepairKind;
use crate::schema::node::Declared;

impl Mend<'_> {
    /// Renames alias keys to the property they stand for; an alias sent
    /// beside its property, or beside another alias of it, is refused as
    /// serde refuses a duplicate field.
    pub(super) fn declared_keys(&mut self, declared: &Declared, map: &mut Map<String, Value>) {
        let found: Vec<(String, String)> = map
            .keys()
            .filter_map(|key| declared.key(key).map(|name| (key.clone(), name.to_owned())))
            .collect();
        self.settle(found, map, RepairKind::SerdeAlias, true);
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
