use serde::Deserialize;
use serde_json::{Value, json};
use toolsmith::ToolArg;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slug {
    pub text: String,
}

impl ToolArg for Slug {
    const DEPTH: usize = 1;
    const __KIND: toolsmith::__private::ArgKind = toolsmith::__private::ArgKind::Object;

    fn schema() -> Value {
        json!({ "type": "object", "properties": { "text": { "type": "string", "pattern": "^[a-z]+$" } } })
    }
}

fn main() {}
