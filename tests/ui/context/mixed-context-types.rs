use std::sync::Arc;

use toolsmith::{ToolSet, tool};

pub struct Db;
pub struct Mailer;

/// Looks a user up.
#[tool]
fn lookup(#[ctx] _db: Arc<Db>, id: u32) -> u32 {
    id
}

/// Sends a mail.
#[tool]
fn mail(#[ctx] _mailer: Arc<Mailer>, to: String) -> String {
    to
}

fn main() {
    let mut tools = ToolSet::<Arc<Db>>::with_context_type();
    tools.register(Lookup).unwrap();
    tools.register(Mail).unwrap();
}
