//! Numbers compared by value, as JSON Schema requires: `1`, `1.0` and
//! `1e0` are the same number, whatever serde_json stored them as.

use std::cmp::Ordering;

use serde_json::Number;

/// A number in a form that compares exactly across storage kinds.
#[derive(Debug, Clone, Copy)]
enum Exact {
    Int(i128),
    Float(f64),
}

fn exact(n: &Number) -> Exact {
    if let Some(u) = n.as_u64() {
        Exact::Int(i128::from(u))
    } else if let Some(i) = n.as_i64() {
        Exact::Int(i128::from(i))
    } else {
        exact_float(n.as_f64().unwrap_or(f64::NAN))
    }
}

/// Out of line, so the float conversions are not computed ahead of the
/// integer checks on every call.
#[inline(never)]
fn exact_float(f: f64) -> Exact {
    // 2^100 is far beyond any u64/i64 and well inside i128.
    if f.fract() == 0.0 && f.abs() < 1.0e30 {
        Exact::Int(f as i128)
    } else {
        Exact::Float(f)
    }
}

/// Whether `n` is an integer in JSON Schema's sense (`1.0` is).
pub(crate) fn is_integer(n: &Number) -> bool {
    if n.is_u64() || n.is_i64() {
        return true;
    }
    n.as_f64()
        .is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

/// Orders two numbers by value.
pub(crate) fn compare(a: &Number, b: &Number) -> Ordering {
    if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
        return x.cmp(&y);
    }
    match (exact(a), exact(b)) {
        (Exact::Int(x), Exact::Int(y)) => x.cmp(&y),
        (Exact::Int(x), Exact::Float(y)) => (x as f64).partial_cmp(&y).unwrap_or(Ordering::Equal),
        (Exact::Float(x), Exact::Int(y)) => x.partial_cmp(&(y as f64)).unwrap_or(Ordering::Equal),
        (Exact::Float(x), Exact::Float(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}

/// Whether two numbers are equal by value.
pub(crate) fn equal(a: &Number, b: &Number) -> bool {
    compare(a, b) == Ordering::Equal
}

/// A key equal for numbers equal by value, for hashing.
pub(crate) fn hash_key(n: &Number) -> (u8, u128) {
    match exact(n) {
        Exact::Int(i) => (0, i as u128),
        Exact::Float(f) => (1, u128::from(f.to_bits())),
    }
}

/// A number as `mantissa × 10^exponent`, read from its decimal text so
/// `0.0075` stays exactly 75 × 10^-4 instead of its binary approximation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Decimal {
    mantissa: i128,
    exponent: i32,
}

fn decimal(n: &Number) -> Option<Decimal> {
    if let Some(u) = n.as_u64() {
        return Some(Decimal {
            mantissa: i128::from(u),
            exponent: 0,
        });
    }
    if let Some(i) = n.as_i64() {
        return Some(Decimal {
            mantissa: i128::from(i),
            exponent: 0,
        });
    }
    parse_decimal(&n.to_string())
}

fn parse_decimal(text: &str) -> Option<Decimal> {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (digits, exp) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let mut mantissa: i128 = 0;
    for b in int.bytes().chain(frac.bytes()) {
        if !b.is_ascii_digit() {
            return None;
        }
        mantissa = mantissa
            .checked_mul(10)?
            .checked_add(i128::from(b - b'0'))?;
    }
    let mut exponent = exp.checked_sub(i32::try_from(frac.len()).ok()?)?;
    while mantissa != 0 && mantissa % 10 == 0 {
        mantissa /= 10;
        exponent += 1;
    }
    Some(Decimal {
        mantissa: if negative { -mantissa } else { mantissa },
        exponent,
    })
}

/// 10^e mod m, for e ≥ 0 and m > 0.
fn pow10_mod(mut e: u32, m: i128) -> i128 {
    let mut result = 1 % m;
    let mut base = 10 % m;
    while e > 0 {
        if e & 1 == 1 {
            result = mul_mod(result, base, m);
        }
        base = mul_mod(base, base, m);
        e >>= 1;
    }
    result
}

fn mul_mod(a: i128, b: i128, m: i128) -> i128 {
    // Operands stay below m, which is below 2^63 where this is used.
    a.checked_mul(b)
        .map_or_else(|| ((a as u128 * b as u128) % m as u128) as i128, |p| p % m)
}

/// Whether `value` is an integer multiple of `step` (a positive number).
pub(crate) fn is_multiple_of(value: &Number, step: &Number) -> bool {
    if let (Some(v), Some(s)) = (value.as_u64(), step.as_u64()) {
        return s != 0 && v % s == 0;
    }
    if let (Some(v), Some(s)) = (value.as_i64(), step.as_i64()) {
        return s != 0 && v % s == 0;
    }
    match (decimal(value), decimal(step)) {
        (Some(v), Some(s)) if s.mantissa != 0 && s.mantissa.unsigned_abs() < (1 << 62) => {
            let step_mantissa = s.mantissa.abs();
            // value / step = (v.m / s.m) × 10^(v.e − s.e)
            let shift = i64::from(v.exponent) - i64::from(s.exponent);
            if v.mantissa == 0 {
                true
            } else if shift >= 0 {
                let rest = v.mantissa.rem_euclid(step_mantissa);
                let shift = u32::try_from(shift).unwrap_or(u32::MAX);
                mul_mod(rest, pow10_mod(shift, step_mantissa), step_mantissa) == 0
            } else {
                let Ok(shift) = u32::try_from(-shift) else {
                    return false;
                };
                match 10i128
                    .checked_pow(shift)
                    .and_then(|p| p.checked_mul(step_mantissa))
                {
                    Some(divisor) => v.mantissa % divisor == 0,
                    // The divisor exceeds any mantissa we hold.
                    None => false,
                }
            }
        }
        _ => {
            let (v, s) = (
                value.as_f64().unwrap_or(f64::NAN),
                step.as_f64().unwrap_or(f64::NAN),
            );
            let quotient = v / s;
            quotient.is_finite() && quotient.fract() == 0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(v: serde_json::Value) -> Number {
        match v {
            serde_json::Value::Number(n) => n,
            _ => unreachable!(),
        }
    }

    #[test]
    fn compares_across_kinds() {
        assert!(equal(&n(json!(1)), &n(json!(1.0))));
        assert!(equal(&n(json!(-1)), &n(json!(-1.0))));
        assert_eq!(
            compare(&n(json!(u64::MAX)), &n(json!(-1))),
            Ordering::Greater
        );
        assert_eq!(compare(&n(json!(2)), &n(json!(2.5))), Ordering::Less);
    }

    #[test]
    fn integers_include_integral_floats() {
        assert!(is_integer(&n(json!(1.0))));
        assert!(!is_integer(&n(json!(1.5))));
    }

    #[test]
    fn multiples_are_exact_in_decimal() {
        assert!(is_multiple_of(&n(json!(0.0075)), &n(json!(0.0001))));
        assert!(!is_multiple_of(&n(json!(0.00751)), &n(json!(0.0001))));
        assert!(is_multiple_of(&n(json!(4.5)), &n(json!(1.5))));
        assert!(!is_multiple_of(&n(json!(35)), &n(json!(1.5))));
        assert!(!is_multiple_of(&n(json!(1e308)), &n(json!(0.123456789))));
        assert!(is_multiple_of(&n(json!(12391239123u64)), &n(json!(1e-8))));
        assert!(is_multiple_of(&n(json!(10)), &n(json!(2))));
        assert!(!is_multiple_of(&n(json!(7)), &n(json!(2))));
        assert!(is_multiple_of(&n(json!(-6)), &n(json!(3))));
    }
}
