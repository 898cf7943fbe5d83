use toolsmith::tool;

/// Checks a name.
#[tool]
fn check_name(#[arg(pattern = r"\Afoo\z")] name: String) -> String {
    name
}

fn main() {}
