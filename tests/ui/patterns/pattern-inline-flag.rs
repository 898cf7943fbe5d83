use toolsmith::tool;

/// Looks up a code, in any case.
#[tool]
fn lookup(#[arg(pattern = r"(?i)^abc$")] code: String) -> String {
    code
}

fn main() {}
