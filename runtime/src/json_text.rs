//! Reading JSON text: one parser for every place the crate reads text a
//! model or a client wrote (OpenAI `arguments`, [`validate_input_str`],
//! a protocol line). Beyond the grammar it refuses, with a line that says
//! what is wrong and where, what a plain parse would silently accept or
//! report as a bare "syntax error": a key repeated in one object (a plain
//! parse keeps the last, so `"name":"echo","name":"boom"` would run
//! `boom`), nesting past a depth limit, numbers no float can hold (`1e400`),
//! lone surrogates (`"\ud800"`) and bytes that are not UTF-8.
//!
//! The parse is linear in the text and its recursion is bounded by the
//! depth limit.
//!
//! [`validate_input_str`]: crate::validate_input_str

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Number, Value};

use crate::echo::quoted;

/// Limits on the text [`parse_json_text`] reads.
///
/// ```
/// # extern crate toolsmith_runtime as toolsmith;
/// use toolsmith::JsonLimits;
///
/// let limits = JsonLimits { max_bytes: 1 << 20, ..JsonLimits::default() };
/// assert_eq!(limits.max_depth, 128);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonLimits {
    /// Arrays and objects nest at most this deep: `[[1]]` is 2 (default 128).
    pub max_depth: usize,
    /// The text is at most this many bytes (default: no limit).
    pub max_bytes: usize,
}

impl JsonLimits {
    /// The default depth limit.
    pub const DEFAULT_MAX_DEPTH: usize = 128;
}

impl Default for JsonLimits {
    fn default() -> Self {
        JsonLimits {
            max_depth: JsonLimits::DEFAULT_MAX_DEPTH,
            max_bytes: usize::MAX,
        }
    }
}

/// What is wrong with a JSON text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JsonTextErrorKind {
    /// Not JSON: a character out of place, a missing `,` or `:`, a bad
    /// literal, escape or number.
    Syntax,
    /// The text ends inside a value.
    UnexpectedEnd,
    /// A comma right before `]` or `}`.
    TrailingComma,
    /// Something follows the value.
    TrailingCharacters,
    /// A control character inside a string, not escaped.
    ControlCharacter,
    /// The bytes are not UTF-8.
    InvalidUtf8,
    /// Arrays and objects nest deeper than [`JsonLimits::max_depth`].
    TooDeep,
    /// A number too large for a 64-bit float, such as `1e400`.
    NumberOutOfRange,
    /// A `\u` escape holding one half of a surrogate pair alone.
    LoneSurrogate,
    /// An object holds the same key twice.
    DuplicateKey,
    /// The text is longer than [`JsonLimits::max_bytes`].
    TooLarge,
}

/// Why a JSON text was refused: the kind, where, and the words for it.
///
/// `Display` is the problem and its place, e.g.
/// `duplicate key "name" at line 1 column 21; send each key once` or
/// `not valid JSON: trailing comma at line 1 column 13`;
/// [`line`](JsonTextError::line) is the line a model reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonTextError {
    kind: JsonTextErrorKind,
    problem: String,
    line: usize,
    column: usize,
}

impl JsonTextError {
    /// What is wrong.
    pub fn kind(&self) -> JsonTextErrorKind {
        self.kind
    }

    /// Line and column (1-based, the column in bytes) where the problem was
    /// found; `(0, 0)` when it has no place (a text over the size limit).
    pub fn position(&self) -> (usize, usize) {
        (self.line, self.column)
    }

    /// The line for the model:
    /// `Invalid arguments: not valid JSON: expected value at line 1 column 7`.
    pub fn line(&self) -> String {
        format!("Invalid arguments: {self}")
    }

