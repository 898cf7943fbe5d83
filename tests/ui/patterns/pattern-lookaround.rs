use toolsmith::tool;

/// Sets a password.
#[tool]
fn set_password(#[arg(pattern = r"^(?=.*\d).{8,}$")] password: String) -> bool {
    !password.is_empty()
}

fn main() {}
