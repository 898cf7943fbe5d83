use toolsmith::tool;

/// Finds doubled words.
#[tool]
fn doubled(#[arg(pattern = r"(\w+) \1")] text: String) -> String {
    text
}

fn main() {}
