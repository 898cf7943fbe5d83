use toolsmith::{Call, tool};

/// Reports progress twice.
#[tool]
fn report(#[call] first: Call, #[call] second: Call) -> String {
    first.progress(1.0, None, "");
    second.progress(2.0, None, "");
    "reported".to_owned()
}

fn main() {}
