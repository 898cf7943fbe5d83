use toolsmith::tool;

/// Copies files into a folder.
///
/// # Arguments
///
/// * `files` - The files to copy
/// * `dest` - Where the copies go
#[tool]
fn copy(#[arg(positional)] files: Vec<String>, #[arg(positional)] dest: String) -> usize {
    files.len() + dest.len()
}

fn main() {}
