use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(variant_identifier)]
enum Kind {
    Book,
    Film,
}

fn main() {}
