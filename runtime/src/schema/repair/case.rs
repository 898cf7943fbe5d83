//! The repair of keys in another case convention (`dateTime` for
//! `date_time`): switched by the policy, read only where unknown keys are
//! refused, and only when one property folds to the key.

use serde_json::{Map, Value};

use super::mend::Mend;
use crate::repair::RepairKind;
use crate::schema::node::ObjectRules;

impl Mend<'_> {
    /// Renames keys spelled in another case convention to the property they
    /// name (`dateTime` to `date_time`, and `min_score` to `minScore` where
    /// the schema is camelCase), when exactly one property folds to that
    /// name and exactly one spelling of it is present.
    pub(super) fn case_variants(&mut self, object: &ObjectRules, map: &mut Map<String, Value>) {
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
}
