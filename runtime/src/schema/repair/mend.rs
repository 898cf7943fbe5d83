//! One repair pass over a value: where it is, what it repaired and what it
//! could not, and the renaming of keys every pass that renames one shares.

use serde_json::{Map, Value};

use crate::echo::quoted;
use crate::error::{Issue, IssueKind, Problems};
use crate::repair::{Repair, RepairKind, RepairPolicy};

/// One repair pass over a value.
pub(crate) struct Mend<'p> {
    pub(super) policy: &'p RepairPolicy,
    /// Pointer to the value being repaired.
    pub(super) at: String,
    pub(crate) repairs: Vec<Repair>,
    pub(crate) problems: Problems,
}

impl<'p> Mend<'p> {
    pub(crate) fn new(policy: &'p RepairPolicy) -> Self {
        Mend {
            policy,
            at: String::new(),
            repairs: Vec::new(),
            problems: Problems::default(),
        }
    }

    pub(super) fn record(&mut self, kind: RepairKind, from: String, to: String) {
        self.repairs.push(Repair {
            at: self.at.clone(),
            kind,
            from,
            to,
        });
    }

    /// Reports a problem found while repairing, at the value being repaired.
    pub(super) fn refuse(&mut self, kind: IssueKind, problem: String) {
        let at = &self.at;
        self.problems
            .push(kind, || Issue::new(at.clone(), kind, problem));
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
