//! Reading a call that passed the schema into the argument types.
//!
//! The schema speaks of JSON numbers, serde of Rust types; this reader sits
//! between them, told by serde which type each value becomes:
//!
//! - an integer type takes an integer-valued float (`5.0`, `1e18`) when the
//!   float stands for one integer of the type's range: every float below
//!   2^53 in magnitude, a larger one when every integer that rounds to it is
//!   in range (`-9223372036854775809` rounds to the float of `i64::MIN`, so
//!   that float is refused for an `i64`);
//! - every number type's range is enforced, also where the schema leaves it
//!   unstated (`u64`'s maximum, both ends of `i64` and the 128-bit types),
//!   with the validator's words for a bound: `must be at most 255, got 300`;
//! - anything else serde refuses is reported at its pointer.
//!
//! A `serde_json::Value` holds integers beyond 64 bits as the nearest float,
//! which stands for many integers: a 128-bit type reads only the integers a
//! `Value` holds exactly (`i64::MIN` to `u64::MAX`) and refuses a float
//! beyond them with a line that says so (see `integer_reading`). `validate_input_str`
//! reads digits exactly on its fast path, and refuses there too what a
//! `Value` cannot hold (`survives_value`), so both paths answer alike.
//!
//! Range problems are found once the call passes the schema, since the
//! schema does not state the ranges read here.

use std::cell::RefCell;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor,
};
use serde_json::{Error, Map, Number, Value};

use crate::domain::F32_LIMIT;
use crate::error::{Issue, IssueKind, Problems, ToolInputError};
use crate::integer_reading::{Reading, Whole, problem, reading};
use crate::pointer::{Step, to_pointer};
use crate::strict::Strict;

/// Deserializes `value`, which passed the schema, into `T`: every range
/// problem as a bound line, or serde's refusal at its pointer.
pub(crate) fn read<T: DeserializeOwned>(value: &Value) -> Result<T, ToolInputError> {
    let found = RefCell::new(Found::default());
    let result = T::deserialize(Strict::<_, true>(Reader {
        value,
        at: &Trail::Root,
        found: &found,
    }));
    let Found {
        mut problems,
        failure,
    } = found.into_inner();
    match result {
        Ok(args) => problems.into_result().map(|()| args),
        Err(err) => {
            let problem = crate::echo::shown(&err.to_string(), 200);
            let at = failure.unwrap_or_default();
            problems.push_with(|| Issue::new(at, IssueKind::Deserialize, problem));
            Err(problems
                .into_result()
                .err()
                .unwrap_or_else(|| ToolInputError::new(Vec::new(), 0)))
        }
    }
}

#[derive(Default)]
struct Found {
    problems: Problems,
    /// Where serde first refused a value: the innermost location.
    failure: Option<String>,
}

/// The way from the root to a value, on the stack.
enum Trail<'t> {
    Root,
    Key(&'t Trail<'t>, &'t str),
    Index(&'t Trail<'t>, usize),
}

impl Trail<'_> {
    fn pointer(&self) -> String {
        let mut steps = Vec::new();
        let mut trail = self;
        loop {
            match trail {
                Trail::Root => break,
                Trail::Key(parent, key) => {
                    steps.push(Step::Key(key));
                    trail = parent;
                }
                Trail::Index(parent, index) => {
                    steps.push(Step::Index(*index));
                    trail = parent;
                }
            }
        }
        steps.reverse();
        to_pointer(&steps)
    }
}

/// A value and where it is, deserialized for the type serde asks for.
#[derive(Clone, Copy)]
struct Reader<'v, 't> {
    value: &'v Value,
    at: &'t Trail<'t>,
    found: &'t RefCell<Found>,
}

/// Whether a 128-bit integer read exactly from JSON text is one a `Value`
/// holds exactly, an `i64` or a `u64`: so that `validate_input_str`
/// answers as `validate_input` does, which reads no other.
pub(crate) fn survives_value<T>(value: T) -> bool
where
    T: Copy + TryInto<i64> + TryInto<u64>,
{
    TryInto::<i64>::try_into(value).is_ok() || TryInto::<u64>::try_into(value).is_ok()
}

