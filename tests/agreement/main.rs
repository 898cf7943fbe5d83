//! The promise, tested: the schema a model is shown and the input a
//! function accepts are the same set, for every tool of the examples and of
//! a zoo covering every argument type (see `support::agreement`).

#[path = "../../examples/demo_tools/mod.rs"]
#[allow(dead_code)]
mod demo_tools;
#[path = "../support/mod.rs"]
mod support;
mod zoo;

use support::agreement::{assert_agreement, numbers_stay_finite};

macro_rules! agreement_tests {
    ($($name:ident => $tool:expr $(, $extra:ident)?);* $(;)?) => {$(
        #[test]
        fn $name() {
            let tool = $tool;
            assert_agreement(&tool);
            $($extra(&tool);)?
        }
    )*};
}

agreement_tests! {
    slugify => demo_tools::Slugify;
    move_point => demo_tools::MovePoint;
    search => demo_tools::Search;
    list_notes => demo_tools::ListNotes;
    divide => demo_tools::Divide;
    every_integer => zoo::EveryInteger, numbers_stay_finite;
    wide_integers => zoo::WideIntegers, numbers_stay_finite;
    floats => zoo::Floats, numbers_stay_finite;
    strings_and_lists => zoo::StringsAndLists;
    nested => zoo::Nested;
    renamed => zoo::Renamed;
    defaults => zoo::Defaults;
}
