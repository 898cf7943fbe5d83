use toolsmith::tool;

/// Stores anything.
#[tool]
fn store(value: serde_json::Value) -> bool {
    value.is_null()
}

fn main() {}
