//! How the server's messages travel besides HTTP: newline-delimited
//! JSON-RPC on a byte stream (MCP's stdio transport), where every line gets
//! an answer, and the `id` read from a message that did not parse, which
//! the HTTP endpoint reads too.

mod lines;
mod recover_id;

pub(crate) use lines::{
    INVALID_REQUEST, Input, LineTransport, Output, PARSE_ERROR, invalid_request_reason, parse_json,
    request_id, strip_bom,
};
pub(crate) use recover_id::recover_id;