    fn new(kind: JsonTextErrorKind, what: &str, line: usize, column: usize) -> Self {
        let grammar = matches!(
            kind,
            JsonTextErrorKind::Syntax
                | JsonTextErrorKind::UnexpectedEnd
                | JsonTextErrorKind::TrailingComma
                | JsonTextErrorKind::TrailingCharacters
                | JsonTextErrorKind::ControlCharacter
        );
        let mut problem = String::with_capacity(what.len() + 48);
        if grammar {
            problem.push_str("not valid JSON: ");
        }
        problem.push_str(what);
        if line > 0 {
            problem.push_str(&format!(" at line {line} column {column}"));
        }
        match kind {
            JsonTextErrorKind::DuplicateKey => problem.push_str("; send each key once"),
            JsonTextErrorKind::ControlCharacter => {
                problem.push_str("; escape it, as \\n or \\u0009")
            }
            _ => {}
        }
        JsonTextError {
            kind,
            problem,
            line,
            column,
        }
    }

    /// Names what `serde_json` or the seed found, in this crate's words.
    fn from_serde(err: &serde_json::Error, found: Option<Found>) -> Self {
        use JsonTextErrorKind as Kind;
        let (line, column) = (err.line(), err.column());
        if let Some(found) = found {
            let (kind, what) = match found {
                Found::TooDeep(max) => (Kind::TooDeep, format!("nests deeper than {max} levels")),
                Found::DuplicateKey(key) => (
                    Kind::DuplicateKey,
                    format!("duplicate key {}", quoted(&key)),
                ),
            };
            return JsonTextError::new(kind, &what, line, column);
        }
        // `serde_json` words its errors `<message> at line L column C`.
        let text = err.to_string();
        let message = text
            .rsplit_once(" at line ")
            .map_or(text.as_str(), |(message, _)| message);
        let (kind, what) = match message {
            m if m.starts_with("EOF while parsing") => {
                (Kind::UnexpectedEnd, "unexpected end of input")
            }
            "trailing comma" => (Kind::TrailingComma, "trailing comma"),
            "trailing characters" => (
                Kind::TrailingCharacters,
                "trailing characters after the value",
            ),
            m if m.starts_with("control character") => {
                (Kind::ControlCharacter, "control character in a string")
            }
            "number out of range" => (Kind::NumberOutOfRange, "number out of range"),
            m if m.starts_with("lone leading surrogate") || m == "unexpected end of hex escape" => {
                (Kind::LoneSurrogate, "lone surrogate in a string")
            }
            "expected ident" => (Kind::Syntax, "expected true, false or null"),
            m => {
                let what = m.replace('`', "\"");
                return JsonTextError::new(Kind::Syntax, &what, line, column);
            }
        };
        JsonTextError::new(kind, what, line, column)
    }
}

impl fmt::Display for JsonTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.problem)
    }
}

impl std::error::Error for JsonTextError {}

