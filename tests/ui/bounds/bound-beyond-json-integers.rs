use toolsmith::tool;

/// Stores a counter.
#[tool]
fn store(#[arg(max = 100000000000000000000)] counter: u128, #[arg(min = -9223372036854775809)] offset: i128) -> u128 {
    counter + offset as u128
}

fn main() {}
