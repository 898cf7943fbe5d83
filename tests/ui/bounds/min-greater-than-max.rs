use toolsmith::tool;

/// Lists items.
#[tool]
fn list(#[arg(min = 50, max = 10)] limit: u32, #[arg(min_length = 5, max_length = 2)] cursor: String) -> String {
    format!("{limit}{cursor}")
}

fn main() {}
