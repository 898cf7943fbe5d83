//! The domains of numbers both sides reason about: a bound as written in an
//! attribute ([`Num`]), the integers a JSON Schema states exactly, the
//! ranges of Rust's integer types, and the largest number an `f32` reads.

use std::fmt::{self, Display};

/// A number read from an argument or written in an attribute: what the
/// macro checks is what the expansion states and the runtime compares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    /// The number as a float (the nearest one, for big integers).
    pub const fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    /// The JSON number a schema states for it: integers stay integers
    /// where a JSON value holds them exactly (see [`JSON_INTEGERS`]).
    pub fn to_json(self) -> JsonNumber {
        match self {
            Num::Int(i) => {
                if let Ok(i) = i64::try_from(i) {
                    JsonNumber::Signed(i)
                } else if let Ok(u) = u64::try_from(i) {
                    JsonNumber::Unsigned(u)
                } else {
                    JsonNumber::Float(i as f64)
                }
            }
            Num::Float(f) => JsonNumber::Float(f),
        }
    }
}

/// As written in Rust: `300`, `-1`, `0.5`, `1.0`.
impl Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Int(i) => write!(f, "{i}"),
            Num::Float(x) => write!(f, "{x:?}"),
        }
    }
}

/// A number in one of the three forms a JSON value stores.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum JsonNumber {
    Signed(i64),
    Unsigned(u64),
    Float(f64),
}

/// The integers a JSON Schema bound can state exactly: a
/// `serde_json::Value` holds integers from `i64::MIN` to `u64::MAX`.
pub const JSON_INTEGERS: (i128, i128) = (i64::MIN as i128, u64::MAX as i128);

/// Whether an integer written as a bound is one a schema states exactly
/// (see [`JSON_INTEGERS`]).
pub const fn is_json_integer(bound: i128) -> bool {
    bound >= JSON_INTEGERS.0 && bound <= JSON_INTEGERS.1
}

/// The largest JSON number that reads as a finite `f32`: the float just
/// below the midpoint of `f32::MAX` and 2^128 (the midpoint itself rounds
/// to infinity).
pub const F32_LIMIT: f64 = 3.4028235677973362e38;

/// Rust's integer types by name, with their ranges (`min`, `max`).
pub const INTEGER_TYPES: [(&str, i128, u128); 12] = [
    ("u8", 0, u8::MAX as u128),
    ("u16", 0, u16::MAX as u128),
    ("u32", 0, u32::MAX as u128),
    ("u64", 0, u64::MAX as u128),
    ("u128", 0, u128::MAX),
    ("usize", 0, usize::MAX as u128),
    ("i8", i8::MIN as i128, i8::MAX as u128),
    ("i16", i16::MIN as i128, i16::MAX as u128),
    ("i32", i32::MIN as i128, i32::MAX as u128),
    ("i64", i64::MIN as i128, i64::MAX as u128),
    ("i128", i128::MIN, i128::MAX as u128),
    ("isize", isize::MIN as i128, isize::MAX as u128),
];

/// The range of the integer type named `name` (`"u64"`), or `None`.
pub fn integer_range(name: &str) -> Option<(i128, u128)> {
    INTEGER_TYPES
        .iter()
        .find(|(known, _, _)| *known == name)
        .map(|&(_, min, max)| (min, max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_show_as_written() {
        assert_eq!(Num::Int(-1).to_string(), "-1");
        assert_eq!(Num::Int(300).to_string(), "300");
        assert_eq!(Num::Float(0.5).to_string(), "0.5");
        assert_eq!(Num::Float(1.0).to_string(), "1.0");
        assert_eq!(Num::Float(-0.0).to_string(), "-0.0");
        assert_eq!(Num::Float(1e300).to_string(), "1e300");
    }

    #[test]
    fn integers_stay_integers_where_json_holds_them() {
        assert_eq!(Num::Int(-5).to_json(), JsonNumber::Signed(-5));
        assert_eq!(
            Num::Int(i128::from(i64::MAX)).to_json(),
            JsonNumber::Signed(i64::MAX)
        );
        assert_eq!(
            Num::Int(i128::from(u64::MAX)).to_json(),
            JsonNumber::Unsigned(u64::MAX)
        );
        assert_eq!(
            Num::Int(i128::from(u64::MAX) + 1).to_json(),
            JsonNumber::Float(18_446_744_073_709_551_616.0)
        );
        assert_eq!(Num::Float(1.0).to_json(), JsonNumber::Float(1.0));
        assert_eq!(Num::Int(i128::MAX).as_f64(), i128::MAX as f64);
    }

    #[test]
    fn json_integers_are_i64_to_u64() {
        assert!(is_json_integer(i128::from(u64::MAX)));
        assert!(is_json_integer(i128::from(i64::MIN)));
        assert!(is_json_integer(0));
        assert!(!is_json_integer(i128::from(u64::MAX) + 1));
        assert!(!is_json_integer(i128::from(i64::MIN) - 1));
    }

    #[test]
    fn integer_types_have_their_ranges() {
        assert_eq!(integer_range("u8"), Some((0, 255)));
        assert_eq!(integer_range("i8"), Some((-128, 127)));
        assert_eq!(integer_range("u64"), Some((0, u128::from(u64::MAX))));
        assert_eq!(
            integer_range("i64"),
            Some((i128::from(i64::MIN), i64::MAX as u128))
        );
        assert_eq!(integer_range("u128"), Some((0, u128::MAX)));
        assert_eq!(integer_range("i128"), Some((i128::MIN, i128::MAX as u128)));
        assert_eq!(integer_range("usize"), Some((0, usize::MAX as u128)));
        assert_eq!(
            integer_range("isize"),
            Some((isize::MIN as i128, isize::MAX as u128))
        );
        assert_eq!(integer_range("u7"), None);
        assert_eq!(integer_range("f32"), None);
    }

    #[test]
    fn f32_limit_is_the_last_number_that_stays_finite() {
        assert_eq!(F32_LIMIT as f32, f32::MAX);
        let next = f64::from_bits(F32_LIMIT.to_bits() + 1);
        assert!((next as f32).is_infinite());
    }
}
