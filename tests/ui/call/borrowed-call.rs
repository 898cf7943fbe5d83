use toolsmith::{Call, tool};

/// Reports progress.
#[tool]
fn report(#[call] call: &Call) -> String {
    call.progress(1.0, None, "");
    "reported".to_owned()
}

fn main() {}