/// Parses a JSON text into a [`Value`] (object keys in the order sent),
/// refusing a repeated key, nesting past `limits.max_depth`, a text over
/// `limits.max_bytes`, numbers out of range, lone surrogates and invalid
/// UTF-8, each with its own words and position.
///
/// ```
/// # extern crate toolsmith_runtime as toolsmith;
/// use toolsmith::{JsonLimits, JsonTextErrorKind, parse_json_text};
///
/// let value = parse_json_text(r#"{"name": "echo"}"#, &JsonLimits::default())?;
/// assert_eq!(value["name"], "echo");
///
/// let err = parse_json_text(r#"{"name":"echo","name":"boom"}"#, &JsonLimits::default())
///     .unwrap_err();
/// assert_eq!(err.kind(), JsonTextErrorKind::DuplicateKey);
/// assert_eq!(
///     err.line(),
///     r#"Invalid arguments: duplicate key "name" at line 1 column 21; send each key once"#
/// );
/// # Ok::<(), toolsmith::JsonTextError>(())
/// ```
pub fn parse_json_text(
    text: impl AsRef<[u8]>,
    limits: &JsonLimits,
) -> Result<Value, JsonTextError> {
    let bytes = text.as_ref();
    if bytes.len() > limits.max_bytes {
        let what = format!("larger than the limit of {} bytes", limits.max_bytes);
        return Err(JsonTextError::new(JsonTextErrorKind::TooLarge, &what, 0, 0));
    }
    let text = std::str::from_utf8(bytes).map_err(|err| {
        let valid = &bytes[..err.valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = valid.len() - line_start + 1;
        JsonTextError::new(
            JsonTextErrorKind::InvalidUtf8,
            "invalid UTF-8",
            line,
            column,
        )
    })?;
    let found = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    // The seed bounds the depth itself, at whatever limit was asked for.
    de.disable_recursion_limit();
    let seed = ValueSeed {
        depth: 0,
        max_depth: limits.max_depth,
        found: &found,
    };
    let parsed = seed
        .deserialize(&mut de)
        .and_then(|value| de.end().map(|()| value));
    parsed.map_err(|err| JsonTextError::from_serde(&err, found.take()))
}

/// What the seed refused, beyond the grammar `serde_json` checks.
#[derive(Debug)]
enum Found {
    TooDeep(usize),
    DuplicateKey(String),
}

/// Builds a [`Value`] at `depth` containers down.
#[derive(Clone, Copy)]
struct ValueSeed<'f> {
    depth: usize,
    max_depth: usize,
    found: &'f RefCell<Option<Found>>,
}

