//! Whether a JSON number is an integer of a Rust type's range.
//!
//! A `serde_json::Value` holds integers beyond 64 bits, and any number
//! written with a fraction or an exponent, as the nearest `f64`. Past 2^53 a
//! float stands for every integer that rounds to it, so it is read as an
//! integer of a range only when all of them are in it: the float of
//! `i64::MIN` is refused for an `i64`, since `-9223372036854775809` rounds to
//! it too.
//!
//! So a `Value` holds exactly the integers from `i64::MIN` to `u64::MAX`,
//! and no host hands on more (the crate does not turn on `serde_json`'s
//! `arbitrary_precision`, which would change how every crate built with it
//! reads numbers). A 128-bit type therefore reads from that span, and a
//! float beyond it that may stand for one of the type's integers is refused
//! with the span's end (`must be at most 18446744073709551615, the largest
//! integer read exactly, got 1.8446744073709552e+19`): `18446744073709551617`
//! never reaches a function as `…616`. The reader of typed arguments and the
//! validator's private type ranges (`x-toolsmith-integer`) both decide with
//! [`reading`], so the two paths refuse the same numbers with the same line.

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
    /// A float beyond the integers a `Value` holds exactly, below them or
    /// above, that may stand for an integer of the type's range: which one
    /// was sent is not known.
    InexactBelow,
    InexactAbove,
    /// Not integer-valued: serde's refusal stands.
    Fraction,
}

/// The integers a `Value` holds exactly: those of `i64` and `u64`.
pub(crate) const EXACT_MIN: i128 = i64::MIN as i128;
pub(crate) const EXACT_MAX: u128 = u64::MAX as u128;

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
    let f = n.as_f64().unwrap_or(f64::NAN);
    let (low, high) = (min.max(EXACT_MIN), max.min(EXACT_MAX));
    // Rounding keeps order, so some integer of the range rounds to `f`
    // exactly when `f` is not past the float of the range's end.
    match float_reading(f, low, high) {
        Reading::Above if max > high && f <= max as f64 => Reading::InexactAbove,
        Reading::Below if min < low && f >= min as f64 => Reading::InexactBelow,
        other => other,
    }
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
    problem(reading(n, min, max), n, min, max)
}

/// The line for a `reading` of `n` by a type of range `min..=max`; `None`
/// in range or for a fraction.
pub(crate) fn problem(reading: Reading, n: &Number, min: i128, max: u128) -> Option<String> {
    match reading {
        Reading::Below => Some(format!("must be at least {min}, got {n}")),
        Reading::Above => Some(format!("must be at most {max}, got {n}")),
        Reading::InexactBelow => Some(format!(
            "must be at least {EXACT_MIN}, the smallest integer read exactly, got {n}"
        )),
        Reading::InexactAbove => Some(format!(
            "must be at most {EXACT_MAX}, the largest integer read exactly, got {n}"
        )),
        Reading::In(_) | Reading::Fraction => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const U128: (i128, u128) = (0, u128::MAX);
    const I128: (i128, u128) = (i128::MIN, i128::MAX as u128);

    fn read(text: &str, (min, max): (i128, u128)) -> Reading {
        let n: Number = serde_json::from_str(text).unwrap();
        reading(&n, min, max)
    }

    #[test]
    fn integers_a_value_holds_are_read_exactly() {
        assert_eq!(
            read("18446744073709551615", U128),
            Reading::In(Whole::Up(u64::MAX.into()))
        );
        assert_eq!(
            read("-9223372036854775808", I128),
            Reading::In(Whole::Down(1 << 63))
        );
        // Below 2^64 a float whose every integer is in the span is read.
        assert_eq!(
            read("1e19", U128),
            Reading::In(Whole::Up(10_000_000_000_000_000_000))
        );
    }

    #[test]
    fn floats_past_the_span_are_inexact_while_they_may_be_in_range() {
        for text in [
            "18446744073709551616",
            "18446744073709551617",
            "1e30",
            "340282366920938463463374607431768211455",
            "340282366920938463463374607431768211456",
        ] {
            assert_eq!(read(text, U128), Reading::InexactAbove, "{text}");
        }
        assert_eq!(
            read("170141183460469231731687303715884105727", I128),
            Reading::InexactAbove
        );
        assert_eq!(read("-9223372036854775809", I128), Reading::InexactBelow);
        assert_eq!(
            read("-170141183460469231731687303715884105728", I128),
            Reading::InexactBelow
        );
        // No integer of the range rounds to these: out of range outright.
        assert_eq!(read("1e39", U128), Reading::Above);
        assert_eq!(read("-1e39", I128), Reading::Below);
        assert_eq!(read("-1e19", U128), Reading::Below);
        // The 64-bit types read as they did.
        assert_eq!(
            read("18446744073709551616", (0, u64::MAX.into())),
            Reading::Above
        );
    }

    #[test]
    fn the_lines_say_which_end() {
        let n: Number = serde_json::from_str("-1e20").unwrap();
        assert_eq!(
            out_of_range(&n, I128.0, I128.1).as_deref(),
            Some(
                "must be at least -9223372036854775808, the smallest integer read exactly, got -1e+20"
            )
        );
        assert_eq!(
            out_of_range(&n, 0, u128::MAX).as_deref(),
            Some("must be at least 0, got -1e+20")
        );
    }
}
