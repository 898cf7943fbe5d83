//! The promise, tested: the schema a model is shown and the input a
//! function accepts are the same set, for every tool of the examples and of
//! a zoo covering every argument type (see `support::agreement`).

#[path = "../../examples/demo_tools/mod.rs"]
#[allow(dead_code)]
mod demo_tools;
// The server example, for its soak tools (it includes the demo tools too).
#[path = "../../examples/mcp_server.rs"]
#[allow(dead_code, clippy::duplicate_mod)]
mod mcp_server;
// The tagged-union example.
#[path = "../../examples/notify.rs"]
#[allow(dead_code)]
mod notify;
mod oracle;
#[path = "../support/mod.rs"]
mod support;
mod zoo;

use support::agreement::{assert_agreement_with, numbers_stay_finite};
use support::generate;

/// `name => Tool` runs `assert_agreement_with` on the tool; `[SAMPLES]` after it gives
/// the strings of properties no generator writes from a schema (see
/// [`generate::valid_with`]); `, check` runs one more check.
macro_rules! agreement_tests {
    (@samples) => { &[] };
    (@samples $samples:expr) => { $samples };
    ($($name:ident => $tool:path $([$samples:expr])? $(, $extra:ident)?);* $(;)?) => {$(
        #[test]
        fn $name() {
            let tool = $tool;
            let samples: generate::Samples = agreement_tests!(@samples $($samples)?);
            assert_agreement_with(&tool, samples);
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
    notify => notify::Notify;
    crash => mcp_server::soak::Crash;
    nap => mcp_server::soak::Nap;
    every_integer => zoo::EveryInteger, numbers_stay_finite;
    wide_integers => zoo::WideIntegers, numbers_stay_finite;
    floats => zoo::Floats, numbers_stay_finite;
    strings_and_lists => zoo::StringsAndLists;
    nested => zoo::Nested;
    renamed => zoo::Renamed;
    defaults => zoo::Defaults;
    text_types => zoo::TextTypes;
    collections => zoo::Collections;
    newtypes => zoo::Newtypes;
    parsed_strings => zoo::ParsedStrings [generate::PARSED_SAMPLES];
}
