use std::borrow::Cow;

use serde::Deserialize;
use toolsmith::ToolArg;

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Note<'a> {
    #[serde(borrow)]
    text: Cow<'a, str>,
}

fn main() {}
