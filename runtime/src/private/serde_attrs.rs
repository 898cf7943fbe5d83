//! What `#[derive(ToolArg)]` generates from serde's attributes: the
//! `default` of a property in its schema, and the names serde reads
//! besides the advertised ones (`#[serde(alias)]`), declared to the
//! validator.

use std::marker::PhantomData;

use serde::Serialize;
use serde_json::Value;

pub use crate::schema::alias::declare as declare_aliases;

/// `schema` with `"default": value`, when there is a value.
pub fn with_default(schema: Value, default: Option<Value>) -> Value {
    match (schema, default) {
        (Value::Object(mut map), Some(default)) => {
            map.insert("default".into(), default);
            Value::Object(map)
        }
        (schema, _) => schema,
    }
}

/// The `"default"` of a property of type `T`, chosen by autoref on the
/// concrete type: `(&&DefaultValue::<T>::new()).type_default()` serializes
/// `T::default()` when `T: Serialize + Default`, and `.made_default(f)`
/// serializes `f()` when `T: Serialize`; for any other `T` both are `None`
/// and the schema states no default (the property is still optional). The
/// value is computed once, when the schema is first built.
pub struct DefaultValue<T>(PhantomData<fn() -> T>);

impl<T> DefaultValue<T> {
    pub const fn new() -> Self {
        DefaultValue(PhantomData)
    }
}

impl<T> Default for DefaultValue<T> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait SerializeDefault<T> {
    /// `T::default()`, serialized.
    fn type_default(&self) -> Option<Value>;
}

impl<T: Serialize + Default> SerializeDefault<T> for &DefaultValue<T> {
    fn type_default(&self) -> Option<Value> {
        serde_json::to_value(T::default()).ok()
    }
}

/// `made_default` needs `Serialize` only: the value is made, not taken
/// from `Default`.
pub trait SerializeMade<T> {
    /// `make()`, serialized.
    fn made_default(&self, make: impl FnOnce() -> T) -> Option<Value>;
}

impl<T: Serialize> SerializeMade<T> for &DefaultValue<T> {
    fn made_default(&self, make: impl FnOnce() -> T) -> Option<Value> {
        serde_json::to_value(make()).ok()
    }
}

pub trait UnknownDefault<T> {
    fn type_default(&self) -> Option<Value>;
    fn made_default(&self, make: impl FnOnce() -> T) -> Option<Value>;
}

impl<T> UnknownDefault<T> for DefaultValue<T> {
    fn type_default(&self) -> Option<Value> {
        None
    }

    fn made_default(&self, _: impl FnOnce() -> T) -> Option<Value> {
        None
    }
}

#[cfg(test)]
// Autoref picks the impl: the borrows are the point.
#[allow(clippy::needless_borrow)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::portable::advertised;

    struct Opaque;

    #[derive(Serialize)]
    struct NoDefault(u8);

    #[test]
    fn defaults_of_serializable_types_only() {
        assert_eq!(
            (&&DefaultValue::<u32>::new()).type_default(),
            Some(json!(0))
        );
        assert_eq!(
            (&&DefaultValue::<Option<String>>::new()).type_default(),
            Some(json!(null))
        );
        assert_eq!(
            (&&DefaultValue::<u8>::new()).made_default(|| 20),
            Some(json!(20))
        );
        assert_eq!(
            (&&DefaultValue::<NoDefault>::new()).made_default(|| NoDefault(3)),
            Some(json!(3))
        );
        assert_eq!(
            (&&DefaultValue::<Opaque>::new()).made_default(|| Opaque),
            None
        );
    }

    #[test]
    fn aliases_are_declared_and_never_advertised() {
        let schema = declare_aliases(
            json!({"type": "object", "properties": {"a": {"type": "array", "items":
                declare_aliases(json!({"type": "string", "enum": ["x"]}), &[("y", "x")])}}}),
            &[("b", "a")],
        );
        assert_eq!(schema["x-toolsmith-aliases"], json!({"b": "a"}));
        assert_eq!(
            advertised(schema),
            json!({"type": "object", "properties": {"a": {"type": "array", "items":
                {"type": "string", "enum": ["x"]}}}})
        );
    }
}
