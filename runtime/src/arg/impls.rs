//! `ToolArg` for std types.

use serde_json::{Value, json};

use super::__arg_support::Num;
use super::{ArgKind, ToolArg};

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

impl ToolArg for bool {
    const DEPTH: usize = 0;
    const __KIND: ArgKind = ArgKind::Boolean;

    fn schema() -> Value {
        json!({ "type": "boolean" })
    }
}

/// Integers carry their Rust range as `minimum` / `maximum`. `$v` names
/// the value in the two expressions: its bound as JSON, and as a `Num`.
macro_rules! integers {
    ($v:ident => $bound:expr, $number:expr; $($ty:ty),*) => {$(
        impl ToolArg for $ty {
            const DEPTH: usize = 0;
            const __KIND: ArgKind = ArgKind::Integer;
            const __RANGE: Option<(f64, f64)> = Some((<$ty>::MIN as f64, <$ty>::MAX as f64));

            fn schema() -> Value {
                let bound = |$v: $ty| $bound;
                json!({ "type": "integer", "minimum": bound(<$ty>::MIN), "maximum": bound(<$ty>::MAX) })
            }

            fn __number(&self) -> Option<Num> {
                let $v: $ty = *self;
                Some($number)
            }
        }
    )*};
}

integers!(v => Value::from(v), Num::Int(v as i128); i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
// 128-bit bounds do not fit a JSON integer in `serde_json`; they are stated
// as the nearest float.
integers!(v => Value::from(v as f64), Num::Int(v); i128);
integers!(v => Value::from(v as f64), i128::try_from(v).map_or(Num::Float(v as f64), Num::Int); u128);

macro_rules! floats {
    ($($ty:ty),*) => {$(
        impl ToolArg for $ty {
            const DEPTH: usize = 0;
            const __KIND: ArgKind = ArgKind::Number;

            fn schema() -> Value {
                json!({ "type": "number" })
            }

            fn __number(&self) -> Option<Num> {
                Some(Num::Float(*self as f64))
            }
        }
    )*};
}

floats!(f32, f64);

impl<T: ToolArg> ToolArg for Option<T> {
    const DEPTH: usize = T::DEPTH;
    const NULLABLE: bool = true;
    const __KIND: ArgKind = T::__KIND;
    const __RANGE: Option<(f64, f64)> = T::__RANGE;

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

impl<T: ToolArg> ToolArg for Box<T> {
    const DEPTH: usize = T::DEPTH;
    const NULLABLE: bool = T::NULLABLE;
    const __KIND: ArgKind = T::__KIND;
    const __RANGE: Option<(f64, f64)> = T::__RANGE;

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
