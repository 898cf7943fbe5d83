use toolsmith::tool;

/// Greets someone.
///
/// # Arguments
///
/// * `greeting` - What to say
/// * `name` - Who to greet
#[tool]
fn greet(#[arg(positional)] greeting: Option<String>, #[arg(positional)] name: String) -> String {
    format!("{} {name}", greeting.unwrap_or_default())
}

fn main() {}
