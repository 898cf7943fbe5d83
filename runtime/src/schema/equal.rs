//! Structural equality of JSON values with numbers compared by value, for
//! `enum`, `const` and `uniqueItems`. Iterative, so a value nested 10,000
//! deep costs memory on the heap, never the stack.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use serde_json::Value;

use super::number;

/// Whether `a` and `b` are equal by JSON Schema's rules: numbers by value,
/// objects by their key/value pairs whatever the order, arrays item by item.
pub(crate) fn equal(a: &Value, b: &Value) -> bool {
    let mut pending = vec![(a, b)];
    while let Some((a, b)) = pending.pop() {
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

/// A hash consistent with [`equal`]: equal values hash alike.
fn hash(value: &Value) -> u64 {
    let mut hasher = DefaultHasher::new();
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Null => 0u8.hash(&mut hasher),
            Value::Bool(b) => (1u8, b).hash(&mut hasher),
            Value::Number(n) => (2u8, number::hash_key(n)).hash(&mut hasher),
            Value::String(s) => (3u8, s).hash(&mut hasher),
            Value::Array(items) => {
                (4u8, items.len()).hash(&mut hasher);
                pending.extend(items.iter().rev());
            }
            Value::Object(map) => {
                // Order-independent and shallow: the keys alone, so nesting
                // never recurses; equal objects have equal key sets.
                let mut sum = 0u64;
                for key in map.keys() {
                    let mut entry = DefaultHasher::new();
                    key.hash(&mut entry);
                    sum = sum.wrapping_add(entry.finish());
                }
                (5u8, map.len(), sum).hash(&mut hasher);
            }
        }
    }
    hasher.finish()
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
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::with_capacity(items.len());
    for (j, item) in items.iter().enumerate() {
        let bucket = seen.entry(hash(item)).or_default();
        if let Some(&i) = bucket.iter().find(|&&i| equal(&items[i], item)) {
            return Some((i, j));
        }
        bucket.push(j);
    }
    None
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

    #[test]
    fn deep_values_compare_without_recursion() {
        let mut a = json!(0);
        let mut b = json!(0);
        for _ in 0..10_000 {
            a = Value::Array(vec![a]);
            b = Value::Array(vec![b]);
        }
        assert!(equal(&a, &b));
        // Free the chains without recursive drops.
        for v in [a, b] {
            let mut v = v;
            while let Value::Array(mut items) = v {
                v = items.pop().unwrap_or(Value::Null);
            }
        }
    }
}
