//! Declared integer types: the range of a Rust integer type where the
//! schema leaves it unstated.
//!
//! A tool states `u64`'s 18446744073709551615, both ends of `i64` and the
//! 128-bit ranges nowhere (they tell a model nothing, and JavaScript
//! readers cannot hold them), yet the function can take no number beyond
//! them. Their `ToolArg` schemas record the type under the private
//! annotation [`KEYWORD`], `"x-toolsmith-integer": "u64"`, which the
//! schema a tool advertises never shows; the validator refuses what the
//! type cannot hold exactly as the reader of a call does (a float that may
//! stand for an integer out of range is out of range), with the same line:
//! `must be at most 18446744073709551615, got 18446744073709551616`.

use toolsmith_schema_rules::number::integer_range;

/// The annotation that carries a declared integer type.
pub const KEYWORD: &str = "x-toolsmith-integer";

/// The types an annotation may name: those whose ranges a schema leaves
/// unstated.
const TYPES: [&str; 6] = ["u64", "usize", "u128", "i64", "isize", "i128"];

/// The range of the type an annotation names.
pub(crate) fn range(name: &str) -> Result<(i128, u128), String> {
    integer_range(name)
        .filter(|_| TYPES.contains(&name))
        .ok_or_else(|| {
            format!(
                "unknown integer type {}; the types are {}",
                crate::echo::quoted(name),
                TYPES.join(", ")
            )
        })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::Validator;

    #[test]
    fn ranges_are_refused_as_the_reader_refuses_them() {
        let validator = Validator::new(&json!({
            "type": "object",
            "properties": {
                "a": {"type": "integer", "minimum": 0, super::KEYWORD: "u64"},
                "b": {"type": "integer", super::KEYWORD: "i64"},
                "c": {"type": "integer", "minimum": 0, "maximum": 5, super::KEYWORD: "u64"}
            }
        }))
        .unwrap();
        assert_eq!(
            validator
                .validate(&json!({"a": 18446744073709551615u64, "b": -9223372036854775808i64}))
                .ok(),
            Some(())
        );
        let call: serde_json::Value =
            serde_json::from_str(r#"{"a": 1e20, "b": -9223372036854775809, "c": 1e20}"#).unwrap();
        assert_eq!(
            validator.validate(&call).unwrap_err().lines(),
            [
                "Invalid arguments at /a: must be at most 18446744073709551615, got 1e+20",
                "Invalid arguments at /b: must be at least -9223372036854775808, got -9.223372036854776e+18",
                "Invalid arguments at /c: must be at most 5, got 1e+20",
            ]
        );
        assert!(Validator::new(&json!({"type": "integer", super::KEYWORD: "u7"})).is_err());
    }
}
