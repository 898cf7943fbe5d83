use toolsmith::tool;

/// Echoes text.
#[tool]
fn echo(text: impl Into<String>) -> String {
    text.into()
}

fn main() {}
