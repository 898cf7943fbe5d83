use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Column {
    Name,
    Size,
}

fn main() {}
