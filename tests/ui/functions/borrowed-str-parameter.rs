use toolsmith::tool;

/// Greets someone.
#[tool]
fn greet(name: &str, tags: Option<&[String]>) -> String {
    format!("{name} {tags:?}")
}

fn main() {}
