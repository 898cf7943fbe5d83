use toolsmith::tool;

/// Looks up a ticket.
#[tool]
fn ticket(#[arg(pattern = "^[A-Z+$")] id: String) -> String {
    id
}

fn main() {}
