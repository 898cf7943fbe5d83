use toolsmith::tool;

/// Greets someone.
#[tool]
fn greet(#[arg(max_items = 3)] name: Option<String>) -> Option<String> {
    name
}

fn main() {}
