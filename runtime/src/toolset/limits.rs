//! The size and depth cap on a call's arguments, the same on every host.

use serde_json::Value;

use crate::error::{Issue, IssueKind, ToolInputError};

/// How large and how deep a call's arguments may be, checked before
/// anything else looks at them (repairs, validation, the tool).
///
/// The size is the length of the arguments written as compact JSON (strings
/// counted unescaped), measured without copying them and stopping as soon
/// as the cap is passed, so a 20 MiB argument costs no more to refuse than
/// a 1 MiB one. The default is 1 MiB and 128 levels (serde_json's own
/// parser limit): [`Limits::DEFAULT`].
///
/// ```
/// # use serde_json::json;
/// # use toolsmith_runtime::Limits;
/// let limits = Limits { max_bytes: 40, max_depth: 2 };
/// assert!(limits.check(&json!({"a": [1]})).is_ok());
/// assert_eq!(
///     limits.check(&json!({"a": "a string longer than the whole cap"})).unwrap_err().lines(),
///     ["Invalid arguments: larger than the limit of 40 bytes"]
/// );
/// assert_eq!(
///     limits.check(&json!({"a": [[1]]})).unwrap_err().lines(),
///     ["Invalid arguments: nests deeper than 2 levels"]
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes the arguments may take as JSON text.
    pub max_bytes: usize,
    /// The most levels of nested arrays and objects, the arguments object
    /// counting as one (as serde_json's parser counts).
    pub max_depth: usize,
}

impl Limits {
    /// 1 MiB and 128 levels.
    pub const DEFAULT: Limits = Limits {
        max_bytes: 1 << 20,
        max_depth: 128,
    };

    /// Checks `args` against both caps; the error is one line.
    pub fn check(&self, args: &Value) -> Result<(), ToolInputError> {
        match self.refusal(args) {
            None => Ok(()),
            Some((kind, problem)) => Err(ToolInputError::new(
                vec![Issue::new(String::new(), kind, problem)],
                0,
            )),
        }
    }

    /// The walk behind [`check`](Self::check). It spends a budget of
    /// `max_bytes` and stops as soon as it is gone, so it costs at most
    /// about `max_bytes` steps whatever the input's size, and it keeps its
    /// own stack: a deep value is measured, never recursed into.
    fn refusal(&self, value: &Value) -> Option<(IssueKind, String)> {
        let mut budget = self.max_bytes;
        let mut take = |cost: usize| match budget.checked_sub(cost) {
            Some(rest) => {
                budget = rest;
                true
            }
            None => false,
        };
        let mut pending = vec![(value, 1)];
        while let Some((value, depth)) = pending.pop() {
            if depth > self.max_depth && (value.is_array() || value.is_object()) {
                return Some((
                    IssueKind::TooDeep,
                    format!("nests deeper than {} levels", self.max_depth),
                ));
            }
            let fits = match value {
                Value::Null | Value::Bool(_) => take(5),
                Value::Number(_) => take(24),
                Value::String(s) => take(s.len() + 2),
                // Brackets and a separator per item, paid before the items
                // are queued, so a huge array is refused without walking it.
                Value::Array(items) => {
                    take(2 + items.len()) && {
                        pending.extend(items.iter().map(|item| (item, depth + 1)));
                        true
                    }
                }
                Value::Object(map) => {
                    take(2)
                        && map.iter().all(|(key, item)| {
                            pending.push((item, depth + 1));
                            take(key.len() + 4)
                        })
                }
            };
            if !fits {
                return Some((
                    IssueKind::TooLarge,
                    format!("larger than the limit of {} bytes", self.max_bytes),
                ));
            }
        }
        None
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn line(limits: Limits, value: &Value) -> Option<String> {
        limits.check(value).err().map(|err| err.to_string())
    }

    #[test]
    fn the_arguments_object_is_the_first_level() {
        let limits = Limits {
            max_bytes: 1 << 20,
            max_depth: 2,
        };
        assert_eq!(line(limits, &json!({"a": [1, "x"]})), None);
        assert_eq!(
            line(limits, &json!({"a": [[]]})),
            Some("Invalid arguments: nests deeper than 2 levels".into())
        );
    }

    #[test]
    fn a_huge_array_is_refused_before_it_is_walked() {
        let limits = Limits {
            max_bytes: 100,
            max_depth: 128,
        };
        let huge = Value::Array(vec![Value::Null; 1_000]);
        assert_eq!(
            line(limits, &json!({"a": huge})),
            Some("Invalid arguments: larger than the limit of 100 bytes".into())
        );
    }

    #[test]
    fn a_value_deeper_than_any_parser_allows_is_measured_not_recursed() {
        let mut deep = json!(1);
        for _ in 0..100_000 {
            deep = Value::Array(vec![deep]);
        }
        let args = Value::Object([("a".to_owned(), deep)].into_iter().collect());
        assert_eq!(
            line(Limits::DEFAULT, &args),
            Some("Invalid arguments: nests deeper than 128 levels".into())
        );
        // Dropping a 100,000-deep value recurses: leak it instead.
        std::mem::forget(args);
    }
}
