use toolsmith::tool;

/// Tags things.
#[tool]
fn tag(#[arg(items(min_items = 1, description = "a tag"))] tags: Vec<String>, #[arg(items)] more: Vec<String>) -> usize {
    tags.len() + more.len()
}

fn main() {}
