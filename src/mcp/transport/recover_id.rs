//! The `id` of a message that did not parse, read leniently from its bytes,
//! so that the error answering it reaches the request that waits for it.

use serde_json::Value;
use toolsmith_runtime::{JsonLimits, parse_json_text};

/// The top-level `"id"` of a JSON-RPC message given as (the start of) a
/// line that may not parse: invalid UTF-8, a bad number or a trailing comma
/// elsewhere in it, or cut short. `None` when the line is not an object or
/// its `id` is not an integer (of 64 bits, signed or not) or a string before the first unreadable
/// token at the top level.
pub(crate) fn recover_id(line: &[u8]) -> Option<Value> {
    let mut scan = Scan { bytes: line, at: 0 };
    scan.skip_space();
    scan.eat(b'{')?;
    loop {
        scan.skip_space();
        let key = scan.string()?;
        scan.skip_space();
        scan.eat(b':')?;
        scan.skip_space();
        if key == b"\"id\"" {
            return scan.id();
        }
        scan.skip_value()?;
        scan.skip_space();
        scan.eat(b',')?;
    }
}

struct Scan<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.at += 1;
        }
    }

    /// A string token, quotes included, escapes left as written.
    fn string(&mut self) -> Option<&'a [u8]> {
        let start = self.at;
        self.eat(b'"')?;
        loop {
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return Some(&self.bytes[start..self.at]);
                }
                b'\\' => self.at += 2,
                _ => self.at += 1,
            }
        }
    }

    /// An integer or a string, as a JSON-RPC id may be.
    fn id(&mut self) -> Option<Value> {
        let token = match self.peek()? {
            b'"' => self.string()?,
            b'-' | b'0'..=b'9' => {
                let start = self.at;
                while matches!(
                    self.peek(),
                    Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                ) {
                    self.at += 1;
                }
                &self.bytes[start..self.at]
            }
            _ => return None,
        };
        match parse_json_text(token, &JsonLimits::default()).ok()? {
            Value::Number(n) if n.is_i64() || n.is_u64() => Some(Value::Number(n)),
            Value::String(s) => Some(Value::String(s)),
            _ => None,
        }
    }

    /// Any value, however nested, without parsing what is inside it.
    fn skip_value(&mut self) -> Option<()> {
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => {
                    self.string()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.at += 1;
                }
                b'}' | b']' if depth > 0 => {
                    depth -= 1;
                    self.at += 1;
                }
                // The end of this member at the top level.
                b',' | b'}' if depth == 0 => return Some(()),
                _ => self.at += 1,
            }
            if depth == 0 && matches!(self.peek(), Some(b',' | b'}')) {
                return Some(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_id_is_found_whatever_is_wrong_elsewhere() {
        let cases: &[&[u8]] = &[
            br#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":1e400}}"#,
            br#"{"jsonrpc":"2.0","method":"tools/call","params":{"x":[1,2,],"y":{"z":"\"}"}},"id":7}"#,
            b"{\"jsonrpc\":\"2.0\",\"params\":{\"s\":\"\xff\xfe\"},\"id\":7,",
            br#"{"id":7,"params":[[[[[[[[[[[[[[[[[[[[[[[[[[[["#,
        ];
        for line in cases {
            assert_eq!(
                recover_id(line),
                Some(json!(7)),
                "{}",
                String::from_utf8_lossy(line)
            );
        }
        assert_eq!(
            recover_id(br#"{"id": "req-1", "method": 1e400}"#),
            Some(json!("req-1"))
        );
    }

    #[test]
    fn no_id_where_there_is_none_to_trust() {
        let cases: &[&[u8]] = &[
            b"[1, 2]",
            br#"{"params": {"id": 3}}"#,
            br#"{"id": 1e400}"#,
            br#"{"id": 1.5}"#,
            br#"{"id": null}"#,
            br#"{"method": "x""#,
            b"",
            b"not json",
        ];
        for line in cases {
            assert_eq!(recover_id(line), None, "{}", String::from_utf8_lossy(line));
        }
    }
}
