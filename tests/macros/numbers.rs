//! Numbers are exact: every integer width and both float types, the schema
//! a host receives and the line a model reads, from a `Value` and from the
//! JSON text, which must always agree.

use serde_json::{Value, json};
use toolsmith::{Tool, tool, validate_input, validate_input_str};

/// One tool per number type, each taking `n`.
macro_rules! takes {
    ($($name:ident: $ty:ty),* $(,)?) => {$(
        #[tool(description = "Takes a number.")]
        fn $name(n: $ty) -> String {
            n.to_string()
        }
    )*};
}

takes! {
    take_u8: u8, take_i8: i8, take_u16: u16, take_i16: i16, take_u32: u32, take_i32: i32,
    take_u64: u64, take_i64: i64, take_usize: usize, take_isize: isize,
    take_u128: u128, take_i128: i128, take_f32: f32, take_f64: f64,
}

/// Takes every number type.
#[tool]
#[allow(clippy::too_many_arguments)]
fn every_width(
    a_u8: u8,
    a_i8: i8,
    a_u16: u16,
    a_i16: i16,
    a_u32: u32,
    a_i32: i32,
    a_u64: u64,
    a_i64: i64,
    a_usize: usize,
    a_isize: isize,
    a_u128: u128,
    a_i128: i128,
    a_f32: f32,
    a_f64: f64,
) {
    let _ = (
        a_u8, a_i8, a_u16, a_i16, a_u32, a_i32, a_u64, a_i64, a_usize, a_isize, a_u128, a_i128,
        a_f32, a_f64,
    );
}

/// Bounded numbers.
#[tool]
fn bounded(
    #[arg(min = 1, max = 18446744073709551615)] big: u64,
    #[arg(min = -9223372036854775807)] low: i128,
    #[arg(max = 1.5)] ratio: f32,
) {
    let _ = (big, low, ratio);
}

