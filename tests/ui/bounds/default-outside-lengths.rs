use toolsmith::tool;

/// Greets someone.
#[tool]
fn greet(
    #[arg(default = "", min_length = 1)] name: String,
    #[arg(default = "a very long greeting indeed", max_length = 10)] greeting: String,
) -> String {
    format!("{greeting} {name}")
}

fn main() {}
