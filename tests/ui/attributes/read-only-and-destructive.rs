use toolsmith::tool;

/// Deletes a note.
#[tool(read_only, destructive)]
fn delete_note(id: u32) -> u32 {
    id
}

fn main() {}
