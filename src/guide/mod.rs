//! The reference, one page per topic. This module holds no items: it is
//! here to be read, and every example on its pages runs as a doctest.
//!
//! - [`tools`]: writing a tool: `#[tool(..)]`, `#[arg(..)]`, `#[ctx]`,
//!   descriptions from doc comments, the generated items, returns;
//! - [`argument_types`]: the schema of every argument type, the types
//!   refused, and deriving `ToolArg` beside serde;
//! - [`schema_rules`]: the nine rules every tool's schema meets, checked at
//!   compile time;
//! - [`error_lines`]: the lines a model reads for a bad call, and
//!   [`ToolInputError`](crate::ToolInputError);
//! - [`repairs`]: the mistakes fixed before validation, and the policy;
//! - [`patterns`]: the ECMA-262 dialect `pattern` takes;
//! - [`the_call`]: `#[call]`, the call a tool sees (progress,
//!   cancellation, typed questions to the user, sampling, logs), and rich
//!   results;
//! - [`hosts`]: every host adapter, the schema each is sent, and how every
//!   call gets one answer;
//! - [`who_is_calling`]: `#[ctx] caller: Caller`, bearer tokens verified
//!   (JWT and JWKS, introspection), scopes and the step-up, rounds bound
//!   to their caller;
//! - [`any_schema`]: [`Validator`](crate::Validator) and
//!   [`DynamicTool`](crate::DynamicTool), for schemas the macro did not write;
//! - [`hooks`]: typed coding-agent hooks (feature `hooks`);
//! - [`schemars`]: schemars types as tool arguments, and tool arguments as
//!   schemars types (feature `schemars`);
//! - [`migrating`]: moving an rmcp server or a rig tool over.

#[doc = include_str!("../../docs/guide/tools.md")]
pub mod tools {}

#[doc = include_str!("../../docs/guide/argument_types.md")]
pub mod argument_types {}

#[doc = include_str!("../../docs/guide/schema_rules.md")]
pub mod schema_rules {}

#[doc = include_str!("../../docs/guide/error_lines.md")]
pub mod error_lines {}

#[doc = include_str!("../../docs/guide/repairs.md")]
pub mod repairs {}

#[doc = include_str!("../../docs/guide/patterns.md")]
pub mod patterns {}

#[doc = include_str!("../../docs/guide/the_call.md")]
pub mod the_call {}

#[doc = include_str!("../../docs/guide/hosts.md")]
pub mod hosts {}

#[doc = include_str!("../../docs/guide/who_is_calling.md")]
pub mod who_is_calling {}

#[doc = include_str!("../../docs/guide/any_schema.md")]
pub mod any_schema {}

#[doc = include_str!("../../docs/guide/hooks.md")]
pub mod hooks {}

#[doc = include_str!("../../docs/guide/schemars.md")]
pub mod schemars {}

#[doc = include_str!("../../docs/guide/migrating.md")]
pub mod migrating {}
