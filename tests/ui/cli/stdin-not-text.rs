use toolsmith::tool;

/// Sums numbers.
///
/// # Arguments
///
/// * `numbers` - The numbers to add
#[tool]
fn sum(#[arg(stdin)] numbers: Vec<String>) -> usize {
    numbers.len()
}

/// Counts down.
///
/// # Arguments
///
/// * `start` - Where to start
#[tool]
fn countdown(#[arg(stdin)] start: u32) -> u32 {
    start
}

fn main() {}
