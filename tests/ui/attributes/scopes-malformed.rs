use toolsmith::tool;

/// Names one scope as a string.
#[tool(scopes = "notes:write")]
fn not_a_list() {}

const WRITE: &str = "notes:write";

/// Names a scope by a constant.
#[tool(scopes = [WRITE])]
fn not_a_literal() {}

/// Names a scope with a space.
#[tool(scopes = ["notes write"])]
fn with_a_space() {}

/// Names an empty scope.
#[tool(scopes = [""])]
fn empty_scope() {}

/// Names a scope twice.
#[tool(scopes = ["notes:write", "notes:write"])]
fn twice() {}

/// Names no scope.
#[tool(scopes = [])]
fn none() {}

/// Names no value.
#[tool(scopes)]
fn bare() {}

fn main() {}
