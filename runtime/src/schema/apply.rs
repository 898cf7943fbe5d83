//! Checking the keywords beyond the subset (see [`Extra`]): references,
//! unions, conditions, and the keywords that need to know which keys and
//! items the other subschemas evaluated (`unevaluatedProperties`,
//! `unevaluatedItems`), collected once per value as [`Seen`].
//!
//! An alternative of a union is checked once, into problems of its own;
//! a union that no alternative meets reports the alternative the value
//! came closest to (the one its discriminator names, when it has one).

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::node::{Contains, Extra, Union};
use super::node::{Node, Rules, Types};
use super::validate::{MAX_VALUE_DEPTH, Unknown, Walk, item_noun};
use crate::echo::{constant, describe, quoted};
use crate::error::{Issue, IssueKind, Problems};
use crate::pointer::{Step, to_pointer};

/// References followed inside one another at most this many times.
const MAX_REFERENCES: usize = 512;

/// The keys and items of one value that subschemas evaluated.
#[derive(Debug, Default)]
pub(super) struct Seen<'a> {
    keys: HashSet<&'a str>,
    all_keys: bool,
    /// Items `0..items` were evaluated.
    items: usize,
    all_items: bool,
    /// Items `contains` matched.
    indices: HashSet<usize>,
}

impl<'a> Seen<'a> {
    fn merge(&mut self, other: Seen<'a>) {
        self.keys.extend(other.keys);
        self.all_keys |= other.all_keys;
        self.items = self.items.max(other.items);
        self.all_items |= other.all_items;
        self.indices.extend(other.indices);
    }

    fn key(&self, key: &str) -> bool {
        self.all_keys || self.keys.contains(key)
    }

    fn item(&self, i: usize) -> bool {
        self.all_items || i < self.items || self.indices.contains(&i)
    }

    /// What the subset's keywords of `rules` evaluate in `value`.
    fn own(&mut self, rules: &Rules, value: &'a Value) {
        match value {
            Value::Object(map) => {
                if let Some(object) = &rules.object {
                    if object.additional.is_some() {
                        self.all_keys = true;
                    } else {
                        self.keys.extend(
                            map.keys()
                                .filter(|key| object.evaluates(key))
                                .map(String::as_str),
                        );
                    }
                }
            }
            Value::Array(items) => {
                if let Some(array) = &rules.array {
                    if array.items.is_some() {
                        self.all_items = true;
                    } else {
                        self.items = self.items.max(array.prefix.len().min(items.len()));
                    }
                }
            }
            _ => {}
        }
    }
}

impl<'a> Walk<'a> {
    /// Checks a subschema that has keywords beyond the subset; what it
    /// evaluates goes into `seen` when asked.
    pub(super) fn full(
        &mut self,
        rules: &'a Rules,
        extra: &'a Extra,
        value: &'a Value,
        seen: Option<&mut Seen<'a>>,
    ) {
        let entered = match extra.resource {
            Some(resource) if !self.graph.dynamic.is_empty() => {
                self.scope.push(resource);
                true
            }
            _ => false,
        };
        let collect = seen.is_some() || extra.needs_seen();
        let mut mine = Seen::default();
        if self.subset(rules, value) {
            if collect {
                mine.own(rules, value);
            }
            self.extras(rules, extra, value, collect.then_some(&mut mine));
        }
        if entered {
            self.scope.pop();
        }
        if let Some(seen) = seen {
            seen.merge(mine);
        }
    }

    /// Applies `node` to `value` where it is (a branch, a reference).
    fn here(&mut self, node: &'a Node, value: &'a Value, seen: Option<&mut Seen<'a>>) {
        match node {
            Node::Any => {}
            Node::Never => self.report(IssueKind::NotAllowed, || {
                "no value is allowed here".to_owned()
            }),
            Node::Rules(rules) => match &rules.extra {
                None => {
                    if self.subset(rules, value)
                        && let Some(seen) = seen
                    {
                        seen.own(rules, value);
                    }
                }
                Some(extra) => self.full(rules, extra, value, seen),
            },
        }
    }

    /// Applies `node` where `value` is, into problems of its own.
    fn probe(&mut self, node: &'a Node, value: &'a Value, seen: Option<&mut Seen<'a>>) -> Problems {
        let saved = std::mem::take(&mut self.problems);
        self.here(node, value, seen);
        std::mem::replace(&mut self.problems, saved)
    }

    /// Follows a reference to the target `target`.
    fn follow(&mut self, target: usize, value: &'a Value, seen: Option<&mut Seen<'a>>) {
        if self.path.len() > MAX_VALUE_DEPTH || self.refs >= MAX_REFERENCES {
            self.report(IssueKind::TooDeep, || {
                format!("nests deeper than {MAX_VALUE_DEPTH} levels")
            });
            return;
        }
        let graph = self.graph;
        let entered = !graph.dynamic.is_empty();
        if entered {
            self.scope.push(graph.scopes[target]);
        }
        self.refs += 1;
        self.here(&graph.nodes[target], value, seen);
        self.refs -= 1;
        if entered {
            self.scope.pop();
        }
    }

