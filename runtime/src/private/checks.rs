//! The checks a generated argument struct runs on a deserialized value
//! (`ToolArgs::satisfies_schema`): bounds, lengths, item counts and
//! patterns, each `true` for an absent value, each deciding as the
//! validator does.

use std::sync::OnceLock;

use crate::domain::Num;
use crate::schema::pattern::Pattern;

/// `value >= min`, exact for integers; `true` for an absent value.
pub fn at_least(value: Option<Num>, min: Num) -> bool {
    match (value, min) {
        (None, _) => true,
        (Some(Num::Int(v)), Num::Int(m)) => v >= m,
        (Some(v), m) => v.as_f64() >= m.as_f64(),
    }
}

/// `value <= max`, exact for integers; `true` for an absent value.
pub fn at_most(value: Option<Num>, max: Num) -> bool {
    match (value, max) {
        (None, _) => true,
        (Some(Num::Int(v)), Num::Int(m)) => v <= m,
        (Some(v), m) => v.as_f64() <= m.as_f64(),
    }
}

/// The length of a string in Unicode scalar values is within bounds;
/// `true` for an absent value.
pub fn length_within(text: Option<&str>, min: Option<usize>, max: Option<usize>) -> bool {
    let Some(text) = text else { return true };
    let (min, max) = (min.map(|n| n as u64), max.map(|n| n as u64));
    match crate::schema::length_if_needed(text, min, max) {
        None => true,
        Some(len) => min.is_none_or(|min| len >= min) && max.is_none_or(|max| len <= max),
    }
}

/// The number of items is within bounds; `true` for an absent value.
pub fn items_within(items: Option<usize>, min: Option<usize>, max: Option<usize>) -> bool {
    let Some(len) = items else { return true };
    min.is_none_or(|min| len >= min) && max.is_none_or(|max| len <= max)
}

/// A `pattern` of `#[arg(pattern = "..")]`, compiled on first use with the
/// same ECMA-262 translation the validator applies (the macro has already
/// checked that it compiles).
pub struct LazyPattern {
    source: &'static str,
    regex: OnceLock<Pattern>,
}

impl LazyPattern {
    pub const fn new(source: &'static str) -> Self {
        LazyPattern {
            source,
            regex: OnceLock::new(),
        }
    }

    /// Unanchored match, as JSON Schema's `pattern`; `true` for an absent value.
    pub fn matches(&self, text: Option<&str>) -> bool {
        let Some(text) = text else { return true };
        self.regex
            .get_or_init(|| {
                Pattern::new(self.source).expect("`#[tool]` compiles every pattern at compile time")
            })
            .is_match(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_compare_integers_exactly() {
        assert!(at_least(
            Some(Num::Int(i128::from(u64::MAX))),
            Num::Int(i128::from(u64::MAX))
        ));
        assert!(!at_most(
            Some(Num::Int(9_007_199_254_740_993)),
            Num::Int(9_007_199_254_740_992)
        ));
        assert!(at_most(Some(Num::Float(0.5)), Num::Int(1)));
        assert!(at_least(None, Num::Int(1)));
    }

    #[test]
    fn lengths_count_scalar_values() {
        assert!(length_within(Some("héé"), Some(3), Some(3)));
        assert!(!length_within(Some("😀😀"), Some(3), None));
        assert!(length_within(None, Some(3), None));
    }

    #[test]
    fn patterns_are_unanchored_and_ascii() {
        let digit = LazyPattern::new(r"\d");
        assert!(digit.matches(Some("a1")));
        assert!(!digit.matches(Some("٣")));
        assert!(digit.matches(None));
    }
}
