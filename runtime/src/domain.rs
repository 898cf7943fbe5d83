//! The domains of the number types: the values a Rust number type holds
//! ([`Range`]), the numbers a bound is written in ([`Num`]), and the limits
//! JSON sets on both (the largest number that reads as a finite `f32`, the
//! integers a `serde_json::Value` holds). The `ToolArg` impls state them,
//! the reader of a validated call enforces them, the schema rules hold
//! foreign schemas to them and the macros check bounds against them.

use std::fmt::Display;

use serde_json::Value;

/// A number read from an argument or written in an attribute.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    /// The number as a float (the nearest one, for big integers).
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    /// The JSON number: integers stay integers where they fit.
    pub fn to_value(self) -> Value {
        match self {
            Num::Int(i) => {
                if let Ok(i) = i64::try_from(i) {
                    Value::from(i)
                } else if let Ok(u) = u64::try_from(i) {
                    Value::from(u)
                } else {
                    Value::from(i as f64)
                }
            }
            Num::Float(f) => Value::from(f),
        }
    }
}

/// As written in Rust: `300`, `-1`, `0.5`, `1.0`.
impl Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Num::Int(i) => write!(f, "{i}"),
            Num::Float(x) => write!(f, "{x:?}"),
        }
    }
}

/// The values a number type holds, for the macro's compile-time checks
/// and the runtime's reading of a validated call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Range {
    /// An integer type: every integer from `min` to `max`.
    Integer { min: i128, max: u128 },
    /// A float type: every number from `min` to `max` reads as a finite value.
    Float { min: f64, max: f64 },
}

/// The largest JSON number that reads as a finite `f32`: the float just
/// below the midpoint of `f32::MAX` and 2^128 (the midpoint itself rounds
/// to infinity).
pub const F32_LIMIT: f64 = 3.4028235677973362e38;

/// The integers a JSON Schema bound can state exactly here: a
/// `serde_json::Value` holds integers from `i64::MIN` to `u64::MAX`.
pub const JSON_INTEGERS: (i128, i128) = (i64::MIN as i128, u64::MAX as i128);

/// Whether an integer literal written as a bound is one a schema states
/// exactly (see [`JSON_INTEGERS`]).
pub const fn is_json_integer(bound: i128) -> bool {
    bound >= JSON_INTEGERS.0 && bound <= JSON_INTEGERS.1
}

/// Whether a type's range contains a bound written in an attribute,
/// compared exactly.
pub const fn in_range(range: Option<Range>, bound: Num) -> bool {
    match (range, bound) {
        (None, _) => true,
        (Some(Range::Integer { min, max }), Num::Int(b)) => b >= min && (b < 0 || b as u128 <= max),
        (Some(Range::Integer { min, max }), Num::Float(f)) => {
            float_at_least(f, min) && float_at_most(f, max)
        }
        (Some(Range::Float { min, max }), bound) => {
            let b = match bound {
                Num::Int(i) => i as f64,
                Num::Float(f) => f,
            };
            b >= min && b <= max
        }
    }
}

/// `f >= min` exactly, for `min <= 0`.
const fn float_at_least(f: f64, min: i128) -> bool {
    if f >= 0.0 {
        return true;
    }
    if f < -170141183460469231731687303715884105728.0 {
        return false;
    }
    // Truncation rounds a negative float up.
    let t = f as i128;
    t > min || (t == min && t as f64 == f)
}

/// `f <= max` exactly, for `f >= 0` (smaller floats pass).
const fn float_at_most(f: f64, max: u128) -> bool {
    if f < 0.0 {
        return true;
    }
    if f >= 340282366920938463463374607431768211456.0 {
        return false;
    }
    let t = f as u128;
    t < max || (t == max && t as f64 == f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_show_as_written() {
        assert_eq!(Num::Int(-1).to_string(), "-1");
        assert_eq!(Num::Float(0.5).to_string(), "0.5");
        assert_eq!(Num::Float(1.0).to_string(), "1.0");
        assert!(is_json_integer(i128::from(u64::MAX)));
        assert!(!is_json_integer(i128::from(i64::MIN) - 1));
    }

    #[test]
    fn f32_limit_is_the_last_number_that_stays_finite() {
        assert_eq!(F32_LIMIT as f32, f32::MAX);
        let next = f64::from_bits(F32_LIMIT.to_bits() + 1);
        assert!((next as f32).is_infinite());
        let f32_range = Some(Range::Float {
            min: -F32_LIMIT,
            max: F32_LIMIT,
        });
        assert!(in_range(f32_range, Num::Float(F32_LIMIT)));
        assert!(!in_range(f32_range, Num::Float(next)));
    }
}
