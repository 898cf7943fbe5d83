use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Paging {
    page: u32,
}

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Query {
    text: String,
    #[serde(flatten)]
    paging: Paging,
}

fn main() {}
