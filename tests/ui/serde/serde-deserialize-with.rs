use serde::{Deserialize, Deserializer};
use toolsmith::ToolArg;

fn comma_list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let text = String::deserialize(deserializer)?;
    Ok(text.split(',').map(str::to_owned).collect())
}

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Filter {
    #[serde(deserialize_with = "comma_list")]
    tags: Vec<String>,
}

fn main() {}
