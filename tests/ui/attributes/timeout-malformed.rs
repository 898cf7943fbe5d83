use toolsmith::tool;

/// Waits without a unit.
#[tool(timeout = "30")]
fn no_unit() {}

/// Waits a fraction.
#[tool(timeout = "1.5s")]
fn fraction() {}

/// Waits not at all.
#[tool(timeout = "0ms")]
fn zero() {}

/// Waits a number.
#[tool(timeout = 30)]
fn number() {}

fn main() {}
