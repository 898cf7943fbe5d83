//! A tool's call on MCP, from the request to its result: the call's host
//! (notifications, questions and sampling sent to the client), the
//! `input_required` rounds of a client asked in rounds, calls run as
//! tasks and whom they belong to, and how an outcome reads as a `tools/call` result.

pub(crate) mod answer;
pub(crate) mod client_call;
pub(crate) mod input_required;
pub(crate) mod owner;
pub(crate) mod tasks;
