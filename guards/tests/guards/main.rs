//! The guards' tests, one binary: each module one concern, from the rules
//! on single command lines to real bash, corpora and long texts.

mod bash_evasions;
mod findings;
mod paths;
mod secrets_corpus;
mod secrets_long_texts;
