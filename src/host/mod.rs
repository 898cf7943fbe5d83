//! What every host adapter shares (MCP, function calling, the command
//! line, rig): a call's outcome before a host words it, the schema walks
//! behind each host's rewritten copy, how a name the other side sent is
//! repeated, tokio's blocking pool for the hosts that run on tokio, and
//! the bound a host's `new` puts on its set.

#[cfg(any(feature = "mcp", feature = "rig"))]
mod blocking;
mod echo;
mod outcome;
mod plain_set;
mod schema;

#[cfg(any(feature = "mcp", feature = "rig"))]
pub(crate) use blocking::on_tokio_pool;
pub(crate) use echo::name;
#[cfg(feature = "mcp")]
pub(crate) use echo::quoted_name;
pub(crate) use outcome::{Outcome, outcome, plain_result, result_text};
pub use plain_set::IntoPlainSet;
#[cfg(feature = "cli")]
pub(crate) use schema::types_of;
#[cfg(feature = "rig")]
pub(crate) use schema::without_mcp_keywords;
pub(crate) use schema::{append_description, map_schema, spell_out_format, types};
