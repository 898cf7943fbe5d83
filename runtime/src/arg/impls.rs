//! `ToolArg` for std types.

use serde_json::{Value, json};

use super::__arg_support::{F32_LIMIT, Num, Range, Sealed};
use super::{ArgKind, ToolArg};

impl Sealed for String {}

impl ToolArg for String {
    const DEPTH: usize = 0;
    const __KIND: ArgKind = ArgKind::String;

    fn schema() -> Value {
        json!({ "type": "string" })
    }

    fn __text(&self) -> Option<&str> {
        Some(self)
    }
}

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
/// needs, so the 64- and 128-bit types state only `minimum: 0`, if that.
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
                    $check(*self, <$ty>::MIN as i128, <$ty>::MAX as u128)
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
    u64 => json!({ "type": "integer", "minimum": 0, "x-toolsmith-integer": "u64" });
    usize => json!({ "type": "integer", "minimum": 0, "x-toolsmith-integer": "usize" });
    i64 => json!({ "type": "integer", "x-toolsmith-integer": "i64" });
    isize => json!({ "type": "integer", "x-toolsmith-integer": "isize" });
    // Beyond 64 bits a `Value` holds the nearest float; the far ends of the
    // range, where it rounds past them, are refused from text as well.
    u128 => json!({ "type": "integer", "minimum": 0, "x-toolsmith-integer": "u128" }), crate::read::survives_value;
    i128 => json!({ "type": "integer", "x-toolsmith-integer": "i128" }), crate::read::survives_value;
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

    fn schema() -> Value {
        let mut schema = T::schema();
        if let Some(object) = schema.as_object_mut() {
            match object.get_mut("type") {
                Some(Value::String(ty)) => {
                    let ty = std::mem::take(ty);
                    object.insert("type".into(), json!([ty, "null"]));
                }
                Some(Value::Array(types)) if !types.iter().any(|t| t == "null") => {
                    types.push(Value::from("null"));
                }
                _ => {}
            }
            if let Some(Value::Array(values)) = object.get_mut("enum") {
                if !values.contains(&Value::Null) {
                    values.push(Value::Null);
                }
            }
        }
        schema
    }

    fn satisfies_schema(&self) -> bool {
        self.as_ref().is_none_or(T::satisfies_schema)
    }

    fn __text(&self) -> Option<&str> {
        self.as_ref().and_then(T::__text)
    }

    fn __number(&self) -> Option<Num> {
        self.as_ref().and_then(T::__number)
    }

    fn __items(&self) -> Option<usize> {
        self.as_ref().and_then(T::__items)
    }
}

impl<T: ToolArg> Sealed for Vec<T> {}

impl<T: ToolArg> ToolArg for Vec<T> {
    const DEPTH: usize = T::DEPTH;
    const __KIND: ArgKind = ArgKind::Array;

    fn schema() -> Value {
        json!({ "type": "array", "items": T::schema() })
    }

    fn satisfies_schema(&self) -> bool {
        self.iter().all(T::satisfies_schema)
    }

    fn __items(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<T: ToolArg> Sealed for Box<T> {}

impl<T: ToolArg> ToolArg for Box<T> {
    const DEPTH: usize = T::DEPTH;
    const NULLABLE: bool = T::NULLABLE;
    const __KIND: ArgKind = T::__KIND;
    const __RANGE: Option<Range> = T::__RANGE;

    fn schema() -> Value {
        T::schema()
    }

    fn satisfies_schema(&self) -> bool {
        T::satisfies_schema(self)
    }

    fn __text(&self) -> Option<&str> {
        T::__text(self)
    }

    fn __number(&self) -> Option<Num> {
        T::__number(self)
    }

    fn __items(&self) -> Option<usize> {
        T::__items(self)
    }
}