    fn extras(
        &mut self,
        rules: &'a Rules,
        extra: &'a Extra,
        value: &'a Value,
        mut seen: Option<&mut Seen<'a>>,
    ) {
        if let Some(target) = extra.reference {
            self.follow(target, value, seen.as_deref_mut());
        }
        if let Some(dynamic) = &extra.dynamic {
            let target = dynamic
                .anchor
                .as_ref()
                .and_then(|anchor| self.graph.dynamic_target(&self.scope, anchor))
                .unwrap_or(dynamic.target);
            self.follow(target, value, seen.as_deref_mut());
        }
        for node in &extra.all_of {
            self.here(node, value, seen.as_deref_mut());
        }
        if let Some(union) = &extra.any_of {
            self.union(union, false, value, seen.as_deref_mut());
        }
        if let Some(union) = &extra.one_of {
            self.union(union, true, value, seen.as_deref_mut());
        }
        if let Some(not) = &extra.not
            && self.probe(not, value, None).is_empty()
        {
            self.report(IssueKind::Not, || not_problem(not, value));
        }
        if let Some(condition) = &extra.condition {
            let mut test_seen = seen.is_some().then(Seen::default);
            if self
                .probe(&condition.test, value, test_seen.as_mut())
                .is_empty()
            {
                if let (Some(seen), Some(test_seen)) = (seen.as_deref_mut(), test_seen) {
                    seen.merge(test_seen);
                }
                if let Some(then) = &condition.then {
                    self.here(then, value, seen.as_deref_mut());
                }
            } else if let Some(otherwise) = &condition.otherwise {
                self.here(otherwise, value, seen.as_deref_mut());
            }
        }
        match value {
            Value::Object(map) => self.object_extras(rules, extra, map, value, seen),
            Value::Array(items) => self.array_extras(extra, items, seen),
            Value::String(text) => {
                if let Some(format) = extra.format
                    && !format.accepts(text)
                {
                    self.report(IssueKind::Format, || {
                        format!("{}, got {}", format.problem(), quoted(text))
                    });
                }
            }
            _ => {}
        }
    }

    fn object_extras(
        &mut self,
        rules: &'a Rules,
        extra: &'a Extra,
        map: &'a Map<String, Value>,
        value: &'a Value,
        mut seen: Option<&mut Seen<'a>>,
    ) {
        for (name, required) in &extra.dependent_required {
            if !map.contains_key(name) {
                continue;
            }
            let missing: Vec<String> = required
                .iter()
                .filter(|key| !map.contains_key(*key))
                .cloned()
                .collect();
            if !missing.is_empty() {
                let names: Vec<String> = missing.iter().map(|key| quoted(key)).collect();
                let problem = format!("{} requires {}", quoted(name), names.join(", "));
                self.report_missing_as(missing, problem);
            }
        }
        for (name, node) in &extra.dependent_schemas {
            if map.contains_key(name) {
                self.here(node, value, seen.as_deref_mut());
            }
        }
        if let Some(node) = &extra.property_names {
            for key in map.keys() {
                self.property_name(node, key);
            }
        }
        let count = map.len() as u64;
        self.count_within(
            IssueKind::PropertyCount,
            count,
            (extra.min_properties, extra.max_properties),
            |side, n| format!("must have {side} {n} {}, got {count}", property_noun(n)),
        );
        if let Some(node) = &extra.unevaluated_properties
            && let Some(seen) = seen
        {
            let mut unknown = Unknown::default();
            for (key, child) in map {
                if seen.key(key) {
                    continue;
                }
                match node {
                    Node::Never => unknown.push(key),
                    node => self.at(Step::Key(key), node, child),
                }
            }
            if unknown.count > 0 {
                let mut names = Vec::new();
                let mut visited = HashSet::new();
                self.known_keys(rules, &mut names, &mut visited);
                let takes = takes(&names);
                let suggest = self.suggest;
                self.report(IssueKind::UnknownProperty, || {
                    unknown.problem_among(&names, &takes, suggest)
                });
            }
            seen.all_keys = true;
        }
    }

    /// Checks one key against `propertyNames`: its problems, said of the
    /// name, at the object.
    fn property_name(&mut self, node: &'a Node, key: &str) {
        let name = Value::String(key.to_owned());
        let mut walk = Walk::new(self.suggest, self.graph, 0);
        walk.scope = self.scope.clone();
        walk.here(node, &name, None);
        let problems = walk.problems;
        if problems.is_empty() {
            return;
        }
        let subject = format!("property name {}", quoted(key));
        let path = &self.path;
        let issues = problems.into_issues();
        for issue in issues {
            let problem = if matches!(node, Node::Never) {
                format!("{subject} is not allowed")
            } else if issue.problem.starts_with("must ") {
                format!("{subject} {}", issue.problem)
            } else {
                format!("{subject}: {}", issue.problem)
            };
            self.problems.push(IssueKind::PropertyName, || {
                Issue::new(to_pointer(path), IssueKind::PropertyName, problem)
            });
        }
    }

