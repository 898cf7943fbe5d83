use serde::Deserialize;
use toolsmith::ToolArg;

mod clock {
    pub struct Duration {
        pub secs: u64,
    }
}

#[derive(Deserialize, ToolArg)]
#[serde(remote = "clock::Duration", deny_unknown_fields)]
struct DurationDef {
    secs: u64,
}

fn main() {}
