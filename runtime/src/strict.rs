//! serde, read as the schema reads JSON.
//!
//! serde's derived `Deserialize` takes more shapes than the schema states:
//! a struct also deserializes from an array of its fields in order
//! (`{"point": [1, 2]}` for `Point { x, y }`), and `serde_json` reads a unit
//! variant from an object as well as from a string (`{"low": null}`). The
//! schema refuses both, so the typed fast path must too, or a call the
//! schema refuses would reach the function. [`Strict`] wraps a
//! deserializer, and every deserializer nested in it, so that a struct is
//! read only from an object and an enum only from a string; everything else
//! passes through untouched.
//!
//! The fast path only asks whether a call reads; its failure is never
//! shown. So [`Strict::quiet`] lets serde's derived visitors fail without
//! writing their words (`unknown variant `secret`, expected one of …`
//! costs more than the rest of the attempt): each refusal is one fixed
//! message. `Strict::<_, true>` keeps serde's words, for the reader whose
//! refusals become lines.

use std::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    Visitor,
};

/// A deserializer that reads structs only from objects and enums only
/// from strings, at every depth; with `TOLD` false, a refusal by a derived
/// visitor is not put into words.
pub(crate) struct Strict<D, const TOLD: bool>(pub(crate) D);

impl<D> Strict<D, false> {
    /// For a reading whose failure is only told apart from success.
    pub(crate) fn quiet(deserializer: D) -> Self {
        Strict(deserializer)
    }
}

/// The visitor of a value read through [`Strict`]: nested deserializers
/// (map values, sequence items, `Some`, newtypes) are wrapped in turn.
struct Wrap<V, const TOLD: bool>(V);

/// A seed whose deserializer is wrapped.
struct Seed<S, const TOLD: bool>(S);

/// Map and sequence access whose keys and values are wrapped.
struct Access<A, const TOLD: bool>(A);

/// Reads a unit variant from a string only.
struct UnitVariant<V, const TOLD: bool>(V);

/// A refusal not put into words: what a derived visitor's error costs
/// when nobody reads it.
#[derive(Debug)]
struct Unsaid;

impl fmt::Display for Unsaid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(UNSAID)
    }
}

impl std::error::Error for Unsaid {}

impl de::Error for Unsaid {
    #[inline]
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unsaid
    }
}

const UNSAID: &str = "refused by the argument type";

/// The caller's error for a refusal not put into words.
#[inline]
fn unsaid<E: de::Error>(_: Unsaid) -> E {
    E::custom(UNSAID)
}

macro_rules! forward_deserialize {
    ($($method:ident)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(Wrap::<V, TOLD>(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>, const TOLD: bool> Deserializer<'de> for Strict<D, TOLD> {
    type Error = D::Error;

    forward_deserialize! {
        deserialize_any deserialize_bool
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64 deserialize_char deserialize_str deserialize_string
        deserialize_bytes deserialize_byte_buf deserialize_option deserialize_unit
        deserialize_seq deserialize_map deserialize_identifier deserialize_ignored_any
    }

    #[inline]
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_unit_struct(name, Wrap::<V, TOLD>(visitor))
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_newtype_struct(name, Wrap::<V, TOLD>(visitor))
    }

    #[inline]
    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Wrap::<V, TOLD>(visitor))
    }

    #[inline]
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_tuple_struct(name, len, Wrap::<V, TOLD>(visitor))
    }

    /// A struct is an object: read it as a map, so an array is refused.
    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_map(Wrap::<V, TOLD>(visitor))
    }

    /// An enum of unit variants is a string (`ToolArg` enums have no data).
    #[inline]
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_str(UnitVariant::<V, TOLD>(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

macro_rules! forward_visit {
    ($($method:ident($ty:ty))*) => {$(
        #[inline]
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            match TOLD {
                true => self.0.$method(v),
                false => self.0.$method::<Unsaid>(v).map_err(unsaid),
            }
        }
    )*};
}

impl<'de, V: Visitor<'de>, const TOLD: bool> Visitor<'de> for Wrap<V, TOLD> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    forward_visit! {
        visit_bool(bool)
        visit_i8(i8) visit_i16(i16) visit_i32(i32) visit_i64(i64) visit_i128(i128)
        visit_u8(u8) visit_u16(u16) visit_u32(u32) visit_u64(u64) visit_u128(u128)
        visit_f32(f32) visit_f64(f64) visit_char(char)
        visit_str(&str) visit_borrowed_str(&'de str) visit_string(String)
        visit_bytes(&[u8]) visit_borrowed_bytes(&'de [u8]) visit_byte_buf(Vec<u8>)
    }

    #[inline]
    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        match TOLD {
            true => self.0.visit_none(),
            false => self.0.visit_none::<Unsaid>().map_err(unsaid),
        }
    }

    #[inline]
    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        match TOLD {
            true => self.0.visit_unit(),
            false => self.0.visit_unit::<Unsaid>().map_err(unsaid),
        }
    }

    #[inline]
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        self.0.visit_some(Strict::<D, TOLD>(deserializer))
    }

    #[inline]
    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<V::Value, D::Error> {
        self.0.visit_newtype_struct(Strict::<D, TOLD>(deserializer))
    }

    #[inline]
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(Access::<A, TOLD>(seq))
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(Access::<A, TOLD>(map))
    }

    /// Reached only through `deserialize_any` of a type that is not a tool
    /// argument; enums themselves go through [`UnitVariant`].
    #[inline]
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(data)
    }
}

