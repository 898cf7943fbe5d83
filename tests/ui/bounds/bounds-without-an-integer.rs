use toolsmith::tool;

/// Picks a level.
#[tool]
fn pick_level(#[arg(min = 1.5, max = 1.7)] level: u32) -> u32 {
    level
}

fn main() {}
