use toolsmith::tool;

/// Picks a count between two fractions: no integer lies between them.
#[tool]
fn pick(#[arg(min = 1.5, max = 1.7)] count: u32) -> u32 {
    count
}

fn main() {}
