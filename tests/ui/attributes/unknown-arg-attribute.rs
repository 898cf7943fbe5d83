use toolsmith::tool;

/// Searches the docs.
#[tool]
fn search(#[arg(minimum = 1)] limit: u32) -> u32 {
    limit
}

fn main() {}
