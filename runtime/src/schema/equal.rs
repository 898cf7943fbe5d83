//! Structural equality of JSON values with numbers compared by value, for
//! `enum`, `const` and `uniqueItems`, and a hash consistent with it.
//! Both are iterative, so a value nested 10,000 deep costs memory on the
//! heap, never the stack.
//!
//! The hash covers the whole value (every key, every item, every number by
//! value, object keys in any order) and is keyed at random per set, so
//! finding the duplicates among n items, or a value among the n of an
//! `enum`, costs time linear in their size on any input: no crafted input
//! makes distinct values collide on purpose.

use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hash, Hasher};

use serde_json::{Map, Value};

use super::number;

/// Whether `a` and `b` are equal by JSON Schema's rules: numbers by value,
/// objects by their key/value pairs whatever the order, arrays item by item.
pub(crate) fn equal(a: &Value, b: &Value) -> bool {
    let mut pending = vec![(a, b)];
    while let Some((a, b)) = pending.pop() {
        work::compared();
        match (a, b) {
            (Value::Null, Value::Null) => {}
            (Value::Bool(x), Value::Bool(y)) if x == y => {}
            (Value::String(x), Value::String(y)) if x == y => {}
            (Value::Number(x), Value::Number(y)) if number::equal(x, y) => {}
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                pending.extend(x.iter().zip(y));
            }
            (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
                for (key, xv) in x {
                    match y.get(key) {
                        Some(yv) => pending.push((xv, yv)),
                        None => return false,
                    }
                }
            }
            _ => return false,
        }
    }
    true
}

/// Hashes whole values consistently with [`equal`]: equal values hash
/// alike. Each hasher draws its own random key.
pub(crate) struct ValueHasher {
    keys: RandomState,
}

/// A container whose hash is being built, child by child.
enum Frame<'a> {
    Array {
        state: <RandomState as BuildHasher>::Hasher,
        items: std::slice::Iter<'a, Value>,
    },
    Object {
        /// The sum of the entries' hashes: the same in any key order.
        sum: u64,
        len: usize,
        entries: serde_json::map::Iter<'a>,
        /// The key of the entry whose value is being hashed.
        key: &'a str,
    },
}

impl ValueHasher {
    pub(crate) fn new() -> Self {
        ValueHasher {
            keys: RandomState::new(),
        }
    }

    /// The hash of `value`, visiting each of its nodes once, without
    /// recursion.
    pub(crate) fn hash(&self, value: &Value) -> u64 {
        let mut stack: Vec<Frame<'_>> = Vec::new();
        let mut next = value;
        loop {
            work::hashed();
            let mut done = match next {
                Value::Array(items) => {
                    let mut state = self.keys.build_hasher();
                    (4u8, items.len()).hash(&mut state);
                    stack.push(Frame::Array {
                        state,
                        items: items.iter(),
                    });
                    None
                }
                Value::Object(map) => {
                    stack.push(object_frame(map));
                    None
                }
                scalar => Some(self.scalar(scalar)),
            };
            // Climb until some container has a child left to hash.
            loop {
                let Some(frame) = stack.last_mut() else {
                    // Only the root is left, and it is hashed.
                    return done.unwrap_or_default();
                };
                match frame {
                    Frame::Array { state, items } => {
                        if let Some(child) = done.take() {
                            state.write_u64(child);
                        }
                        if let Some(item) = items.next() {
                            next = item;
                            break;
                        }
                        done = Some(state.finish());
                    }
                    Frame::Object {
                        sum,
                        len,
                        entries,
                        key,
                    } => {
                        if let Some(child) = done.take() {
                            *sum = sum.wrapping_add(self.keys.hash_one((*key, child)));
                        }
                        if let Some((k, v)) = entries.next() {
                            *key = k;
                            next = v;
                            break;
                        }
                        done = Some(self.keys.hash_one((5u8, *len, *sum)));
                    }
                }
                stack.pop();
            }
        }
    }

    fn scalar(&self, value: &Value) -> u64 {
        match value {
            Value::Null => self.keys.hash_one(0u8),
            Value::Bool(b) => self.keys.hash_one((1u8, b)),
            Value::Number(n) => self.keys.hash_one((2u8, number::hash_key(n))),
            Value::String(s) => self.keys.hash_one((3u8, s)),
            // Containers are framed by the caller.
            Value::Array(_) | Value::Object(_) => 0,
        }
    }
}

fn object_frame(map: &Map<String, Value>) -> Frame<'_> {
    Frame::Object {
        sum: 0,
        len: map.len(),
        entries: map.iter(),
        key: "",
    }
}