impl<'de, S: DeserializeSeed<'de>, const TOLD: bool> DeserializeSeed<'de> for Seed<S, TOLD> {
    type Value = S::Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Strict::<D, TOLD>(deserializer))
    }
}

impl<'de, A: SeqAccess<'de>, const TOLD: bool> SeqAccess<'de> for Access<A, TOLD> {
    type Error = A::Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, A::Error> {
        self.0.next_element_seed(Seed::<T, TOLD>(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, A: MapAccess<'de>, const TOLD: bool> MapAccess<'de> for Access<A, TOLD> {
    type Error = A::Error;

    /// Keys are strings in JSON; they are wrapped so that an unknown one
    /// is refused as quietly as a value.
    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Seed::<K, TOLD>(seed))
    }

    #[inline]
    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, A::Error> {
        self.0.next_value_seed(Seed::<T, TOLD>(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

impl<'de, V: Visitor<'de>, const TOLD: bool> Visitor<'de> for UnitVariant<V, TOLD> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    #[inline]
    fn visit_str<E: de::Error>(self, v: &str) -> Result<V::Value, E> {
        match TOLD {
            true => self.0.visit_enum(v.into_deserializer()),
            false => self
                .0
                .visit_enum(v.into_deserializer())
                .map_err(unsaid::<E>),
        }
    }

    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<V::Value, E> {
        match TOLD {
            true => self
                .0
                .visit_enum(de::value::BorrowedStrDeserializer::new(v)),
            false => self
                .0
                .visit_enum(de::value::BorrowedStrDeserializer::<Unsaid>::new(v))
                .map_err(unsaid),
        }
    }

    #[inline]
    fn visit_string<E: de::Error>(self, v: String) -> Result<V::Value, E> {
        self.visit_str(&v)
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::{Value, json};

    use super::Strict;

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Point {
        x: i32,
        y: Option<i32>,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Level {
        Low,
        High,
    }

    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Call {
        point: Option<Point>,
        points: Vec<Point>,
        level: Option<Level>,
        boxed: Option<Box<Point>>,
    }

    fn from_value(value: &Value) -> Result<Call, serde_json::Error> {
        Call::deserialize(Strict::quiet(value))
    }

    fn from_str(text: &str) -> Result<Call, serde_json::Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        let call = Call::deserialize(Strict::quiet(&mut de))?;
        de.end()?;
        Ok(call)
    }

    #[test]
    fn objects_and_strings_read_as_serde_reads_them() {
        let text = r#"{"point": {"x": 1}, "points": [{"x": 2, "y": 3}], "level": "high", "boxed": {"x": 4}}"#;
        let expected = Call {
            point: Some(Point { x: 1, y: None }),
            points: vec![Point { x: 2, y: Some(3) }],
            level: Some(Level::High),
            boxed: Some(Box::new(Point { x: 4, y: None })),
        };
        assert_eq!(from_str(text).unwrap(), expected);
        let value: Value = serde_json::from_str(text).unwrap();
        assert_eq!(from_value(&value).unwrap(), expected);
    }

    #[test]
    fn structs_from_arrays_are_refused_at_every_depth() {
        // Plain serde takes all of these.
        for call in [
            json!([null, [], null, null]),
            json!({"point": [1, 2], "points": []}),
            json!({"points": [[1, 2]]}),
            json!({"points": [], "boxed": [1, null]}),
        ] {
            assert!(
                serde_json::from_value::<Call>(call.clone()).is_ok(),
                "{call}"
            );
            assert!(from_value(&call).is_err(), "{call}");
            assert!(from_str(&call.to_string()).is_err(), "{call}");
        }
    }

    #[test]
    fn unit_variants_only_from_strings() {
        let call = json!({"points": [], "level": {"low": null}});
        assert!(serde_json::from_value::<Call>(call.clone()).is_ok());
        assert!(from_value(&call).is_err());
        assert!(from_str(&call.to_string()).is_err());
        let call = json!({"points": [], "level": "low"});
        assert_eq!(from_value(&call).unwrap().level, Some(Level::Low));
        assert!(from_value(&json!({"points": [], "level": "medium"})).is_err());
    }

    /// A newtype reads as its field, as `serde_json` reads it, on both
    /// inputs; never from an array of one field.
    #[test]
    fn newtypes_read_as_their_field() {
        #[derive(Debug, PartialEq, Deserialize)]
        struct Email(String);

        assert_eq!(
            Email::deserialize(Strict::quiet(&json!("a@b.c"))).unwrap(),
            Email("a@b.c".into())
        );
        let mut de = serde_json::Deserializer::from_str(r#""a@b.c""#);
        assert_eq!(
            Email::deserialize(Strict::quiet(&mut de)).unwrap(),
            Email("a@b.c".into())
        );
        assert!(Email::deserialize(Strict::quiet(&json!(["a@b.c"]))).is_err());
    }
}
