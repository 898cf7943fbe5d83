//! The runtime from the outside: the official JSON Schema test suite, the
//! exact lines for every keyword, repairs, patterns against ECMAScript
//! (node as the oracle), the sanitizer, and hostile input of every size.

mod applicator_lines;
mod hostile;
mod json_schema_suite;
mod lines;
mod pattern_ecma;
mod repairs;
mod robustness;
mod sanitize;
