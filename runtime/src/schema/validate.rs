//! Checking a value against a compiled [`Node`] tree, collecting every
//! problem as an [`Issue`] with its pointer.

use std::fmt::Write;

use serde_json::{Map, Number, Value};

use super::equal;
use super::graph::Graph;
use super::node::{ArrayRules, Node, NumberRules, ObjectRules, Rules, StringRules, same_letters};
use super::number;
use crate::echo::{constant, describe, quoted};
use crate::error::{Issue, IssueKind, Problems, ToolInputError};
use crate::pointer::{Step, to_pointer};
use crate::suggest;

/// Values nest at most this deep where the schema leaves them unconstrained.
pub(crate) const MAX_VALUE_DEPTH: usize = 128;

/// Objects with at most this many properties track matches on the stack.
const INLINE_PROPERTIES: usize = 16;

/// One validation pass: where it is, and what it found so far.
pub(crate) struct Walk<'a> {
    /// Whether lines say "did you mean" for near misses.
    pub(super) suggest: bool,
    pub(super) path: Vec<Step<'a>>,
    pub(super) problems: Problems,
    /// The targets of references.
    pub(super) graph: &'a Graph,
    /// The dynamic scope: the resources entered, outermost first.
    pub(super) scope: Vec<u32>,
    /// References followed and not yet returned from.
    pub(super) refs: usize,
}

impl<'a> Walk<'a> {
    pub(crate) fn new(suggest: bool, graph: &'a Graph, root_scope: u32) -> Self {
        Walk {
            suggest,
            path: Vec::with_capacity(16),
            problems: Problems::default(),
            graph,
            scope: if graph.dynamic.is_empty() {
                Vec::new()
            } else {
                vec![root_scope]
            },
            refs: 0,
        }
    }

    /// A walk that goes on from the `problems` a repair pass found.
    pub(crate) fn after(
        suggest: bool,
        problems: Problems,
        graph: &'a Graph,
        root_scope: u32,
    ) -> Self {
        Walk {
            problems,
            ..Walk::new(suggest, graph, root_scope)
        }
    }

    /// Every problem found, or `Ok` when there was none.
    pub(crate) fn finish(self) -> Result<(), ToolInputError> {
        self.problems.into_result()
    }

    /// Records a problem at the current location. Past the cap only a count
    /// is kept, so neither the pointer nor the words are built.
    pub(super) fn report(&mut self, kind: IssueKind, problem: impl FnOnce() -> String) {
        let path = &self.path;
        self.problems
            .push(kind, || Issue::new(to_pointer(path), kind, problem()));
    }

    pub(super) fn at(&mut self, step: Step<'a>, node: &'a Node, value: &'a Value) {
        self.path.push(step);
        self.value(node, value);
        self.path.pop();
    }

    pub(crate) fn value(&mut self, node: &'a Node, value: &'a Value) {
        match node {
            Node::Any => self.unconstrained(value),
            Node::Never => self.report(IssueKind::NotAllowed, || {
                "no value is allowed here".to_owned()
            }),
            Node::Rules(rules) => self.rules(rules, value),
        }
    }

    /// A value the schema does not look into: only its depth is bounded.
    pub(super) fn unconstrained(&mut self, value: &'a Value) {
        let budget = MAX_VALUE_DEPTH.saturating_sub(self.path.len());
        if nests_deeper_than(value, budget) {
            self.report(IssueKind::TooDeep, || {
                format!("nests deeper than {MAX_VALUE_DEPTH} levels")
            });
        }
    }

    fn rules(&mut self, rules: &'a Rules, value: &'a Value) {
        match &rules.extra {
            None => {
                self.subset(rules, value);
            }
            Some(extra) => self.full(rules, extra, value, None),
        }
    }