impl ValueSeed<'_> {
    /// The seed for the children of a container, or the refusal when the
    /// container itself nests too deep.
    fn enter<E: de::Error>(self) -> Result<Self, E> {
        if self.depth >= self.max_depth {
            self.found.replace(Some(Found::TooDeep(self.max_depth)));
            return Err(E::custom("nests too deep"));
        }
        Ok(ValueSeed {
            depth: self.depth + 1,
            ..self
        })
    }
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(Number::from_f64(n).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let child = self.enter()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(child)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let child = self.enter()?;
        let mut map = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            // One lookup for the check and the insert.
            match map.entry(key) {
                Entry::Occupied(seen) => {
                    self.found
                        .replace(Some(Found::DuplicateKey(seen.key().clone())));
                    return Err(de::Error::custom("duplicate key"));
                }
                Entry::Vacant(slot) => {
                    slot.insert(access.next_value_seed(child)?);
                }
            }
        }
        Ok(Value::Object(map))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn refused(text: &str) -> (JsonTextErrorKind, String) {
        let err = parse_json_text(text, &JsonLimits::default()).unwrap_err();
        (err.kind(), err.line())
    }

    #[test]
    fn reads_what_serde_json_reads() {
        let text = r#"{"b": [1, -2, 3.5, 1e3, true, null, "x\u00e9"], "a": {}}"#;
        let value = parse_json_text(text, &JsonLimits::default()).unwrap();
        assert_eq!(value, serde_json::from_str::<Value>(text).unwrap());
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["b", "a"]);
        assert_eq!(
            parse_json_text(b" 7 ", &JsonLimits::default()).unwrap(),
            json!(7)
        );
    }

    #[test]
    fn each_kind_has_its_words() {
        use JsonTextErrorKind as Kind;
        let cases = [
            (
                "{\"a\": ",
                Kind::UnexpectedEnd,
                "Invalid arguments: not valid JSON: unexpected end of input at line 1 column 6",
            ),
            (
                "{\"a\": x}",
                Kind::Syntax,
                "Invalid arguments: not valid JSON: expected value at line 1 column 7",
            ),
            (
                "{\"a\" 1}",
                Kind::Syntax,
                "Invalid arguments: not valid JSON: expected \":\" at line 1 column 6",
            ),
            (
                "{\"a\": 1 \"b\": 2}",
                Kind::Syntax,
                "Invalid arguments: not valid JSON: expected \",\" or \"}\" at line 1 column 9",
            ),
            (
                "{\"a\": tru}",
                Kind::Syntax,
                "Invalid arguments: not valid JSON: expected true, false or null at line 1 column 10",
            ),
            (
                "{\"a\": [1, 2,]}",
                Kind::TrailingComma,
                "Invalid arguments: not valid JSON: trailing comma at line 1 column 13",
            ),
            (
                "{} {}",
                Kind::TrailingCharacters,
                "Invalid arguments: not valid JSON: trailing characters after the value at line 1 column 4",
            ),
            (
                "[\"a\tb\"]",
                Kind::ControlCharacter,
                "Invalid arguments: not valid JSON: control character in a string at line 1 column 4; escape it, as \\n or \\u0009",
            ),
            (
                "{\"n\": 1e400}",
                Kind::NumberOutOfRange,
                "Invalid arguments: number out of range at line 1 column 11",
            ),
            (
                "[\"\\ud800\"]",
                Kind::LoneSurrogate,
                "Invalid arguments: lone surrogate in a string at line 1 column 9",
            ),
            (
                "{\"name\":\"echo\",\"name\":\"boom\"}",
                Kind::DuplicateKey,
                "Invalid arguments: duplicate key \"name\" at line 1 column 21; send each key once",
            ),
        ];
        for (text, kind, line) in cases {
            assert_eq!(refused(text), (kind, line.to_owned()), "{text}");
        }
    }

    #[test]
    fn depth_is_bounded_where_asked() {
        let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(parse_json_text(nested(128), &JsonLimits::default()).is_ok());
        assert_eq!(
            refused(&nested(129)),
            (
                JsonTextErrorKind::TooDeep,
                "Invalid arguments: nests deeper than 128 levels at line 1 column 130".to_owned()
            )
        );
        // Far past any limit: refused at the limit, never recursed into.
        assert_eq!(refused(&nested(1_000_000)).0, JsonTextErrorKind::TooDeep);
        let shallow = JsonLimits {
            max_depth: 2,
            ..JsonLimits::default()
        };
        assert!(parse_json_text("[{}]", &shallow).is_ok());
        let err = parse_json_text("{\"a\": [[]]}", &shallow).unwrap_err();
        assert_eq!(
            err.to_string(),
            "nests deeper than 2 levels at line 1 column 9"
        );
    }

    #[test]
    fn bytes_and_size() {
        let err = parse_json_text(b"{\"a\":\n \"\xff\"}", &JsonLimits::default()).unwrap_err();
        assert_eq!(err.kind(), JsonTextErrorKind::InvalidUtf8);
        assert_eq!(
            err.line(),
            "Invalid arguments: invalid UTF-8 at line 2 column 3"
        );
        let small = JsonLimits {
            max_bytes: 4,
            ..JsonLimits::default()
        };
        let err = parse_json_text("[1,2]", &small).unwrap_err();
        assert_eq!(
            err.line(),
            "Invalid arguments: larger than the limit of 4 bytes"
        );
        assert_eq!(err.position(), (0, 0));
        assert!(parse_json_text("[12]", &small).is_ok());
    }

    #[test]
    fn duplicate_keys_are_refused_at_any_depth() {
        assert_eq!(
            refused("[{\"a\": {\"b\": 1, \"b\": 1}}]"),
            (
                JsonTextErrorKind::DuplicateKey,
                "Invalid arguments: duplicate key \"b\" at line 1 column 19; send each key once"
                    .to_owned()
            )
        );
        // A long or hostile key is echoed on one line, cut short.
        let key = format!("a\\n\\u001b[2J{}", "k".repeat(1000));
        let text = format!("{{\"{key}\": 1, \"{key}\": 2}}");
        assert_eq!(
            refused(&text).1,
            format!(
                "Invalid arguments: duplicate key \"a {}…\" at line 1 column {}; send each key once",
                "k".repeat(38),
                text.len() - 4
            )
        );
    }
}
