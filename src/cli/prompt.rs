//! Asking on the terminal: the question on stderr, then one prompt per
//! property of the form, each answer read from standard input as a line
//! and asked again, with the reason, while it fails its property's schema.

use std::io::{BufRead, Write};

use serde_json::{Map, Value, json};
use toolsmith_runtime::{Reply, Validator, sanitize_line};

/// Asks `message` on the terminal and reads the form `schema` describes
/// (a flat object, as `Call::ask` sends it), one field at a time. An empty
/// line leaves an optional field out; the end of input cancels.
pub(crate) fn ask(message: &str, schema: &Value) -> Result<Reply, String> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut err = std::io::stderr().lock();
    ask_with(message, schema, &mut input, &mut err)
}

/// [`ask`], reading `input` and prompting on `err`.
pub(crate) fn ask_with(
    message: &str,
    schema: &Value,
    input: &mut dyn BufRead,
    err: &mut dyn Write,
) -> Result<Reply, String> {
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let _ = writeln!(err, "{}", sanitize_line(message));
    let mut answer = Map::new();
    for (name, property) in properties {
        let needed = required.contains(&name.as_str());
        let field = Field::new(name, property, needed)?;
        loop {
            let _ = write!(err, "{}: ", field.prompt());
            let _ = err.flush();
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) => return Ok(Reply::Cancelled),
                Ok(_) => {}
                Err(e) => return Err(format!("cannot read the answer: {e}")),
            }
            let text = line.trim_end_matches(['\n', '\r']);
            if text.is_empty() && !needed {
                break;
            }
            match field.read(text) {
                Ok(value) => {
                    answer.insert(name.clone(), value);
                    break;
                }
                Err(lines) => {
                    for line in lines {
                        let _ = writeln!(err, "{line}");
                    }
                }
            }
        }
    }
    Ok(Reply::Accepted(Value::Object(answer)))
}

/// One property of the form: how it is prompted, read and checked.
struct Field<'a> {
    name: &'a str,
    property: &'a Value,
    validator: Validator,
}

impl<'a> Field<'a> {
    fn new(name: &'a str, property: &'a Value, needed: bool) -> Result<Self, String> {
        let required: &[&str] = if needed { &[name] } else { &[] };
        let schema =
            json!({"type": "object", "properties": {name: property}, "required": required});
        let validator =
            Validator::new(&schema).map_err(|e| format!("cannot ask for {name:?}: {e}"))?;
        Ok(Field {
            name,
            property,
            validator,
        })
    }

    /// `name (description) [a/b/c]`.
    fn prompt(&self) -> String {
        let mut prompt = self.name.to_owned();
        if let Some(description) = self.property.get("description").and_then(Value::as_str) {
            prompt.push_str(&format!(" ({})", sanitize_line(description)));
        }
        if let Some(choices) = self.property.get("enum").and_then(Value::as_array) {
            let choices: Vec<String> = choices.iter().map(choice).collect();
            prompt.push_str(&format!(" [{}]", choices.join("/")));
        } else if self.kind() == "boolean" {
            prompt.push_str(" [y/n]");
        }
        prompt
    }

    /// The property's type, the first one not `null` when it lists several.
    fn kind(&self) -> &str {
        match self.property.get("type") {
            Some(Value::String(kind)) => kind,
            Some(Value::Array(kinds)) => kinds
                .iter()
                .filter_map(Value::as_str)
                .find(|kind| *kind != "null")
                .unwrap_or("string"),
            _ => "string",
        }
    }

    /// `text` as the property's value, or the lines saying why it is not.
    fn read(&self, text: &str) -> Result<Value, Vec<String>> {
        let value = match self.kind() {
            "boolean" => match text.to_ascii_lowercase().as_str() {
                "y" | "yes" | "true" => Value::Bool(true),
                "n" | "no" | "false" => Value::Bool(false),
                _ => {
                    return Err(vec![format!(
                        "answer y or n, got {:?}",
                        sanitize_line(text)
                    )]);
                }
            },
            "integer" | "number" => match serde_json::from_str::<Value>(text.trim()) {
                Ok(number @ Value::Number(_)) => number,
                _ => {
                    return Err(vec![format!(
                        "answer a number, got {:?}",
                        sanitize_line(text)
                    )]);
                }
            },
            "array" => Value::Array(
                text.split(',')
                    .map(|item| Value::String(item.trim().to_owned()))
                    .collect(),
            ),
            _ => Value::String(text.to_owned()),
        };
        let object = Value::Object(Map::from_iter([(self.name.to_owned(), value.clone())]));
        match self.validator.validate(&object) {
            Ok(()) => Ok(value),
            Err(problems) => Err(problems.lines_for("Invalid answer")),
        }
    }
}

/// An enum value as it is typed.
fn choice(value: &Value) -> String {
    match value {
        Value::String(text) => sanitize_line(text),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> Value {
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 1, "description": "Your name"},
                "age": {"type": "integer", "maximum": 150},
                "backups": {"type": "boolean"},
                "color": {"type": ["string", "null"], "enum": ["red", "blue", null]}
            },
            "required": ["name", "age", "backups"]
        })
    }

    fn asked(input: &str) -> (Result<Reply, String>, String) {
        let mut err = Vec::new();
        let reply = ask_with(
            "Who\u{1b}[2J are you?",
            &form(),
            &mut input.as_bytes(),
            &mut err,
        );
        (reply, String::from_utf8(err).unwrap())
    }

    #[test]
    fn each_field_is_asked_again_until_it_passes_its_schema() {
        let (reply, err) = asked("\nAda\n200\nold\n42\nmaybe\ny\ngreen\nblue\n");
        assert_eq!(
            reply,
            Ok(Reply::Accepted(
                json!({"name": "Ada", "age": 42, "backups": true, "color": "blue"})
            ))
        );
        assert_eq!(
            err,
            "Who are you?\n\
             name (Your name): Invalid answer at /name: must be at least 1 character long, got 0\n\
             name (Your name): \
             age: Invalid answer at /age: must be at most 150, got 200\n\
             age: answer a number, got \"old\"\n\
             age: \
             backups [y/n]: answer y or n, got \"maybe\"\n\
             backups [y/n]: \
             color [red/blue/null]: Invalid answer at /color: must be one of red, blue, null, got \"green\"\n\
             color [red/blue/null]: "
        );
    }

    #[test]
    fn an_empty_line_leaves_an_optional_field_out() {
        let (reply, _) = asked("Ada\n7\nn\n\n");
        assert_eq!(
            reply,
            Ok(Reply::Accepted(
                json!({"name": "Ada", "age": 7, "backups": false})
            ))
        );
    }

    #[test]
    fn the_end_of_input_cancels() {
        assert_eq!(asked("Ada\n").0, Ok(Reply::Cancelled));
    }
}
