//! The text [toolsmith](https://docs.rs/toolsmith) shows a model, a log or
//! a terminal, with no dependency: [`sanitize_line`] and [`sanitize_text`]
//! take out what could hide or forge text (escape sequences, controls,
//! invisible characters), [`echo`] repeats what the other side sent in a
//! line, sanitized and cut short, and [`suggest`] finds the near miss a
//! line offers ("did you mean").
//!
//! The runtime's error lines, the hooks' answers and the guards' findings
//! all write through these functions, so a value is shown alike wherever it
//! is echoed.

pub mod echo;
mod sanitize;
pub mod suggest;

pub use sanitize::{sanitize_line, sanitize_text};
