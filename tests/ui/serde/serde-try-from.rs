use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields, try_from = "u32")]
struct Even {
    value: u32,
}

impl TryFrom<u32> for Even {
    type Error = String;

    fn try_from(value: u32) -> Result<Self, String> {
        if value % 2 == 0 { Ok(Even { value }) } else { Err(format!("{value} is odd")) }
    }
}

fn main() {}