    /// The keywords of the subset; `false` when the value failed `type`,
    /// `enum` or `const`, after which nothing else is said about it.
    pub(super) fn subset(&mut self, rules: &'a Rules, value: &'a Value) -> bool {
        if let Some(types) = rules.types
            && !types.admits(value)
        {
            self.report(IssueKind::Type, || {
                format!("must be {}, got {}", types.describe(), describe(value))
            });
            return false;
        }
        if let Some(values) = &rules.enumeration
            && !values.contains(value)
        {
            let suggest = self.suggest;
            self.report(IssueKind::Enum, || {
                let near = match value {
                    Value::String(sent) if suggest => similar_allowed(sent, values.values()),
                    _ => None,
                };
                with_got(&rules.enum_problem, value, near)
            });
            return false;
        }
        if let Some(expected) = &rules.constant
            && !equal::equal(expected, value)
        {
            self.report(IssueKind::Const, || {
                with_got(
                    &format!("must equal {}", constant_json(expected)),
                    value,
                    None,
                )
            });
            return false;
        }
        match value {
            Value::String(s) => {
                if let Some(string) = &rules.string {
                    self.string(string, s);
                }
            }
            Value::Number(n) => {
                if let Some(numeric) = &rules.number {
                    self.number(numeric, n);
                }
            }
            // Where keywords beyond the subset look in, they bound the depth.
            Value::Object(map) => match &rules.object {
                Some(object) => self.object(object, map),
                None if rules.extra.is_none() => self.unconstrained(value),
                None => {}
            },
            Value::Array(items) => match &rules.array {
                Some(array) => self.array(array, items),
                None if rules.extra.is_none() => self.unconstrained(value),
                None => {}
            },
            Value::Null | Value::Bool(_) => {}
        }
        true
    }

    fn string(&mut self, rules: &StringRules, s: &str) {
        if let Some(length) = length_if_needed(s, rules.min_length, rules.max_length) {
            self.count_within(
                IssueKind::Length,
                length,
                (rules.min_length, rules.max_length),
                |side, n| format!("must be {side} {n} {} long, got {length}", characters(n)),
            );
        }
        if let Some(pattern) = &rules.pattern
            && !pattern.is_match(s)
        {
            self.report(IssueKind::Pattern, || rules.pattern_problem.clone());
        }
        if let Some(format) = rules.format
            && !format.accepts(s)
        {
            self.report(IssueKind::Format, || {
                format!("{}, got {}", format.problem(), quoted(s))
            });
        }
    }

    fn number(&mut self, rules: &NumberRules, n: &serde_json::Number) {
        use std::cmp::Ordering::{Greater, Less};
        let checks = [
            (&rules.minimum, Less, "at least"),
            (&rules.maximum, Greater, "at most"),
        ];
        let mut stated_failed = false;
        for (bound, fails_when, words) in checks {
            if let Some(bound) = bound
                && number::compare(n, bound) == fails_when
            {
                stated_failed = true;
                self.report(IssueKind::Bound, || bound_problem(words, bound, n));
            }
        }
        // The type's own range, where a stated bound has not said it already.
        if let Some((min, max)) = rules.integer
            && !stated_failed
            && let Some(problem) = crate::integer_reading::out_of_range(n, min, max)
        {
            self.report(IssueKind::Bound, || problem);
        }
        let exclusive = [
            (&rules.exclusive_minimum, Greater, "greater than"),
            (&rules.exclusive_maximum, Less, "less than"),
        ];
        for (bound, passes_when, words) in exclusive {
            if let Some(bound) = bound
                && number::compare(n, bound) != passes_when
            {
                self.report(IssueKind::Bound, || bound_problem(words, bound, n));
            }
        }
        if let Some(step) = &rules.multiple_of
            && !number::is_multiple_of(n, step)
        {
            self.report(IssueKind::MultipleOf, || {
                format!("must be a multiple of {step}, got {n}")
            });
        }
    }

    fn object(&mut self, rules: &'a ObjectRules, map: &'a Map<String, Value>) {
        let count = rules.properties.len();
        let mut inline = [None; INLINE_PROPERTIES];
        let mut heap = Vec::new();
        let found: &mut [Option<&'a Value>] = if count <= INLINE_PROPERTIES {
            &mut inline[..count]
        } else {
            heap.resize(count, None);
            &mut heap
        };
        let mut unknown = Unknown::default();
        for (key, value) in map {
            let property = rules.property(key);
            if let Some(i) = property {
                found[i] = Some(value);
            }
            if !rules.patterns.is_empty() {
                let mut matched = false;
                for (pattern, node) in &rules.patterns {
                    if pattern.is_match(key) {
                        matched = true;
                        self.at(Step::Key(key), node, value);
                    }
                }
                if matched {
                    continue;
                }
            }
            if property.is_some() {
                continue;
            }
            match &rules.additional {
                None => self.at(Step::Key(key), &Node::Any, value),
                Some(Node::Never) => unknown.push(key),
                Some(node) => self.at(Step::Key(key), node, value),
            }
        }
        if unknown.count > 0 {
            let suggest = self.suggest;
            self.report(IssueKind::UnknownProperty, || {
                unknown.problem(rules, suggest)
            });
        }
        let absent = |(name, slot): (&String, &Option<usize>)| match slot {
            Some(i) => found[*i].is_none(),
            None => !map.contains_key(name),
        };
        if rules.required.iter().zip(&rules.required_slots).any(absent) {
            let missing: Vec<String> = rules
                .required
                .iter()
                .zip(&rules.required_slots)
                .filter(|pair| absent(*pair))
                .map(|(name, _)| name.clone())
                .collect();
            self.report_missing(missing);
        }
        for ((name, node), value) in rules.properties.iter().zip(found.iter()) {
            if let Some(value) = value {
                self.at(Step::Key(name), node, value);
            }
        }
    }

