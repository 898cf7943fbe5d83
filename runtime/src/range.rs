//! Whether a JSON number is an integer of a Rust type's range.
//!
//! A `serde_json::Value` holds integers beyond 64 bits, and any number
//! written with a fraction or an exponent, as the nearest `f64`. Past 2^53 a
//! float stands for every integer that rounds to it, so it is read as an
//! integer of a range only when all of them are in it: the float of
//! `i64::MIN` is refused for an `i64`, since `-9223372036854775809` rounds to
//! it too. The reader of typed arguments and the validator's private type
//! ranges (`x-toolsmith-integer`) both decide with [`reading`], so the two
//! paths refuse the same numbers with the same line.

use serde_json::Number;

/// An integer-valued JSON number, exactly, or how far outside 128 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Whole {
    /// `0` and above.
    Up(u128),
    /// Below `0`: the magnitude.
    Down(u128),
}

/// What an integer type reads from a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// One integer of the type's range.
    In(Whole),
    Below,
    Above,
    /// Not integer-valued: serde's refusal stands.
    Fraction,
}

/// 2^53: every integer below it in magnitude is a float of its own.
const EXACT: f64 = 9_007_199_254_740_992.0;

/// 2^128, as a float.
const TWO_128: f64 = 340_282_366_920_938_463_463_374_607_431_768_211_456.0;

pub(crate) fn reading(n: &Number, min: i128, max: u128) -> Reading {
    let below = min.unsigned_abs();
    if let Some(u) = n.as_u64() {
        return if u128::from(u) <= max {
            Reading::In(Whole::Up(u128::from(u)))
        } else {
            Reading::Above
        };
    }
    if let Some(i) = n.as_i64() {
        return if i.unsigned_abs() as u128 <= below && min < 0 {
            Reading::In(Whole::Down(i.unsigned_abs() as u128))
        } else {
            Reading::Below
        };
    }
    float_reading(n.as_f64().unwrap_or(f64::NAN), min, max)
}

pub(crate) fn float_reading(f: f64, min: i128, max: u128) -> Reading {
    let below = min.unsigned_abs();
    if !f.is_finite() || f.fract() != 0.0 {
        return Reading::Fraction;
    }
    let magnitude = f.abs();
    if magnitude >= TWO_128 {
        return if f > 0.0 {
            Reading::Above
        } else {
            Reading::Below
        };
    }
    // The integers that round to `f` reach half a step either side of it;
    // below 2^53 the float is exact.
    let spread = if magnitude < EXACT {
        0
    } else {
        let up = f64::from_bits(magnitude.to_bits() + 1) - magnitude;
        (up / 2.0) as u128
    };
    let m = magnitude as u128;
    let reach = m.checked_add(spread);
    // `-0.0 >= 0.0`: negative zero is 0.
    if f >= 0.0 {
        match reach {
            Some(top) if top <= max => Reading::In(Whole::Up(m)),
            _ => Reading::Above,
        }
    } else {
        match reach {
            Some(bottom) if bottom <= below && min < 0 => Reading::In(Whole::Down(m)),
            _ => Reading::Below,
        }
    }
}

/// The line for a number an integer type of range `min..=max` cannot hold,
/// as the reader reads it (`must be at most 255, got 300`); `None` in range
/// or for a fraction, which is a type problem.
pub(crate) fn out_of_range(n: &Number, min: i128, max: u128) -> Option<String> {
    match reading(n, min, max) {
        Reading::Below => Some(format!("must be at least {min}, got {n}")),
        Reading::Above => Some(format!("must be at most {max}, got {n}")),
        Reading::In(_) | Reading::Fraction => None,
    }
}
