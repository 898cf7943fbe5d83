use toolsmith::tool;

struct Handle;

/// Opens a file.
#[tool]
fn open(path: String) -> Handle {
    let _ = path;
    Handle
}

fn main() {}
