//! `pattern`: ECMA-262 regular expressions, read with the `u` flag as JSON
//! Schema 2020-12 asks, run on the linear-time `regex` engine; the verdict
//! on one, which the macros give at compile time and the runtime's
//! validator at run time, in the same words.
//!
//! A pattern is accepted when it is ECMA-262 syntax (the `regress` parser
//! decides), uses none of the constructs the linear-time engine cannot run
//! (lookaround, backreferences) and none that only some ECMAScript engines
//! have, and compiles within [`SIZE_LIMIT`]. It is rewritten into `regex`
//! syntax with the same meaning ([`translated`]). Syntax of other dialects
//! (`(?i)`, `\A`, `\z`, `(?P<..>`, `[[:alpha:]]`, ...) is refused with what
//! to write instead.
//!
//! The runtime compiles the translation with the `regex` crate; with the
//! `compile-check` feature, `problem` builds it as `regex` would, without
//! it, so that a pattern that builds is a pattern that runs.

mod ecma;
mod engine;
mod foreign;
#[cfg(feature = "compile-check")]
mod nfa;
mod reason;
mod translate;
mod verdict;

pub use ecma::ecma_refusal;
pub use engine::{SIZE_LIMIT, TOO_LARGE, does_not_compile};
#[cfg(feature = "compile-check")]
pub use nfa::problem;
pub use reason::in_our_voice;
pub use verdict::translated;