    /// Reports a `count` (of characters, items, properties) below the
    /// least or above the most of `bounds`, in the words `say` gives the
    /// side crossed (`at least`, `at most`) and the bound.
    pub(super) fn count_within(
        &mut self,
        kind: IssueKind,
        count: u64,
        (min, max): (Option<u64>, Option<u64>),
        say: impl Fn(&str, u64) -> String,
    ) {
        if let Some(min) = min
            && count < min
        {
            self.report(kind, || say("at least", min));
        }
        if let Some(max) = max
            && count > max
        {
            self.report(kind, || say("at most", max));
        }
    }

    fn report_missing(&mut self, missing: Vec<String>) {
        let names: Vec<String> = missing.iter().map(|name| quoted(name)).collect();
        let noun = if missing.len() == 1 {
            "property"
        } else {
            "properties"
        };
        let problem = format!("missing required {noun} {}", names.join(", "));
        self.report_missing_as(missing, problem);
    }

    /// Reports the absent `missing` keys in the words of `problem`.
    pub(super) fn report_missing_as(&mut self, missing: Vec<String>, problem: String) {
        let path = &self.path;
        self.problems.push(IssueKind::MissingProperty, || {
            let mut issue = Issue::new(to_pointer(path), IssueKind::MissingProperty, problem);
            issue.missing = missing;
            issue
        });
    }

    fn array(&mut self, rules: &'a ArrayRules, items: &'a [Value]) {
        let len = items.len() as u64;
        self.count_within(
            IssueKind::ItemCount,
            len,
            (rules.min_items, rules.max_items),
            |side, n| format!("must have {side} {n} {}, got {len}", item_noun(n)),
        );
        if rules.unique
            && let Some((first, second)) = equal::first_duplicate(items)
        {
            self.report(IssueKind::Unique, || {
                format!("must not repeat items; item {second} equals item {first}")
            });
        }
        let node = rules.items.as_ref().unwrap_or(&Node::Any);
        for (i, item) in items.iter().enumerate() {
            let node = rules.prefix.get(i).unwrap_or(node);
            self.at(Step::Index(i), node, item);
        }
    }
}

/// The unknown keys of one object: the first few, and how many in all.
#[derive(Default)]
pub(super) struct Unknown<'a> {
    shown: [&'a str; Unknown::SHOWN],
    pub(super) count: usize,
}

impl<'a> Unknown<'a> {
    /// Unknown keys named in a line; the rest are counted.
    const SHOWN: usize = 3;

    pub(super) fn push(&mut self, key: &'a str) {
        if self.count < Self::SHOWN {
            self.shown[self.count] = key;
        }
        self.count += 1;
    }

    /// `unknown property "x" (did you mean "y"?); takes …`, or for several
    /// `unknown properties "a", "b", "c" and 97 more; takes …`: one line
    /// for the object, naming the keys it takes once.
    fn problem(&self, rules: &ObjectRules, suggest: bool) -> String {
        let names: Vec<&str> = match suggest {
            true => rules
                .properties
                .iter()
                .map(|(name, _)| name.as_str())
                .collect(),
            false => Vec::new(),
        };
        self.problem_among(&names, &rules.takes, suggest)
    }

    /// The line for keys outside `names`, which `takes` lists, written
    /// into one string.
    pub(super) fn problem_among(&self, names: &[&str], takes: &str, suggest: bool) -> String {
        let shown = &self.shown[..self.count.min(Self::SHOWN)];
        let mut out = String::with_capacity(48 + takes.len() + shown.len() * 48);
        out.push_str(if self.count == 1 {
            "unknown property "
        } else {
            "unknown properties "
        });
        for (i, key) in shown.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&quoted(key));
            if let Some(near) = suggest.then(|| suggest::similar_key(key, names)).flatten() {
                out.push_str(" (did you mean ");
                out.push_str(&quoted(near));
                out.push_str("?)");
            }
        }
        let more = self.count - shown.len();
        if more > 0 {
            let _ = write!(out, " and {more} more");
        }
        out.push_str("; ");
        out.push_str(takes);
        out
    }
}