impl<'v, 't> Reader<'v, 't> {
    /// Notes where serde refused, unless a value inside already did.
    fn failed(&self, err: Error) -> Error {
        let mut found = self.found.borrow_mut();
        if found.failure.is_none() {
            found.failure = Some(self.at.pointer());
        }
        err
    }

    fn serde<R>(self, read: impl FnOnce(&'v Value) -> Result<R, Error>) -> Result<R, Error> {
        read(self.value).map_err(|err| self.failed(err))
    }

    /// Reports `must be at most …` with the validator's words; the reading
    /// goes on with an in-range stand-in so that every such problem is found.
    fn out_of_range(&self, words: &str, bound: &dyn std::fmt::Display, n: &Number) {
        self.bound_problem(format!("must be {words} {bound}, got {n}"));
    }

    fn bound_problem(&self, problem: String) {
        let at = self.at;
        self.found
            .borrow_mut()
            .problems
            .push_with(|| Issue::new(at.pointer(), IssueKind::Bound, problem));
    }

    fn integer<V: Visitor<'v>>(
        self,
        min: i128,
        max: u128,
        visitor: V,
        read: impl FnOnce(&'v Value, V) -> Result<V::Value, Error>,
    ) -> Result<V::Value, Error> {
        let Value::Number(n) = self.value else {
            return self.serde(|value| read(value, visitor));
        };
        let reading = reading(n, min, max);
        let result = match reading {
            Reading::In(Whole::Up(u)) => match u64::try_from(u) {
                Ok(u) => visitor.visit_u64(u),
                Err(_) => visitor.visit_u128(u),
            },
            Reading::In(Whole::Down(m)) => {
                // m is at most 2^127 here, so the negation fits.
                let i = 0i128.wrapping_sub_unsigned(m);
                match i64::try_from(i) {
                    Ok(i) => visitor.visit_i64(i),
                    Err(_) => visitor.visit_i128(i),
                }
            }
            Reading::Below | Reading::Above | Reading::InexactBelow | Reading::InexactAbove => {
                if let Some(problem) = problem(reading, n, min, max) {
                    self.bound_problem(problem);
                }
                // 1 is in the range of every integer type, `NonZero*` too.
                visitor.visit_u64(1)
            }
            Reading::Fraction => return self.serde(|value| read(value, visitor)),
        };
        result.map_err(|err| self.failed(err))
    }

    fn seq<V: Visitor<'v>>(self, items: &'v [Value], visitor: V) -> Result<V::Value, Error> {
        let mut access = Items {
            iter: items.iter().enumerate(),
            at: self.at,
            found: self.found,
        };
        let value = visitor
            .visit_seq(&mut access)
            .map_err(|err| self.failed(err))?;
        if access.iter.len() == 0 {
            Ok(value)
        } else {
            Err(self.failed(de::Error::invalid_length(
                items.len(),
                &"fewer elements in array",
            )))
        }
    }

    fn map<V: Visitor<'v>>(
        self,
        map: &'v Map<String, Value>,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let mut access = Entries {
            iter: map.iter(),
            value: None,
            at: self.at,
            found: self.found,
        };
        let value = visitor
            .visit_map(&mut access)
            .map_err(|err| self.failed(err))?;
        if access.iter.len() == 0 {
            Ok(value)
        } else {
            Err(self.failed(de::Error::invalid_length(
                map.len(),
                &"fewer elements in map",
            )))
        }
    }
}

/// The integer methods: each knows its type's range.
macro_rules! integers {
    ($($method:ident: $ty:ty),* $(,)?) => {$(
        fn $method<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
            self.integer(<$ty>::MIN as i128, <$ty>::MAX as u128, visitor, |value, visitor| {
                value.$method(visitor)
            })
        }
    )*};
}

/// Methods with nothing to add: `serde_json`'s reading of the value.
macro_rules! serde_json_reads {
    ($($method:ident),* $(,)?) => {$(
        fn $method<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
            self.serde(|value| value.$method(visitor))
        }
    )*};
}

impl<'v> Deserializer<'v> for Reader<'v, '_> {
    type Error = Error;

    integers! {
        deserialize_u8: u8, deserialize_u16: u16, deserialize_u32: u32,
        deserialize_u64: u64, deserialize_u128: u128,
        deserialize_i8: i8, deserialize_i16: i16, deserialize_i32: i32,
        deserialize_i64: i64, deserialize_i128: i128,
    }

