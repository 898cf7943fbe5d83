use toolsmith::{Caller, tool};

/// Takes the caller as a schema parameter.
#[tool]
fn whoami(#[ctx] #[arg(description = "who")] caller: Caller) -> String {
    caller.subject().to_owned()
}

/// Takes the caller twice.
#[tool]
fn twice(#[ctx] first: Caller, #[ctx] second: toolsmith::Caller) -> String {
    format!("{}{}", first.subject(), second.subject())
}

fn main() {}
