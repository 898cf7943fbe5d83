use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Folder {
    name: String,
    children: Vec<Folder>,
}

fn main() {}
