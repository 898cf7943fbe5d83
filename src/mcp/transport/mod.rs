//! How the server's messages travel besides HTTP: newline-delimited
//! JSON-RPC on a byte stream (MCP's stdio transport), where every line gets
//! an answer, and the `id` read from a message that did not parse, which
//! the HTTP endpoint reads too.

mod call_fields;
mod lines;
#[cfg(feature = "mcp-http")]
mod marks;
mod recover_id;

/// How the HTTP endpoint checks a call's round and task fields.
#[cfg(feature = "mcp-http")]
pub(crate) use call_fields::{INVALID_PARAMS, mistyped_call};
pub(crate) use call_fields::{json_type, mistyped};

/// How the HTTP endpoint checks a body, as a line is checked.
#[cfg(feature = "mcp-http")]
pub(crate) use lines::{
    INVALID_REQUEST, PARSE_ERROR, invalid_request_reason, parse_json, request_id, strip_bom,
};
pub(crate) use lines::{Input, LineTransport, Output};
#[cfg(feature = "mcp-http")]
pub(crate) use marks::{Client, Stateless};
#[cfg(feature = "mcp-http")]
pub(crate) use recover_id::recover_id;
