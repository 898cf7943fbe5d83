use toolsmith::tool;

/// Spells a word.
#[tool]
fn spell(#[arg(pattern = r"^[[:alpha:]]+$")] word: String) -> String {
    word
}

fn main() {}
