//! The examples and the migration guide are true: each prints its
//! `.stdout` file, and the guide's blocks are the files they name.

pub mod examples;
pub mod migrating;

#[path = "../support/mod.rs"]
mod support;
