use toolsmith::tool;

/// Schedules a call.
#[tool]
fn schedule(
    #[arg(pattern = "Z$")] when: chrono::DateTime<chrono::Utc>,
    #[arg(items(max_length = 40))] links: Vec<url::Url>,
) -> String {
    format!("{when} {}", links.len())
}

fn main() {}