    /// The property names `rules` and the subschemas it applies in place
    /// declare: the keys an object under `unevaluatedProperties` takes.
    fn known_keys(&self, rules: &'a Rules, names: &mut Vec<&'a str>, visited: &mut HashSet<usize>) {
        if let Some(object) = &rules.object {
            for (name, _) in &object.properties {
                if !names.contains(&name.as_str()) {
                    names.push(name);
                }
            }
        }
        let Some(extra) = &rules.extra else { return };
        let mut nodes: Vec<&'a Node> = Vec::new();
        let targets = extra
            .reference
            .into_iter()
            .chain(extra.dynamic.as_ref().map(|dynamic| dynamic.target));
        for target in targets {
            if visited.insert(target) {
                nodes.push(&self.graph.nodes[target]);
            }
        }
        nodes.extend(&extra.all_of);
        for union in [&extra.any_of, &extra.one_of].into_iter().flatten() {
            nodes.extend(&union.branches);
        }
        if let Some(condition) = &extra.condition {
            nodes.extend(
                std::iter::once(&condition.test)
                    .chain(&condition.then)
                    .chain(&condition.otherwise),
            );
        }
        nodes.extend(extra.dependent_schemas.iter().map(|(_, node)| node));
        for node in nodes {
            if let Node::Rules(inner) = node {
                self.known_keys(inner, names, visited);
            }
        }
    }

    fn array_extras(&mut self, extra: &'a Extra, items: &'a [Value], seen: Option<&mut Seen<'a>>) {
        let mut matched = Vec::new();
        if let Some(contains) = &extra.contains {
            self.contains(contains, items, &mut matched);
        }
        let Some(seen) = seen else { return };
        seen.indices.extend(matched);
        if let Some(node) = &extra.unevaluated_items {
            for (i, item) in items.iter().enumerate() {
                if !seen.item(i) {
                    self.at(Step::Index(i), node, item);
                }
            }
            seen.all_items = true;
        }
    }

    fn contains(&mut self, contains: &'a Contains, items: &'a [Value], matched: &mut Vec<usize>) {
        for (i, item) in items.iter().enumerate() {
            self.path.push(Step::Index(i));
            let problems = self.probe(&contains.node, item, None);
            self.path.pop();
            if problems.is_empty() {
                matched.push(i);
            }
        }
        let count = matched.len() as u64;
        self.count_within(
            IssueKind::Contains,
            count,
            (Some(contains.min), contains.max),
            |side, n| {
                format!(
                    "must contain {side} {n} {} matching \"contains\", got {count}",
                    item_noun(n)
                )
            },
        );
    }

    /// `anyOf` (`one` false) or `oneOf`.
    fn union(
        &mut self,
        union: &'a Union,
        one: bool,
        value: &'a Value,
        seen: Option<&mut Seen<'a>>,
    ) {
        let total = union.branches.len();
        // A discriminator in an object picks the only alternative that can
        // match: every other one fixes the tag to another value.
        if let (Some(tag), Value::Object(map)) = (&union.tag, value) {
            let Some(sent) = map.get(&tag.property) else {
                let listed: Vec<String> = tag.values.iter().map(constant).collect();
                let problem = format!(
                    "missing required property {} (one of {})",
                    quoted(&tag.property),
                    listed.join(", ")
                );
                self.report_missing_as(vec![tag.property.clone()], problem);
                return;
            };
            let Some(branch) = tag.branch(sent) else {
                let listed: Vec<String> = tag.values.iter().map(constant).collect();
                let allowed: Vec<Value> = tag.values.clone();
                let suggest = self.suggest;
                self.path.push(Step::Key(&tag.property));
                self.report(IssueKind::Enum, || {
                    let near = match sent {
                        Value::String(sent) if suggest => {
                            let names: Vec<&str> =
                                allowed.iter().filter_map(Value::as_str).collect();
                            crate::suggest::similar_value(sent, &names).map(str::to_owned)
                        }
                        _ => None,
                    };
                    let mut out =
                        format!("must be one of {}, got {}", listed.join(", "), got(sent));
                    if let Some(near) = near {
                        out.push_str(&format!(" (did you mean {}?)", quoted(&near)));
                    }
                    out
                });
                self.path.pop();
                return;
            };
            let mut branch_seen = seen.is_some().then(Seen::default);
            let problems = self.probe(&union.branches[branch], value, branch_seen.as_mut());
            if problems.is_empty() {
                if let (Some(seen), Some(branch_seen)) = (seen, branch_seen) {
                    seen.merge(branch_seen);
                }
                return;
            }
            let words = format!(
                " ({} {})",
                crate::echo::shown(&tag.property, 40),
                quoted(sent.as_str().unwrap_or_default())
            );
            self.problems
                .absorb(problems, |issue| issue.problem.push_str(&words));
            return;
        }
        let collect = seen.is_some();
        let mut matches = Vec::new();
        let mut failures = Vec::new();
        for (i, branch) in union.branches.iter().enumerate() {
            let mut branch_seen = collect.then(Seen::default);
            let problems = self.probe(branch, value, branch_seen.as_mut());
            if !problems.is_empty() {
                failures.push(problems);
                continue;
            }
            matches.push((i, branch_seen));
            let enough = if one { matches.len() == 2 } else { !collect };
            if enough {
                break;
            }
        }
        if matches.is_empty() {
            self.no_match(union, one, value, failures);
            return;
        }
        if one && matches.len() > 1 {
            let (first, second) = (matches[0].0 + 1, matches[1].0 + 1);
            self.report(IssueKind::ManyMatches, || {
                format!(
                    "must match exactly one of {total} alternatives, but matches alternatives {first} and {second}"
                )
            });
            return;
        }
        if let Some(seen) = seen {
            for (_, branch_seen) in matches {
                if let Some(branch_seen) = branch_seen {
                    seen.merge(branch_seen);
                }
            }
        }
    }

