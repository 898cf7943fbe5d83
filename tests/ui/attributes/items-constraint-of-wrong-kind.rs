use toolsmith::tool;

/// Finds records.
#[tool]
fn find(
    #[arg(items(pattern = "^[0-9]+$"))] ids: Vec<u32>,
    #[arg(items(min = 1))] names: Option<Vec<String>>,
    #[arg(items(max = 300))] levels: [u8; 2],
) -> usize {
    ids.len() + names.map_or(0, |names| names.len()) + levels.len()
}

fn main() {}
