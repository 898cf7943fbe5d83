use serde::Deserialize;
use toolsmith::ToolArg;

mod seconds {
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.trim_end_matches('s').parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Deserialize, ToolArg)]
#[serde(deny_unknown_fields)]
struct Timeout {
    #[serde(with = "seconds")]
    after: u64,
}

fn main() {}
