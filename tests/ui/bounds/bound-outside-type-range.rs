use toolsmith::tool;

/// Sets the brightness.
#[tool]
fn brightness(#[arg(max = 300)] level: u8, #[arg(min = -1)] step: u16) -> u16 {
    u16::from(level) + step
}

fn main() {}
