use toolsmith::tool;

/// Sets the brightness.
#[tool]
fn brightness(#[arg(min = 255.5)] level: u8) -> u8 {
    level
}

fn main() {}
