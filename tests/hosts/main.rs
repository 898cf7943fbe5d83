//! Every host answering every call: function calling, MCP over stdio and
//! HTTP (driven by the official Python SDK), the command line, rig, and
//! schemars both ways, each with the exact JSON or text it receives.

pub mod call;
pub mod cli;
pub mod cli_call;
pub mod cli_hints;
pub mod cli_serving;
pub mod cli_values;
pub mod content_results;
pub mod declared_defaults;
pub mod function_calling;
pub mod hosts;
pub mod http_session_bench;
pub mod keywords;
pub mod mcp_balancer;
pub mod mcp_conformance;
pub mod mcp_context;
pub mod mcp_dynamic;
pub mod mcp_http;
pub mod mcp_http_access;
pub mod mcp_http_auth;
pub mod mcp_http_flood;
pub mod mcp_http_limits;
pub mod mcp_http_mounted;
pub mod mcp_http_peers;
pub mod mcp_http_stdio_agree;
pub mod mcp_http_streams;
pub mod mcp_http_unread;
pub mod mcp_lines;
pub mod mcp_metadata;
pub mod mcp_redis;
pub mod mcp_replica_answers;
pub mod mcp_resume;
pub mod mcp_rounds_bound;
pub mod mcp_stdio;
pub mod mcp_task_owners;
pub mod mcp_tasks;
pub mod mcp_tools_bus;
pub mod panics;
pub mod raw_http;
pub mod reports;
pub mod rig_agent;
pub mod schemars_both_ways;
pub mod task_store;
pub mod task_store_bench;

#[path = "../../examples/demo_tools/mod.rs"]
mod demo_tools;
#[path = "../support/mod.rs"]
mod support;
