use toolsmith::tool;

/// Greets in Greek.
#[tool]
fn greet(#[arg(pattern = r"^\p{Greek}+$")] word: String) -> String {
    word
}

fn main() {}
