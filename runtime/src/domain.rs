//! The domains of the number types: the values a Rust number type holds
//! ([`Range`]), the numbers a bound is written in ([`Num`]), and the limits
//! JSON sets on both (the largest number that reads as a finite `f32`, the
//! integers a `serde_json::Value` holds). The `ToolArg` impls state them,
//! the reader of a validated call enforces them, the schema rules hold
//! foreign schemas to them and the macros check bounds against them.

pub use toolsmith_schema_rules::number::{F32_LIMIT, Num};

/// The values a number type holds, for the macro's compile-time checks
/// and the runtime's reading of a validated call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Range {
    /// An integer type: every integer from `min` to `max`.
    Integer { min: i128, max: u128 },
    /// A float type: every number from `min` to `max` reads as a finite value.
    Float { min: f64, max: f64 },
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
