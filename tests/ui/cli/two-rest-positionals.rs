use toolsmith::tool;

/// Tags files.
///
/// # Arguments
///
/// * `files` - The files to tag
/// * `tags` - The tags to give them
#[tool]
fn tag(#[arg(positional)] files: Vec<String>, #[arg(positional)] tags: Vec<String>) -> usize {
    files.len() * tags.len()
}

fn main() {}
