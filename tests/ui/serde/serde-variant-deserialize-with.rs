use serde::{Deserialize, Deserializer};
use toolsmith::ToolArg;

fn anything<'de, D: Deserializer<'de>>(deserializer: D) -> Result<(), D::Error> {
    serde::de::IgnoredAny::deserialize(deserializer).map(|_| ())
}

#[derive(Deserialize, ToolArg)]
enum Level {
    Low,
    #[serde(deserialize_with = "anything")]
    High,
}

fn main() {}
