use std::path::Path;
use toolsmith::tool;

/// Reads a file.
#[tool]
fn read(path: &Path) -> usize {
    path.as_os_str().len()
}

fn main() {}
