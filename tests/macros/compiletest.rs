//! Compile-fail cases: every schema rule and malformed attribute, with the
//! exact message and span in the `.stderr` next to each case. Refresh with
//! `TRYBUILD=overwrite cargo test --test macros` and review the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
