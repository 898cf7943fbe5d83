//! `ToolArg` for std types.

use std::borrow::Cow;

use serde_json::{Value, json};

use std::collections::{BTreeSet, HashSet};
use std::num::{NonZeroU8, NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize};
use std::path::PathBuf;
use std::sync::Arc;

use super::{ArgKind, ItemCheck, Sealed, ToolArg};
use crate::domain::{F32_LIMIT, Num, Range};
use crate::schema::integer::KEYWORD as INTEGER;
use crate::schema::portable::with_null;

impl Sealed for bool {}

impl ToolArg for bool {
    const DEPTH: usize = 0;
    const __KIND: ArgKind = ArgKind::Boolean;

    fn schema() -> Value {
        json!({ "type": "boolean" })
    }
}

/// Integers: the range is always enforced, and stated where it tells a
/// model something. `u64`'s 18446744073709551615 is beyond what many JSON
/// readers (JavaScript's numbers) hold exactly, and says nothing a model
/// needs, so the 64- and 128-bit types state only `minimum: 0`, if that,
/// and declare the rest to the validator (`x-toolsmith-integer`, never
/// advertised).
macro_rules! integers {
    ($($ty:ty => $schema:expr $(, $check:path)?);* $(;)?) => {$(
        impl Sealed for $ty {}

        impl ToolArg for $ty {
            const DEPTH: usize = 0;
            const __KIND: ArgKind = ArgKind::Integer;
            const __RANGE: Option<Range> = Some(Range::Integer {
                min: <$ty>::MIN as i128,
                max: <$ty>::MAX as u128,
            });

            fn schema() -> Value {
                $schema
            }

            $(
                fn satisfies_schema(&self) -> bool {
                    $check(*self)
                }
            )?

            fn __number(&self) -> Option<Num> {
                let value = *self;
                Some(i128::try_from(value).map_or(Num::Float(value as f64), Num::Int))
            }
        }
    )*};
}

integers! {
    u8 => json!({ "type": "integer", "minimum": u8::MIN, "maximum": u8::MAX });
    i8 => json!({ "type": "integer", "minimum": i8::MIN, "maximum": i8::MAX });
    u16 => json!({ "type": "integer", "minimum": u16::MIN, "maximum": u16::MAX });
    i16 => json!({ "type": "integer", "minimum": i16::MIN, "maximum": i16::MAX });
    u32 => json!({ "type": "integer", "minimum": u32::MIN, "maximum": u32::MAX });
    i32 => json!({ "type": "integer", "minimum": i32::MIN, "maximum": i32::MAX });
    // The rest of a wide type's range says nothing a model needs; it is
    // enforced all the same, from the private `x-toolsmith-integer`, which
    // the schema a tool advertises leaves out.
    u64 => json!({ "type": "integer", "minimum": 0, INTEGER: "u64" });
    usize => json!({ "type": "integer", "minimum": 0, INTEGER: "usize" });
    i64 => json!({ "type": "integer", INTEGER: "i64" });
    isize => json!({ "type": "integer", INTEGER: "isize" });
    // A `Value` holds no integer beyond `i64` and `u64` exactly, so none
    // reaches the function (it would arrive rounded); from text too.
    u128 => json!({ "type": "integer", "minimum": 0, INTEGER: "u128" }), crate::read::survives_value;
    i128 => json!({ "type": "integer", INTEGER: "i128" }), crate::read::survives_value;
}

impl Sealed for f32 {}

/// `f32` states the numbers that read as a finite `f32`; a call beyond them
/// would reach the function as infinity.
impl ToolArg for f32 {
    const DEPTH: usize = 0;
    const __KIND: ArgKind = ArgKind::Number;
    const __RANGE: Option<Range> = Some(Range::Float {
        min: -F32_LIMIT,
        max: F32_LIMIT,
    });

    fn schema() -> Value {
        json!({ "type": "number", "minimum": -F32_LIMIT, "maximum": F32_LIMIT })
    }

    fn satisfies_schema(&self) -> bool {
        self.is_finite()
    }

    fn __number(&self) -> Option<Num> {
        Some(Num::Float(f64::from(*self)))
    }
}

impl Sealed for f64 {}

/// `f64` takes every number a JSON reader returns: `serde_json` refuses
/// text beyond the `f64` range (`1e400`), and a `Value` holds no infinity.
impl ToolArg for f64 {
    const DEPTH: usize = 0;
    const __KIND: ArgKind = ArgKind::Number;

    fn schema() -> Value {
        json!({ "type": "number" })
    }

    fn satisfies_schema(&self) -> bool {
        self.is_finite()
    }

    fn __number(&self) -> Option<Num> {
        Some(Num::Float(*self))
    }
}

impl<T: ToolArg> Sealed for Option<T> {}