    serde_json_reads! {
        deserialize_bool, deserialize_f64, deserialize_char, deserialize_str,
        deserialize_string, deserialize_bytes, deserialize_byte_buf, deserialize_unit,
        deserialize_identifier, deserialize_ignored_any,
    }

    fn deserialize_any<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Array(items) => self.seq(items, visitor),
            Value::Object(map) => self.map(map, visitor),
            // serde buffers a tagged enum's fields before it knows their
            // types: an integer-valued float goes in as the integer it
            // stands for, which an integer type reads as the typed path
            // does and a float type reads back exactly.
            Value::Number(n) if n.is_f64() => {
                match reading(n, i128::from(i64::MIN), u128::from(u64::MAX)) {
                    Reading::In(Whole::Up(u)) => match u64::try_from(u) {
                        Ok(u) => visitor.visit_u64(u),
                        Err(_) => visitor.visit_u128(u),
                    },
                    Reading::In(Whole::Down(m)) => {
                        let i = 0i128.wrapping_sub_unsigned(m);
                        match i64::try_from(i) {
                            Ok(i) => visitor.visit_i64(i),
                            Err(_) => visitor.visit_i128(i),
                        }
                    }
                    _ => return self.serde(|value| value.deserialize_any(visitor)),
                }
                .map_err(|err| self.failed(err))
            }
            _ => self.serde(|value| value.deserialize_any(visitor)),
        }
    }

    /// A number whose `f32` would be infinite is out of range.
    fn deserialize_f32<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        if let Value::Number(n) = self.value
            && let Some(f) = n.as_f64()
            && (f as f32).is_infinite()
        {
            let (words, limit) = if f > 0.0 {
                ("at most", F32_LIMIT)
            } else {
                ("at least", -F32_LIMIT)
            };
            let limit = Number::from_f64(limit).unwrap_or_else(|| Number::from(0));
            self.out_of_range(words, &limit, n);
            return visitor.visit_f32(0.0).map_err(|err| self.failed(err));
        }
        self.serde(|value| value.deserialize_f32(visitor))
    }

    fn deserialize_option<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
        .map_err(|err| self.failed(err))
    }

    fn deserialize_unit_struct<V: Visitor<'v>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.serde(|value| value.deserialize_unit_struct(name, visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'v>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor
            .visit_newtype_struct(self)
            .map_err(|err| self.failed(err))
    }

    fn deserialize_seq<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Array(items) => self.seq(items, visitor),
            _ => self.serde(|value| value.deserialize_seq(visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'v>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'v>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'v>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Object(map) => self.map(map, visitor),
            _ => self.serde(|value| value.deserialize_map(visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'v>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.value {
            Value::Object(map) => self.map(map, visitor),
            Value::Array(items) => self.seq(items, visitor),
            _ => self.serde(|value| value.deserialize_struct(name, fields, visitor)),
        }
    }

    fn deserialize_enum<V: Visitor<'v>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.serde(|value| value.deserialize_enum(name, variants, visitor))
    }
}

struct Items<'v, 't> {
    iter: std::iter::Enumerate<std::slice::Iter<'v, Value>>,
    at: &'t Trail<'t>,
    found: &'t RefCell<Found>,
}

impl<'v> SeqAccess<'v> for Items<'v, '_> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'v>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let Some((index, value)) = self.iter.next() else {
            return Ok(None);
        };
        let at = Trail::Index(self.at, index);
        seed.deserialize(Reader {
            value,
            at: &at,
            found: self.found,
        })
        .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct Entries<'v, 't> {
    iter: serde_json::map::Iter<'v>,
    value: Option<(&'v str, &'v Value)>,
    at: &'t Trail<'t>,
    found: &'t RefCell<Found>,
}

impl<'v> MapAccess<'v> for Entries<'v, '_> {
    type Error = Error;