/// The allowed string `sent` most likely meant, for "did you mean".
fn similar_allowed<'v>(sent: &str, values: &'v [Value]) -> Option<&'v str> {
    let allowed: Vec<&str> = values
        .iter()
        .filter_map(Value::as_str)
        .filter(|allowed| may_resemble(sent, allowed))
        .collect();
    (!allowed.is_empty())
        .then(|| suggest::similar_value(sent, &allowed))
        .flatten()
}

/// `must be one of low, high, got "hgih" (did you mean "high"?)`: the
/// problem, what was sent (a string quoted, anything else by its type and
/// value, as type lines say it), and the near miss if there is one.
fn with_got(problem: &str, sent: &Value, near: Option<&str>) -> String {
    let mut out = String::with_capacity(problem.len() + 32);
    out.push_str(problem);
    out.push_str(", got ");
    match sent {
        Value::String(s) => out.push_str(&quoted(s)),
        other => out.push_str(&describe(other)),
    }
    if let Some(near) = near {
        let _ = write!(out, " (did you mean {}?)", quoted(near));
    }
    out
}

/// `must be at most 50, got 500`, written in one allocation.
fn bound_problem(words: &str, bound: &Number, n: &Number) -> String {
    let mut out = String::with_capacity(64);
    out.push_str("must be ");
    out.push_str(words);
    out.push(' ');
    let _ = write!(out, "{bound}, got {n}");
    out
}

fn characters(n: u64) -> &'static str {
    if n == 1 { "character" } else { "characters" }
}

pub(super) fn item_noun(n: u64) -> &'static str {
    if n == 1 { "item" } else { "items" }
}

/// Whether `allowed` could be what `sent` meant: equal ignoring case and
/// the separators of case conventions (`good_first_issue`,
/// `GoodFirstIssue` for `good-first-issue`), or one edit away (a
/// substitution, an insertion, a deletion or two adjacent characters
/// swapped). Exact for ASCII text and `true` otherwise, so only the
/// candidates `suggest::similar_value` could pick are handed to it.
fn may_resemble(sent: &str, allowed: &str) -> bool {
    if !sent.is_ascii() || !allowed.is_ascii() {
        return true;
    }
    let (a, b) = (sent.as_bytes(), allowed.as_bytes());
    if a.eq_ignore_ascii_case(b) {
        return true;
    }
    // Compared as they are read: nothing is allocated for a value missed.
    if a.len().abs_diff(b.len()) <= 8 && same_letters(sent, allowed) {
        return true;
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if long.len() - short.len() > 1 {
        return false;
    }
    let first = short
        .iter()
        .zip(long)
        .position(|(x, y)| x != y)
        .unwrap_or(short.len());
    if short.len() == long.len() {
        let substituted = short[first + 1..] == long[first + 1..];
        let swapped = first + 1 < short.len()
            && short[first] == long[first + 1]
            && short[first + 1] == long[first]
            && short[first + 2..] == long[first + 2..];
        substituted || swapped
    } else {
        short[first..] == long[first + 1..]
    }
}

/// The length of `text` in Unicode scalar values, or `None` when its byte
/// length alone shows it within `min..=max`: n bytes hold between n/4 and n
/// characters, so counting is needed only when that range straddles a bound.
pub(crate) fn length_if_needed(text: &str, min: Option<u64>, max: Option<u64>) -> Option<u64> {
    let bytes = text.len() as u64;
    let straddles =
        min.is_some_and(|min| bytes.div_ceil(4) < min) || max.is_some_and(|max| bytes > max);
    straddles.then(|| text.chars().count() as u64)
}

/// A `const` value as compact JSON, sanitized and cut short.
fn constant_json(value: &Value) -> String {
    match value {
        Value::String(s) => quoted(s),
        other => constant(other),
    }
}

/// Whether `value` has containers nested more than `budget` levels deep.
/// Iterative: a value nested 10,000 deep is measured, not recursed into.
fn nests_deeper_than(value: &Value, budget: usize) -> bool {
    fn is_container(value: &Value) -> bool {
        matches!(value, Value::Array(_) | Value::Object(_))
    }
    if !is_container(value) {
        return false;
    }
    // Each entry is a container and how many containers enclose it, itself included.
    let mut pending = vec![(value, 1usize)];
    while let Some((value, depth)) = pending.pop() {
        if depth > budget {
            return true;
        }
        let children: &mut dyn Iterator<Item = &Value> = match value {
            Value::Array(items) => &mut items.iter(),
            Value::Object(map) => &mut map.values(),
            _ => continue,
        };
        pending.extend(
            children
                .filter(|child| is_container(child))
                .map(|child| (child, depth + 1)),
        );
    }
    false
}
