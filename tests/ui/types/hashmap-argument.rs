use std::collections::HashMap;
use toolsmith::tool;

/// Sets labels.
#[tool]
fn label(labels: HashMap<String, u32>) -> usize {
    labels.len()
}

fn main() {}
