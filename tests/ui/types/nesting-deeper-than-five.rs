use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct L1 {
    value: u8,
}

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct L2 {
    inner: L1,
}

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct L3 {
    inner: L2,
}

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct L4 {
    inner: Vec<L3>,
}

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct L5 {
    inner: Option<L4>,
}

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct L6 {
    inner: L5,
}

fn main() {}
