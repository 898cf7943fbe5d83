//! Echoing in a line: what `toolsmith-text` echoes (keys, names, strings,
//! sanitized and cut short, see [`quoted`] and [`shown`]), and JSON values
//! as a line shows them ([`describe`], and a schema constant in a list).
//!
//! ```
//! # extern crate toolsmith_runtime as toolsmith;
//! use serde_json::json;
//! use toolsmith::echo::{describe, quoted};
//!
//! assert_eq!(quoted("seperator"), "\"seperator\"");
//! assert_eq!(describe(&json!("5")), "string \"5\"");
//! ```

use serde_json::Value;

pub use toolsmith_text::echo::*;
use toolsmith_text::sanitize_line;

/// A value as a line shows it after "got": `string "5"`, `number 500`,
/// `object` (a string [`quoted`], a container by its kind alone).
pub fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) => {
            let mut out = String::from("string ");
            out.push_str(&quoted(s));
            out
        }
        Value::Array(_) => "array".to_owned(),
        Value::Object(_) => "object".to_owned(),
    }
}

/// A schema constant as listed in a line: strings bare, anything else as
/// compact JSON, both sanitized and cut short.
pub(crate) fn constant(value: &Value) -> String {
    let text = match value {
        Value::String(s) => sanitize_line(s),
        other => sanitize_line(&other.to_string()),
    };
    cut(&text, ECHO_CHARS * 2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn describes_each_kind() {
        assert_eq!(describe(&json!("5")), "string \"5\"");
        assert_eq!(describe(&json!(500)), "number 500");
        assert_eq!(describe(&json!(1.5)), "number 1.5");
        assert_eq!(describe(&json!(true)), "boolean true");
        assert_eq!(describe(&json!(null)), "null");
        assert_eq!(describe(&json!([1])), "array");
        assert_eq!(describe(&json!({})), "object");
    }

    #[test]
    fn lists_constants_bare_and_cut() {
        assert_eq!(constant(&json!("a\nb")), "a b");
        assert_eq!(constant(&json!([1, 2])), "[1,2]");
        assert_eq!(
            constant(&json!("x".repeat(100))),
            format!("{}…", "x".repeat(ECHO_CHARS * 2))
        );
    }
}
