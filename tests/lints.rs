//! A plain documented tool in a crate that denies the lints careful crates
//! deny: the generated items carry docs and nothing more public than the
//! function. `cargo clippy --all-targets` checks the pedantic group.

#![deny(missing_docs, unreachable_pub, missing_debug_implementations)]
#![deny(clippy::pedantic)]

use toolsmith::{Tool, tool};

/// Adds two numbers.
#[tool]
#[must_use]
pub fn add(a: i64, b: i64) -> i64 {
    a + b
}

#[test]
fn the_tool_is_usable() {
    assert_eq!(Add.name(), "add");
    assert_eq!(add(2, 3), 5);
    assert_eq!(
        format!("{:?}", AddArgs { a: 2, b: 3 }),
        "AddArgs { a: 2, b: 3 }"
    );
}

// The agreement check's own items are the test support's, not this crate's API.
#[allow(
    missing_docs,
    unreachable_pub,
    missing_debug_implementations,
    clippy::pedantic
)]
mod support;

/// The typed path and the validator agree on generated calls of the tool
/// (see `support::agreement`).
#[test]
fn the_tool_agrees_with_its_schema() {
    support::agreement::assert_agreement(&Add);
}