impl<T: ToolArg> ToolArg for Option<T> {
    const DEPTH: usize = T::DEPTH;
    const NULLABLE: bool = true;
    const __KIND: ArgKind = T::__KIND;
    const __RANGE: Option<Range> = T::__RANGE;
    const __DEDUPS: bool = T::__DEDUPS;
    const __ITEM_KIND: Option<ArgKind> = T::__ITEM_KIND;
    const __ITEM_RANGE: Option<Range> = T::__ITEM_RANGE;

    fn schema() -> Value {
        with_null(T::schema())
    }

    fn satisfies_schema(&self) -> bool {
        self.as_ref().is_none_or(T::satisfies_schema)
    }

    fn __text(&self) -> Option<Cow<'_, str>> {
        self.as_ref().and_then(T::__text)
    }

    fn __number(&self) -> Option<Num> {
        self.as_ref().and_then(T::__number)
    }

    fn __items(&self) -> Option<usize> {
        self.as_ref().and_then(T::__items)
    }

    fn __all_items(&self, check: &ItemCheck) -> bool {
        self.as_ref().is_none_or(|value| value.__all_items(check))
    }
}

impl<T: ToolArg> Sealed for Box<T> {}

impl<T: ToolArg> ToolArg for Box<T> {
    const DEPTH: usize = T::DEPTH;
    const NULLABLE: bool = T::NULLABLE;
    const __KIND: ArgKind = T::__KIND;
    const __RANGE: Option<Range> = T::__RANGE;
    const __DEDUPS: bool = T::__DEDUPS;
    const __ITEM_KIND: Option<ArgKind> = T::__ITEM_KIND;
    const __ITEM_RANGE: Option<Range> = T::__ITEM_RANGE;

    fn schema() -> Value {
        T::schema()
    }

    fn satisfies_schema(&self) -> bool {
        T::satisfies_schema(self)
    }

    fn __text(&self) -> Option<Cow<'_, str>> {
        T::__text(self)
    }

    fn __number(&self) -> Option<Num> {
        T::__number(self)
    }

    fn __items(&self) -> Option<usize> {
        T::__items(self)
    }

    fn __all_items(&self, check: &ItemCheck) -> bool {
        T::__all_items(self, check)
    }
}

/// Arrays: `Vec<T>`, the sets (`uniqueItems`) and `[T; N]` (exactly `N`
/// items). serde reads a set from an array with repeated items and drops
/// the repeats silently, where the schema refuses them; `__DEDUPS` sends a
/// call with a set through the schema before it is read, so a repeat is a
/// line, never a silent merge.
macro_rules! arrays {
    ($(
        [$($generics:tt)*] $ty:ty => unique: $unique:expr, count: $count:expr;
    )*) => {$(
        impl<$($generics)*> Sealed for $ty {}

        impl<$($generics)*> ToolArg for $ty {
            const DEPTH: usize = T::DEPTH;
            const __KIND: ArgKind = ArgKind::Array;
            const __DEDUPS: bool = $unique || T::__DEDUPS;
            const __ITEM_KIND: Option<ArgKind> = Some(T::__KIND);
            const __ITEM_RANGE: Option<Range> = T::__RANGE;

            fn schema() -> Value {
                array_schema(T::schema(), $unique, $count)
            }

            fn satisfies_schema(&self) -> bool {
                self.iter().all(T::satisfies_schema)
            }

            fn __items(&self) -> Option<usize> {
                Some(self.len())
            }

            fn __all_items(
                &self,
                check: &ItemCheck,
            ) -> bool {
                self.iter().all(|item| check(item.__text(), item.__number()))
            }
        }
    )*};
}

arrays! {
    [T: ToolArg] Vec<T> => unique: false, count: None::<usize>;
    [T: ToolArg, S] HashSet<T, S> => unique: true, count: None::<usize>;
    [T: ToolArg] BTreeSet<T> => unique: true, count: None::<usize>;
    [T: ToolArg, const N: usize] [T; N] => unique: false, count: Some(N);
}

/// Owned text: `String`, `PathBuf` (a path from a call is always UTF-8,
/// as JSON text is), `Box<str>`, `Arc<str>` and `Cow<'static, str>` (serde
/// reads it as `Cow::Owned`).
macro_rules! texts {
    ($($ty:ty => |$this:ident| $text:expr;)*) => {$(
        impl Sealed for $ty {}

        impl ToolArg for $ty {
            const DEPTH: usize = 0;
            const __KIND: ArgKind = ArgKind::String;

            fn schema() -> Value {
                json!({ "type": "string" })
            }

            fn __text(&self) -> Option<Cow<'_, str>> {
                let $this = self;
                $text
            }
        }
    )*};
}

