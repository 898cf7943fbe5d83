use toolsmith::tool;

/// Asks first, but never becomes a task.
#[tool(input_first)]
fn plain(seconds: u32) -> u32 {
    seconds
}

/// Asks first, and is told never to become a task.
#[tool(task = false, input_first)]
fn never(seconds: u32) -> u32 {
    seconds
}

fn main() {}
