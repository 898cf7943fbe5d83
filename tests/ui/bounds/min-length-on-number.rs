use toolsmith::tool;

/// Lists items.
#[tool]
fn list(#[arg(min_length = 1)] limit: u32) -> u32 {
    limit
}

fn main() {}