texts! {
    String => |text| Some(Cow::Borrowed(text));
    PathBuf => |path| path.to_str().map(Cow::Borrowed);
    Box<str> => |text| Some(Cow::Borrowed(text));
    Arc<str> => |text| Some(Cow::Borrowed(text));
    Cow<'static, str> => |text| Some(Cow::Borrowed(text));
}

impl Sealed for char {}

/// One Unicode scalar value, as serde reads a `char`: a string of length 1
/// (JSON Schema counts lengths in scalar values too).
impl ToolArg for char {
    const DEPTH: usize = 0;
    const __KIND: ArgKind = ArgKind::String;

    fn schema() -> Value {
        json!({ "type": "string", "minLength": 1, "maxLength": 1 })
    }

    fn __text(&self) -> Option<Cow<'_, str>> {
        Some(Cow::Owned(self.to_string()))
    }
}

/// Unsigned non-zero integers: the type's range from 1. (The signed ones
/// exclude 0 from the middle of the range, which a schema of this subset
/// cannot state; they are refused, see `refused`.)
macro_rules! nonzero {
    ($($ty:ty => $int:ty, $schema:expr $(, $check:path)?);* $(;)?) => {$(
        impl Sealed for $ty {}

        impl ToolArg for $ty {
            const DEPTH: usize = 0;
            const __KIND: ArgKind = ArgKind::Integer;
            const __RANGE: Option<Range> = Some(Range::Integer {
                min: 1,
                max: <$int>::MAX as u128,
            });

            fn schema() -> Value {
                $schema
            }

            $(
                fn satisfies_schema(&self) -> bool {
                    $check(self.get())
                }
            )?

            fn __number(&self) -> Option<Num> {
                let value = self.get();
                Some(i128::try_from(value).map_or(Num::Float(value as f64), Num::Int))
            }
        }
    )*};
}

nonzero! {
    NonZeroU8 => u8, json!({ "type": "integer", "minimum": 1, "maximum": u8::MAX });
    NonZeroU16 => u16, json!({ "type": "integer", "minimum": 1, "maximum": u16::MAX });
    NonZeroU32 => u32, json!({ "type": "integer", "minimum": 1, "maximum": u32::MAX });
    NonZeroU64 => u64, json!({ "type": "integer", "minimum": 1, INTEGER: "u64" });
    NonZeroUsize => usize, json!({ "type": "integer", "minimum": 1, INTEGER: "usize" });
    NonZeroU128 => u128, json!({ "type": "integer", "minimum": 1, INTEGER: "u128" }), crate::read::survives_value;
}

/// An array of `items`: with `uniqueItems` for a set, and exactly `count`
/// items for a fixed-length array (what a type takes and what it returns
/// share it).
pub(crate) fn array_schema(items: Value, unique: bool, count: Option<usize>) -> Value {
    let mut schema = json!({ "type": "array", "items": items });
    if unique {
        schema["uniqueItems"] = Value::Bool(true);
    }
    if let Some(count) = count {
        schema["minItems"] = Value::from(count);
        schema["maxItems"] = Value::from(count);
    }
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::in_range;

    #[test]
    fn type_ranges_compare_bounds_exactly() {
        let range = <u64 as ToolArg>::__RANGE;
        assert!(in_range(range, Num::Int(i128::from(u64::MAX))));
        assert!(!in_range(range, Num::Int(i128::from(u64::MAX) + 1)));
        // 2^64 as a float is past u64::MAX, though `u64::MAX as f64` equals it.
        assert!(!in_range(range, Num::Float(18_446_744_073_709_551_616.0)));
        assert!(in_range(range, Num::Float(18_446_744_073_709_549_568.0)));
        assert!(!in_range(range, Num::Float(-0.5)));
        assert!(in_range(range, Num::Float(-0.0)));
        let range = <i128 as ToolArg>::__RANGE;
        assert!(in_range(
            range,
            Num::Float(-170_141_183_460_469_231_731_687_303_715_884_105_728.0)
        ));
        assert!(!in_range(
            range,
            Num::Float(170_141_183_460_469_231_731_687_303_715_884_105_728.0)
        ));
        assert!(in_range(<u128 as ToolArg>::__RANGE, Num::Float(3.0e38)));
        assert!(!in_range(<u8 as ToolArg>::__RANGE, Num::Float(255.5)));
        assert!(in_range(<String as ToolArg>::__RANGE, Num::Int(-1)));
    }

    #[test]
    fn f32_takes_the_numbers_that_stay_finite() {
        let next = f64::from_bits(F32_LIMIT.to_bits() + 1);
        assert!(in_range(<f32 as ToolArg>::__RANGE, Num::Float(F32_LIMIT)));
        assert!(!in_range(<f32 as ToolArg>::__RANGE, Num::Float(next)));
    }
}
