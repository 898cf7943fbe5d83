#![cfg(feature = "mcp-http")]
