use toolsmith::tool;

/// Lists pages.
#[tool]
fn list_pages(
    #[arg(default = 0, min = 1)] page: u32,
    #[arg(default = 500, min = 1, max = 100)] per_page: u32,
    #[arg(default = -0.5, min = 0.0)] weight: f64,
) -> u32 {
    let _ = weight;
    page * per_page
}

fn main() {}
