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

/// What only `cargo build` sees (const assertions, evaluated where a
/// generic function is used): each case in `tests/ui-build/` is built, not
/// only checked, because a case here passes.
#[test]
fn ui_build() {
    let t = trybuild::TestCases::new();
    t.pass("tests/ui-build/ask-flat-form.rs");
    t.compile_fail("tests/ui-build/ask-list-of-text.rs");
    t.compile_fail("tests/ui-build/ask-nested-struct.rs");
}
