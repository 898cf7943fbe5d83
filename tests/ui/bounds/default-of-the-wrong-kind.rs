use toolsmith::tool;

/// Finds items.
#[tool]
fn find(
    #[arg(default = "10", max = 50)] limit: u32,
    #[arg(default = 3, max_length = 20)] query: String,
) -> String {
    format!("{limit} {query}")
}

fn main() {}
