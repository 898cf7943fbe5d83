use toolsmith::tool;

/// Searches the docs.
#[tool]
fn search(#[arg(min = 1, min = 2)] limit: u32) -> u32 {
    limit
}

fn main() {}