/// The first pair of equal items, by index, if any.
pub(crate) fn first_duplicate(items: &[Value]) -> Option<(usize, usize)> {
    if items.len() <= 16 {
        for j in 1..items.len() {
            for i in 0..j {
                if equal(&items[i], &items[j]) {
                    return Some((i, j));
                }
            }
        }
        return None;
    }
    let hasher = ValueHasher::new();
    let mut index = HashIndex::with_capacity(items.len());
    for (j, item) in items.iter().enumerate() {
        let hash = hasher.hash(item);
        if let Some(i) = index.find(hash, |i| equal(&items[i], item)) {
            return Some((i, j));
        }
        index.insert(hash, j);
    }
    None
}

/// Indices of values by hash: one slot per hash, and a list for the rare
/// hash that two distinct values share.
struct HashIndex {
    first: HashMap<u64, usize>,
    shared: HashMap<u64, Vec<usize>>,
}

impl HashIndex {
    fn with_capacity(n: usize) -> Self {
        HashIndex {
            first: HashMap::with_capacity(n),
            shared: HashMap::new(),
        }
    }

    /// The first index with this hash for which `is_equal` holds.
    fn find(&self, hash: u64, mut is_equal: impl FnMut(usize) -> bool) -> Option<usize> {
        let first = *self.first.get(&hash)?;
        if is_equal(first) {
            return Some(first);
        }
        self.shared
            .get(&hash)?
            .iter()
            .copied()
            .find(|&i| is_equal(i))
    }

    fn insert(&mut self, hash: u64, i: usize) {
        match self.first.entry(hash) {
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(i);
            }
            std::collections::hash_map::Entry::Occupied(_) => {
                self.shared.entry(hash).or_default().push(i);
            }
        }
    }
}

/// The values of an `enum`, with a hash index when there are enough of
/// them that comparing with each would cost more than hashing once.
#[derive(Debug)]
pub(crate) struct ValueSet {
    values: Vec<Value>,
    index: Option<Indexed>,
}

struct Indexed {
    hasher: ValueHasher,
    by_hash: HashIndex,
}

impl std::fmt::Debug for Indexed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Indexed")
    }
}

/// Sets this small are searched item by item.
const LINEAR_SET: usize = 8;

impl ValueSet {
    pub(crate) fn new(values: Vec<Value>) -> Self {
        let index = (values.len() > LINEAR_SET).then(|| {
            let hasher = ValueHasher::new();
            let mut by_hash = HashIndex::with_capacity(values.len());
            for (i, value) in values.iter().enumerate() {
                by_hash.insert(hasher.hash(value), i);
            }
            Indexed { hasher, by_hash }
        });
        ValueSet { values, index }
    }

    /// The values, in the order the schema lists them.
    pub(crate) fn values(&self) -> &[Value] {
        &self.values
    }

    /// Whether `value` equals one of the values.
    pub(crate) fn contains(&self, value: &Value) -> bool {
        match &self.index {
            None => self.values.iter().any(|allowed| equal(allowed, value)),
            Some(indexed) => indexed
                .by_hash
                .find(indexed.hasher.hash(value), |i| {
                    equal(&self.values[i], value)
                })
                .is_some(),
        }
    }
}

