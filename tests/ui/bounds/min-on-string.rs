use toolsmith::tool;

/// Greets someone.
#[tool]
fn greet(#[arg(max = 10)] name: String) -> String {
    name
}

fn main() {}
