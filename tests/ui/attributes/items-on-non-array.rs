use toolsmith::tool;

/// Greets someone.
#[tool]
fn greet(#[arg(items(pattern = "^[a-z]+$"))] name: String) -> String {
    name
}

fn main() {}