    /// No alternative matched: one line of types when every alternative
    /// wants another type, else the problems of the closest alternative.
    fn no_match(&mut self, union: &'a Union, one: bool, value: &'a Value, failures: Vec<Problems>) {
        let total = union.branches.len();
        let here = to_pointer(&self.path);
        let type_only = |problems: &Problems| {
            problems.count() == 1
                && problems
                    .issues()
                    .first()
                    .is_some_and(|issue| issue.kind == IssueKind::Type && issue.at == here)
        };
        if failures.iter().all(type_only) {
            let mut types = Types::empty();
            let mut known = true;
            for branch in &union.branches {
                match branch {
                    Node::Rules(rules) if rules.types.is_some() => {
                        types.insert(rules.types.unwrap_or(Types::empty()))
                    }
                    _ => known = false,
                }
            }
            if known {
                self.report(IssueKind::Type, || {
                    format!("must be {}, got {}", types.describe(), describe(value))
                });
                return;
            }
        }
        // Farthest: another type at the union's own place; then keys the
        // alternative does not take; then how many problems.
        let score = |problems: &Problems| {
            let issues = problems.issues();
            let far = issues
                .iter()
                .any(|issue| issue.kind == IssueKind::Type && issue.at == here);
            let unknown = issues
                .iter()
                .filter(|issue| issue.kind == IssueKind::UnknownProperty)
                .count();
            (far, unknown, problems.count())
        };
        let Some((closest, _)) = failures
            .iter()
            .enumerate()
            .min_by_key(|(_, problems)| score(problems))
        else {
            return;
        };
        let words = if one {
            format!(
                " (closest of {total} alternatives, of which exactly one must match: alternative {})",
                closest + 1
            )
        } else {
            format!(
                " (closest of {total} alternatives: alternative {})",
                closest + 1
            )
        };
        let problems = failures.into_iter().nth(closest).unwrap_or_default();
        self.problems
            .absorb(problems, |issue| issue.problem.push_str(&words));
    }
}

/// `must not be a string, got string "x"`: what `not` refuses.
fn not_problem(not: &Node, value: &Value) -> String {
    if let Node::Rules(rules) = not
        && let Some(types) = rules.types
        && rules.enumeration.is_none()
        && rules.constant.is_none()
        && rules.string.is_none()
        && rules.number.is_none()
        && rules.object.is_none()
        && rules.array.is_none()
        && rules.extra.is_none()
    {
        return format!("must not be {}, got {}", types.describe(), describe(value));
    }
    if matches!(not, Node::Any) {
        return "no value is allowed here".to_owned();
    }
    format!("must not match the \"not\" schema, got {}", describe(value))
}

/// What was sent, as the enum lines say it: a string quoted, anything
/// else by its type and value.
fn got(sent: &Value) -> String {
    match sent {
        Value::String(s) => quoted(s),
        other => describe(other),
    }
}

fn takes(names: &[&str]) -> String {
    if names.is_empty() {
        return "takes no properties".to_owned();
    }
    let shown: Vec<String> = names
        .iter()
        .map(|name| crate::echo::shown(name, 64))
        .collect();
    format!("takes {}", shown.join(", "))
}

fn property_noun(n: u64) -> &'static str {
    if n == 1 { "property" } else { "properties" }
}
