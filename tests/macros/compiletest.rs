//! Compile-fail cases: every schema rule and malformed attribute, with the
//! exact message and span in the `.stderr` next to each case. Refresh with
//! `TRYBUILD=overwrite cargo test --test macros compiletest` and review the
//! diff. One folder per topic: attributes, bounds, names, functions,
//! types, serde, patterns, output.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*/*.rs");
}
