use std::time::Duration;
use toolsmith::tool;

/// Waits a while.
#[tool]
fn wait(timeout: Duration) -> u64 {
    timeout.as_secs()
}

fn main() {}
