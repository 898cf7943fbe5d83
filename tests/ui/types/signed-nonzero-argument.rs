use std::num::NonZeroI32;
use toolsmith::tool;

/// Moves by a step.
#[tool]
fn step(by: NonZeroI32) -> i32 {
    by.get()
}

fn main() {}
