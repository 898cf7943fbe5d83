use toolsmith::tool;

/// Lists the first pages.
#[tool]
fn first_pages(#[arg(min = 0.5, max = 9.9)] count: u32, #[arg(min = -0.5)] offset: Option<i64>) -> u32 {
    count + offset.unwrap_or(0) as u32
}

fn main() {}
