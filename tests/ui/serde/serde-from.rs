use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields, from = "String")]
struct Name {
    value: String,
}

impl From<String> for Name {
    fn from(value: String) -> Self {
        Name { value }
    }
}

fn main() {}
