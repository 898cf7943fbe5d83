use std::sync::Arc;
use toolsmith::tool;

struct Db;

/// Looks up a user.
#[tool]
fn user(#[ctx] #[arg(min = 1)] db: Arc<Db>, id: u64) -> u64 {
    let _ = db;
    id
}

fn main() {}
