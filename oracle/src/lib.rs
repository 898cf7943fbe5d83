//! toolsmith measured against other crates, as tests and benchmarks only:
//! `tests/agreement` (the schema a model is shown and the input a function
//! accepts are the same set, with jsonschema as the oracle), `tests/corpus`
//! (real servers' schemas, validated by toolsmith and jsonschema alike),
//! and the benchmarks `compare` (instruction counts next to serde,
//! jsonschema and boon) and `wall` (divan's wall-clock statistics). They
//! live in a package of their own so that the main package's examples build
//! none of these crates. Not published; this library is empty.