/// Counts of the steps taken, for tests that check the work is linear
/// (no wall clock). Compiled to nothing outside tests.
mod work {
    #[cfg(test)]
    thread_local! {
        pub(super) static COMPARED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        pub(super) static HASHED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// One pair of nodes compared by `equal`.
    #[inline(always)]
    pub(super) fn compared() {
        #[cfg(test)]
        COMPARED.with(|n| n.set(n.get() + 1));
    }

    /// One node hashed.
    #[inline(always)]
    pub(super) fn hashed() {
        #[cfg(test)]
        HASHED.with(|n| n.set(n.get() + 1));
    }

    /// `(compared, hashed)` since the last call, on this thread.
    #[cfg(test)]
    pub(super) fn take() -> (usize, usize) {
        (
            COMPARED.with(|n| n.replace(0)),
            HASHED.with(|n| n.replace(0)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_by_value_objects_by_pairs() {
        assert!(equal(&json!([1, {"a": 1.0}]), &json!([1.0, {"a": 1}])));
        assert!(equal(&json!({"a": 1, "b": 2}), &json!({"b": 2, "a": 1})));
        assert!(!equal(&json!([1]), &json!([true])));
        assert!(!equal(&json!({"a": null}), &json!({"b": null})));
    }

    #[test]
    fn equal_values_hash_alike() {
        let hasher = ValueHasher::new();
        let pairs = [
            (json!(1), json!(1.0)),
            (json!(-0.0), json!(0)),
            (json!({"a": 1, "b": [2.0]}), json!({"b": [2], "a": 1.0})),
            (json!([{"x": {"y": 3}}]), json!([{"x": {"y": 3.0}}])),
        ];
        for (a, b) in pairs {
            assert!(equal(&a, &b));
            assert_eq!(hasher.hash(&a), hasher.hash(&b), "{a} and {b}");
        }
        let distinct = [
            json!(null),
            json!(false),
            json!(0),
            json!(""),
            json!([]),
            json!({}),
            json!([null]),
            json!({"a": null}),
            json!({"a": 0}),
            json!({"a": 1}),
            json!({"b": 0}),
            json!([[0]]),
            json!([0, 1]),
            json!([1, 0]),
            json!({"a": {"b": 0}}),
            json!({"a": {"b": 1}}),
        ];
        let hashes: std::collections::HashSet<u64> =
            distinct.iter().map(|v| hasher.hash(v)).collect();
        assert_eq!(hashes.len(), distinct.len());
    }

    #[test]
    fn finds_duplicates_small_and_large() {
        assert_eq!(
            first_duplicate(&[json!(1), json!(2), json!(1.0)]),
            Some((0, 2))
        );
        let mut many: Vec<Value> = (0..100).map(|i| json!({"i": i})).collect();
        assert_eq!(first_duplicate(&many), None);
        many.push(json!({"i": 42.0}));
        assert_eq!(first_duplicate(&many), Some((42, 100)));
    }

    /// `{key: value}`, built without copying `value` (as `json!` would).
    fn wrap(key: &str, value: Value) -> Value {
        Value::Object(Map::from_iter([(key.to_owned(), value)]))
    }

    /// `{"a": {"a": … {"a": i}}}`, `depth` objects deep.
    fn deep_object(depth: usize, leaf: usize) -> Value {
        let mut value = json!(leaf);
        for _ in 0..depth {
            value = wrap("a", value);
        }
        value
    }

    /// The steps `first_duplicate` takes on `items`: pairs compared, nodes
    /// hashed.
    fn steps(items: &[Value]) -> (usize, usize) {
        work::take();
        assert_eq!(first_duplicate(items), None);
        work::take()
    }

    #[test]
    fn duplicates_are_found_in_linear_work_on_any_items() {
        const N: usize = 100_000;
        let numbers: Vec<Value> = (0..N).map(|i| json!(i)).collect();
        let objects: Vec<Value> = (0..N).map(|i| json!({ "a": i })).collect();
        let deep: Vec<Value> = (0..N).map(|i| deep_object(20, i)).collect();

        let (compared, hashed) = steps(&numbers);
        assert_eq!(hashed, N);
        // Distinct values compare only on a 64-bit hash collision.
        assert!(compared <= 2, "{compared} comparisons for {N} numbers");

        // Objects that differ only in a value (before, every one of them
        // hashed alike and was compared with every other).
        let (compared, hashed) = steps(&objects);
        assert_eq!(hashed, 2 * N);
        assert!(compared <= 2 * 2, "{compared} comparisons for {N} objects");

        // Near-identical objects 20 deep, differing at the leaf.
        let (compared, hashed) = steps(&deep);
        assert_eq!(hashed, 21 * N);
        assert!(
            compared <= 21 * 2,
            "{compared} comparisons for {N} deep objects"
        );
    }

    #[test]
    fn a_few_hundred_colliding_objects_used_to_be_quadratic() {
        // Small enough to fail fast where objects hashed by their keys only.
        let objects: Vec<Value> = (0..500).map(|i| json!({ "a": i })).collect();
        let (compared, _) = steps(&objects);
        assert!(compared <= 4, "{compared} comparisons for 500 objects");
    }

    #[test]
    fn enum_lookup_hashes_once() {
        let set = ValueSet::new((0..1000).map(|i| json!({ "level": i })).collect());
        work::take();
        assert!(set.contains(&json!({ "level": 999.0 })));
        assert!(!set.contains(&json!({ "level": 1000 })));
        let (compared, hashed) = work::take();
        assert_eq!(hashed, 4);
        // The one match: the object and its one value.
        assert_eq!(compared, 2);
        let small = ValueSet::new(vec![json!("a"), json!(1)]);
        assert!(small.contains(&json!(1.0)) && !small.contains(&json!("b")));
    }

    #[test]
    fn deep_values_compare_and_hash_without_recursion() {
        let chain = |wrap: fn(Value) -> Value| {
            let mut v = json!(0);
            for _ in 0..10_000 {
                v = wrap(v);
            }
            v
        };
        let a = chain(|v| Value::Array(vec![v]));
        let same = chain(|v| Value::Array(vec![v]));
        let b = chain(|v| wrap("k", v));
        assert!(equal(&a, &same));
        let hasher = ValueHasher::new();
        assert_eq!(hasher.hash(&a), hasher.hash(&same));
        assert_ne!(hasher.hash(&a), hasher.hash(&b));
        // Free the chains without recursive drops.
        for mut v in [a, same, b] {
            loop {
                v = match v {
                    Value::Array(mut items) => items.pop().unwrap_or(Value::Null),
                    Value::Object(mut map) => map.remove("k").unwrap_or(Value::Null),
                    _ => break,
                };
            }
        }
    }
}
