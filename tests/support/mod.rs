//! The facade's test support: the workspace's shared helpers, and the
//! agreement check and the MCP Python client that need the facade.

// Each test crate that includes this module uses part of it.
#![allow(dead_code)]

pub mod agreement;
pub mod balancer;
pub mod debian;
pub mod http_example;
pub mod mcp_python;
pub mod redis_server;

pub use toolsmith_test_support::*;
