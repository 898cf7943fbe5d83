//! The facts toolsmith's macros and its runtime must agree on, defined once:
//! the names hosts accept, the nine schema rules, the domains of numbers,
//! and the verdict on a `pattern`. The macros check them at compile time,
//! the runtime at registration and on schemas made elsewhere; neither side
//! restates them. No serde here: the macros compile this crate for the
//! compiler, and pay for every dependency a second time.

pub mod names;
pub mod number;
pub mod pattern;
pub mod rule;

pub use rule::{MAX_DEPTH, Rule};