/// The lines for `{"n": <number>}`, which must be the same from a `Value`
/// and from the text.
fn lines<T: Tool<Args: std::fmt::Debug>>(tool: &T, number: &str) -> Vec<String> {
    let text = format!(r#"{{"n": {number}}}"#);
    let value: Value = serde_json::from_str(&text).unwrap();
    let from_value = validate_input(tool, &value).unwrap_err().lines().to_vec();
    let from_str = validate_input_str(tool, &text)
        .unwrap_err()
        .lines()
        .to_vec();
    assert_eq!(from_value, from_str, "{number} for {}", tool.name());
    from_value
}

/// `lines` for one problem: its line.
fn line<T: Tool<Args: std::fmt::Debug>>(tool: &T, number: &str) -> String {
    let lines = lines(tool, number);
    assert_eq!(lines.len(), 1, "{lines:?}");
    lines.into_iter().next().unwrap()
}

/// What the function receives for `{"n": <number>}`, the same from a
/// `Value` and from the text.
macro_rules! reads {
    ($tool:expr, $number:expr) => {{
        let text = format!(r#"{{"n": {}}}"#, $number);
        let value: Value = serde_json::from_str(&text).unwrap();
        let from_value = validate_input(&$tool, &value).unwrap().n;
        let from_str = validate_input_str(&$tool, &text).unwrap().n;
        assert_eq!(from_value, from_str, "{} for {}", $number, $tool.name());
        from_value
    }};
}

#[test]
fn schemas_state_the_ranges_that_tell_a_model_something() {
    crate::support::assert_snapshot("every-width", EveryWidth.input_schema());
    crate::support::assert_snapshot("bounded", Bounded.input_schema());
}

#[test]
fn one_past_each_end_is_a_bound_line_at_every_width() {
    let at_most =
        |max: &str, got: &str| format!("Invalid arguments at /n: must be at most {max}, got {got}");
    let at_least = |min: &str, got: &str| {
        format!("Invalid arguments at /n: must be at least {min}, got {got}")
    };
    assert_eq!(line(&TakeU8, "256"), at_most("255", "256"));
    assert_eq!(line(&TakeU8, "-1"), at_least("0", "-1"));
    assert_eq!(line(&TakeI8, "128"), at_most("127", "128"));
    assert_eq!(line(&TakeI8, "-129"), at_least("-128", "-129"));
    assert_eq!(line(&TakeU16, "65536"), at_most("65535", "65536"));
    assert_eq!(line(&TakeU16, "-1"), at_least("0", "-1"));
    assert_eq!(line(&TakeI16, "32768"), at_most("32767", "32768"));
    assert_eq!(line(&TakeI16, "-32769"), at_least("-32768", "-32769"));
    assert_eq!(
        line(&TakeU32, "4294967296"),
        at_most("4294967295", "4294967296")
    );
    assert_eq!(line(&TakeU32, "-1"), at_least("0", "-1"));
    assert_eq!(
        line(&TakeI32, "2147483648"),
        at_most("2147483647", "2147483648")
    );
    assert_eq!(
        line(&TakeI32, "-2147483649"),
        at_least("-2147483648", "-2147483649")
    );
    // Past 64 bits the number is held as the nearest float, and shown so.
    assert_eq!(
        line(&TakeU64, "18446744073709551616"),
        at_most("18446744073709551615", "1.8446744073709552e+19")
    );
    assert_eq!(line(&TakeU64, "-1"), at_least("0", "-1"));
    assert_eq!(
        line(&TakeUsize, "18446744073709551616"),
        at_most("18446744073709551615", "1.8446744073709552e+19")
    );
    assert_eq!(line(&TakeUsize, "-1"), at_least("0", "-1"));
    assert_eq!(
        line(&TakeI64, "9223372036854775808"),
        at_most("9223372036854775807", "9223372036854775808")
    );
    assert_eq!(
        line(&TakeI64, "-9223372036854775809"),
        at_least("-9223372036854775808", "-9.223372036854776e+18")
    );
    assert_eq!(
        line(&TakeIsize, "9223372036854775808"),
        at_most("9223372036854775807", "9223372036854775808")
    );
    assert_eq!(
        line(&TakeIsize, "-9223372036854775809"),
        at_least("-9223372036854775808", "-9.223372036854776e+18")
    );
    // One past each end of the 128-bit types is past the integers a
    // `Value` holds exactly, which is what the lines name.
    assert_eq!(
        line(&TakeU128, "340282366920938463463374607431768211456"),
        at_most(EXACT_MAX, "3.402823669209385e+38")
    );
    assert_eq!(line(&TakeU128, "-1"), at_least("0", "-1"));
    assert_eq!(
        line(&TakeI128, "170141183460469231731687303715884105728"),
        at_most(EXACT_MAX, "1.7014118346046923e+38")
    );
    assert_eq!(
        line(&TakeI128, "-170141183460469231731687303715884105729"),
        at_least(EXACT_MIN, "-1.7014118346046923e+38")
    );
}

/// The end of the integers a `Value` holds exactly, as the lines name it.
const EXACT_MAX: &str = "18446744073709551615, the largest integer read exactly";
const EXACT_MIN: &str = "-9223372036854775808, the smallest integer read exactly";

#[test]
fn huge_numbers_are_bound_lines_or_not_json() {
    assert_eq!(
        line(&TakeU8, "1e39"),
        "Invalid arguments at /n: must be at most 255, got 1e+39"
    );
    assert_eq!(
        line(&TakeI64, "-1e39"),
        "Invalid arguments at /n: must be at least -9223372036854775808, got -1e+39"
    );
    assert_eq!(
        line(&TakeU128, "1e39"),
        "Invalid arguments at /n: must be at most 340282366920938463463374607431768211455, got 1e+39"
    );
    // `serde_json` reads no number beyond the f64 range, so neither path
    // has a value to hand on.
    for (number, column) in [("1e400", 11), ("-1e400", 12)] {
        let text = format!(r#"{{"n": {number}}}"#);
        assert!(serde_json::from_str::<Value>(&text).is_err());
        assert_eq!(
            validate_input_str(&TakeF64, &text).unwrap_err().lines(),
            [format!(
                "Invalid arguments: number out of range at line 1 column {column}"
            )]
        );
    }
}

#[test]
fn f32_takes_the_numbers_that_stay_finite() {
    assert_eq!(
        line(&TakeF32, "1e39"),
        "Invalid arguments at /n: must be at most 3.4028235677973362e+38, got 1e+39"
    );
    assert_eq!(
        line(&TakeF32, "-3.5e38"),
        "Invalid arguments at /n: must be at least -3.4028235677973362e+38, got -3.5e+38"
    );
    assert_eq!(reads!(TakeF32, "3.4028235677973362e38"), f32::MAX);
    assert_eq!(reads!(TakeF32, "-3.4028235e38"), f32::MIN);
    assert_eq!(reads!(TakeF64, "1e308"), 1e308);
    assert_eq!(
        line(&TakeF32, "3.40282357e38"),
        "Invalid arguments at /n: must be at most 3.4028235677973362e+38, got 3.40282357e+38"
    );
}

#[test]
fn integral_floats_are_integers_at_every_width() {
    assert_eq!(reads!(TakeU8, "5.0"), 5);
    assert_eq!(reads!(TakeI8, "-5.0"), -5);
    assert_eq!(reads!(TakeU16, "5.0"), 5);
    assert_eq!(reads!(TakeI16, "5.0"), 5);
    assert_eq!(reads!(TakeU32, "5.0"), 5);
    assert_eq!(reads!(TakeI32, "5e0"), 5);
    assert_eq!(reads!(TakeU64, "5.0"), 5);
    assert_eq!(reads!(TakeI64, "5.0"), 5);
    assert_eq!(reads!(TakeUsize, "5.0"), 5);
    assert_eq!(reads!(TakeIsize, "5.0"), 5);
    assert_eq!(reads!(TakeU128, "5.0"), 5);
    assert_eq!(reads!(TakeI128, "5.0"), 5);
    // Beyond 2^53, where the float still stands for integers of the type.
    assert_eq!(reads!(TakeU64, "1e18"), 1_000_000_000_000_000_000);
    assert_eq!(reads!(TakeI64, "-1e18"), -1_000_000_000_000_000_000);
    assert_eq!(reads!(TakeU128, "1e19"), 10_000_000_000_000_000_000);
    assert_eq!(reads!(TakeI128, "-1e18"), -1_000_000_000_000_000_000);
    assert_eq!(
        line(&TakeU8, "5.5"),
        "Invalid arguments at /n: must be an integer, got number 5.5"
    );
}

#[test]
fn negative_zero_is_zero() {
    assert_eq!(reads!(TakeU8, "-0.0"), 0);
    assert_eq!(reads!(TakeI64, "-0.0"), 0);
    assert_eq!(reads!(TakeU128, "-0"), 0);
    let zero = reads!(TakeF64, "-0.0");
    assert!(zero == 0.0 && zero.is_sign_negative());
}

#[test]
fn integers_past_64_bits_are_refused_never_rounded() {
    // A `Value` holds an integer past `u64` (or below `i64`) as the nearest
    // float, which stands for many: 18446744073709551617 would reach the
    // function as 18446744073709551616. Both paths refuse it, and the line
    // says what is read exactly.
    let at_most =
        |got: &str| format!("Invalid arguments at /n: must be at most {EXACT_MAX}, got {got}");
    let at_least =
        |got: &str| format!("Invalid arguments at /n: must be at least {EXACT_MIN}, got {got}");
    assert_eq!(
        line(&TakeU128, "18446744073709551617"),
        at_most("1.8446744073709552e+19")
    );
    assert_eq!(
        line(&TakeI128, "-9223372036854775809"),
        at_least("-9.223372036854776e+18")
    );
    // The ends of the types themselves: never a line that names the bound
    // the number sent is.
    assert_eq!(
        line(&TakeU128, "340282366920938463463374607431768211455"),
        at_most("3.402823669209385e+38")
    );
    assert_eq!(
        line(&TakeI128, "170141183460469231731687303715884105727"),
        at_most("1.7014118346046923e+38")
    );
    assert_eq!(
        line(&TakeI128, "-170141183460469231731687303715884105728"),
        at_least("-1.7014118346046923e+38")
    );
    assert_eq!(
        line(&TakeNonZeroU128, "1180591620717411303424"),
        at_most("1.1805916207174113e+21")
    );
    assert_eq!(line(&TakeU128, "1e30"), at_most("1e+30"));
    assert_eq!(line(&TakeI128, "-1e30"), at_least("-1e+30"));
    // The ends of what a `Value` holds exactly reach the function.
    assert_eq!(
        reads!(TakeU128, "18446744073709551615"),
        u128::from(u64::MAX)
    );
    assert_eq!(
        reads!(TakeI128, "18446744073709551615"),
        i128::from(u64::MAX)
    );
    assert_eq!(
        reads!(TakeI128, "-9223372036854775808"),
        i128::from(i64::MIN)
    );
    assert_eq!(
        reads!(TakeNonZeroU128, "18446744073709551615").get(),
        u128::from(u64::MAX)
    );
}

/// Takes a nonzero 128-bit count.
#[tool]
fn take_non_zero_u128(n: std::num::NonZeroU128) -> String {
    n.to_string()
}

/// `base + offset` in decimal, for a base beyond `u128` too.
fn decimal(negative: bool, base: Base, offset: i64) -> String {
    let magnitude = match base {
        Base::Power(p) => (1u128 << p)
            .checked_add_signed(offset.into())
            .map(|m| m.to_string()),
        // 2^128 + offset, with `offset` in -2^32..2^32: u128::MAX + offset + 1.
        Base::Power128 => u128::MAX
            .checked_add_signed(i128::from(offset) + 1)
            .map(|m| m.to_string()),
    };
    let magnitude = magnitude.unwrap_or_else(|| {
        // Past u128::MAX: add the digits of the part past it.
        let past = u128::try_from(i128::from(offset) + 1).unwrap_or(0);
        add_decimal("340282366920938463463374607431768211455", past)
    });
    if negative && magnitude != "0" {
        format!("-{magnitude}")
    } else {
        magnitude
    }
}

/// `digits + small`, in decimal.
fn add_decimal(digits: &str, small: u128) -> String {
    let mut out = Vec::with_capacity(digits.len() + 1);
    let mut carry = small;
    for d in digits.bytes().rev() {
        let sum = u128::from(d - b'0') + carry;
        out.push(b'0' + (sum % 10) as u8);
        carry = sum / 10;
    }
    while carry > 0 {
        out.push(b'0' + (carry % 10) as u8);
        carry /= 10;
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

#[derive(Debug, Clone, Copy)]
enum Base {
    /// 2^p, for p below 128.
    Power(u32),
    Power128,
}

/// The verdict of one path: what the function receives, or the lines.
fn verdict<T: Tool>(
    result: Result<T::Args, toolsmith::ToolInputError>,
    n: impl Fn(&T::Args) -> String,
) -> Result<String, Vec<String>> {
    result
        .map(|args| n(&args))
        .map_err(|err| err.lines().to_vec())
}

/// For integers around 2^53, 2^63, 2^64, 2^127 and 2^128, of either sign,
/// the text path and the `Value` path answer alike for every wide integer
/// type, and what reaches the function is the integer sent, exactly.
#[test]
fn wide_integers_arrive_exactly_or_not_at_all_on_both_paths() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    fn check<T: Tool>(
        tool: &T,
        text: &str,
        digits: &str,
        n: impl Fn(&T::Args) -> String + Copy,
    ) -> Result<(), TestCaseError> {
        let value: Value = serde_json::from_str(text).unwrap();
        let from_value = verdict::<T>(validate_input(tool, &value), n);
        let from_str = verdict::<T>(validate_input_str(tool, text), n);
        prop_assert_eq!(&from_value, &from_str, "{} for {}", text, tool.name());
        if let Ok(received) = from_value {
            prop_assert_eq!(received, digits, "{} for {}", text, tool.name());
        }
        Ok(())
    }

    let base = prop_oneof![
        Just(Base::Power(53)),
        Just(Base::Power(63)),
        Just(Base::Power(64)),
        Just(Base::Power(127)),
        Just(Base::Power128),
    ];
    let offset = prop_oneof![-4i64..=4, -5000i64..=5000, -(1i64 << 32)..=(1i64 << 32)];
    let mut runner = TestRunner::new(Config {
        cases: 2000,
        failure_persistence: None,
        ..Config::default()
    });
    let (read, refused) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
    runner
        .run(
            &(any::<bool>(), base, offset),
            |(negative, base, offset)| {
                let digits = decimal(negative, base, offset);
                let text = format!(r#"{{"n": {digits}}}"#);
                check(&TakeU64, &text, &digits, |a| a.n.to_string())?;
                check(&TakeI64, &text, &digits, |a| a.n.to_string())?;
                check(&TakeU128, &text, &digits, |a| a.n.to_string())?;
                check(&TakeI128, &text, &digits, |a| a.n.to_string())?;
                match validate_input_str(&TakeI128, &text) {
                    Ok(_) => read.set(read.get() + 1),
                    Err(_) => refused.set(refused.get() + 1),
                }
                Ok(())
            },
        )
        .unwrap();
    // The generator reaches both sides of the line.
    let (read, refused) = (read.get(), refused.get());
    assert!(
        read > 100 && refused > 100,
        "{read} read, {refused} refused"
    );
}

#[test]
fn declared_bounds_are_exact_at_64_bits() {
    let call = |big: &str| format!(r#"{{"big": {big}, "low": 0, "ratio": 1}}"#);
    let text = call("0");
    let value: Value = serde_json::from_str(&text).unwrap();
    let lines = validate_input(&Bounded, &value)
        .unwrap_err()
        .lines()
        .to_vec();
    assert_eq!(
        lines,
        ["Invalid arguments at /big: must be at least 1, got 0"]
    );
    assert_eq!(
        validate_input_str(&Bounded, &text).unwrap_err().lines(),
        lines
    );
    let args = validate_input_str(&Bounded, &call("18446744073709551615")).unwrap();
    assert_eq!(args.big, u64::MAX);
    assert_eq!(
        validate_input_str(
            &Bounded,
            r#"{"big": 1, "low": -9223372036854775808, "ratio": 1}"#
        )
        .unwrap_err()
        .lines(),
        [
            "Invalid arguments at /low: must be at least -9223372036854775807, got -9223372036854775808"
        ]
    );
    assert_eq!(
        validate_input_str(&Bounded, r#"{"big": 1, "low": 0, "ratio": 1.6}"#)
            .unwrap_err()
            .lines(),
        ["Invalid arguments at /ratio: must be at most 1.5, got 1.6"]
    );
}

/// A reading of a meter.
#[derive(Debug, serde::Deserialize, toolsmith::ToolArg)]
#[serde(deny_unknown_fields)]
struct Reading {
    /// Counter value.
    total: u64,
    /// Samples.
    samples: Vec<i64>,
}

/// Records readings.
#[tool]
fn record(readings: Vec<Reading>) -> usize {
    readings.len()
}

#[test]
fn nested_numbers_keep_their_pointer() {
    let text = r#"{"readings": [
        {"total": 1e18, "samples": [5.0]},
        {"total": 18446744073709551616, "samples": [1, -9223372036854775809]}
    ]}"#;
    let value: Value = serde_json::from_str(text).unwrap();
    let lines = validate_input(&Record, &value)
        .unwrap_err()
        .lines()
        .to_vec();
    assert_eq!(
        lines,
        [
            "Invalid arguments at /readings/1/total: must be at most 18446744073709551615, got 1.8446744073709552e+19",
            "Invalid arguments at /readings/1/samples/1: must be at least -9223372036854775808, got -9.223372036854776e+18",
        ]
    );
    assert_eq!(
        validate_input_str(&Record, text).unwrap_err().lines(),
        lines
    );
    let ok = r#"{"readings": [{"total": 1e18, "samples": [5.0, -0.0]}]}"#;
    let args = validate_input_str(&Record, ok).unwrap();
    assert_eq!(args.readings[0].total, 1_000_000_000_000_000_000);
    assert_eq!(args.readings[0].samples, [5, 0]);
}

/// The validator of a tool enforces the ranges its advertised schema leaves
/// out, with the typed path's words, so both paths refuse alike.
#[test]
fn the_validator_enforces_unstated_ranges() {
    let past = json!({"n": 18446744073709551616.0_f64});
    let validator = TakeU64.validator();
    assert_eq!(
        validator.validate(&past).unwrap_err().lines(),
        [
            "Invalid arguments at /n: must be at most 18446744073709551615, got 1.8446744073709552e+19"
        ]
    );
    assert_eq!(
        validate_input(&TakeU64, &past).unwrap_err().lines(),
        validator.validate(&past).unwrap_err().lines()
    );
    assert!(!TakeU64.input_schema().to_string().contains("x-toolsmith"));
}

/// The typed path and the validator agree on generated calls of every
/// tool here (see `crate::support::agreement`).
#[test]
fn tools_agree_with_their_schemas() {
    crate::support::agreement::assert_agreement(&EveryWidth);
    crate::support::agreement::assert_agreement(&Bounded);
    crate::support::agreement::assert_agreement(&Record);
}
