use toolsmith::tool;

/// Runs as a task, in a way no host knows.
#[tool(task = "always")]
fn slow(seconds: u32) -> u32 {
    seconds
}

fn main() {}