    fn next_key_seed<S: DeserializeSeed<'v>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let Some((key, value)) = self.iter.next() else {
            return Ok(None);
        };
        self.value = Some((key, value));
        seed.deserialize(BorrowedStrDeserializer::new(key))
            .map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'v>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let Some((key, value)) = self.value.take() else {
            return Err(de::Error::custom("a map value was read before its key"));
        };
        let at = Trail::Key(self.at, key);
        seed.deserialize(Reader {
            value,
            at: &at,
            found: self.found,
        })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Point {
        x: u8,
        y: Vec<i64>,
        z: Option<u128>,
    }

    fn lines<T: DeserializeOwned + std::fmt::Debug>(value: Value) -> Vec<String> {
        read::<T>(&value).unwrap_err().lines().to_vec()
    }

    #[test]
    fn integral_floats_read_as_integers() {
        let point: Point = read(&json!({"x": 5.0, "y": [1e18, -0.0], "z": 1e19})).unwrap();
        assert_eq!(
            point,
            Point {
                x: 5,
                y: vec![1_000_000_000_000_000_000, 0],
                z: Some(10_000_000_000_000_000_000)
            }
        );
    }

    #[test]
    fn a_128_bit_type_reads_only_what_a_value_holds_exactly() {
        // 1e21 stands for 1000000000000000000001 as well: it is not read as
        // either, nor is the float that u128::MAX arrives as.
        let value: Value = serde_json::from_str(
            r#"{"x": 1, "y": [], "z": 340282366920938463463374607431768211455}"#,
        )
        .unwrap();
        assert_eq!(
            read::<Point>(&value).unwrap_err().lines(),
            [
                "Invalid arguments at /z: must be at most 18446744073709551615, the largest integer read exactly, got 3.402823669209385e+38"
            ]
        );
        assert_eq!(
            lines::<Point>(json!({"x": 1, "y": [], "z": 1e21})),
            [
                "Invalid arguments at /z: must be at most 18446744073709551615, the largest integer read exactly, got 1e+21"
            ]
        );
        let point: Point = read(&json!({"x": 1, "y": [], "z": u64::MAX})).unwrap();
        assert_eq!(point.z, Some(u128::from(u64::MAX)));
    }

    #[test]
    fn every_range_problem_with_its_pointer() {
        assert_eq!(
            lines::<Point>(json!({"x": 300, "y": [9223372036854775808u64, -1e19], "z": 1e39})),
            [
                "Invalid arguments at /x: must be at most 255, got 300",
                "Invalid arguments at /y/0: must be at most 9223372036854775807, got 9223372036854775808",
                "Invalid arguments at /y/1: must be at least -9223372036854775808, got -1e+19",
                "Invalid arguments at /z: must be at most 340282366920938463463374607431768211455, got 1e+39",
            ]
        );
    }

    #[test]
    fn a_float_that_may_stand_for_an_integer_out_of_range_is_refused() {
        // -9223372036854775809 reads as the float of i64::MIN.
        let value: Value =
            serde_json::from_str(r#"{"x": 1, "y": [-9223372036854775809], "z": null}"#).unwrap();
        assert_eq!(
            read::<Point>(&value).unwrap_err().lines(),
            [
                "Invalid arguments at /y/0: must be at least -9223372036854775808, got -9.223372036854776e+18"
            ]
        );
        // One step up, every integer that rounds to the float is an i64.
        let up = -9_223_372_036_854_773_760.0;
        let point: Point = read(&json!({"x": 1, "y": [up], "z": null})).unwrap();
        assert_eq!(point.y, [-9_223_372_036_854_773_760]);
    }

    #[test]
    fn f32_beyond_its_range_is_refused() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Scale {
            factor: f32,
        }
        assert_eq!(
            lines::<Scale>(json!({"factor": -1e39})),
            ["Invalid arguments at /factor: must be at least -3.4028235677973362e+38, got -1e+39"]
        );
        let scale: Scale = read(&json!({"factor": F32_LIMIT})).unwrap();
        assert_eq!(scale.factor, f32::MAX);
    }

    #[test]
    fn serde_refusals_keep_their_pointer() {
        assert_eq!(
            lines::<Point>(json!({"x": 1, "y": [1, "2"]})),
            ["Invalid arguments at /y/1: invalid type: string \"2\", expected i64"]
        );
        assert_eq!(
            lines::<Point>(json!({"x": 1})),
            ["Invalid arguments: missing field `y`"]
        );
    }
}
