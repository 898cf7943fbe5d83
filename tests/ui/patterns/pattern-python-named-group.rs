use toolsmith::tool;

/// Reads a tag.
#[tool]
fn read_tag(#[arg(pattern = r"(?P<x>a)")] tag: String) -> String {
    tag
}

fn main() {}
