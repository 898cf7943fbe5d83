//! The Claude Code hook contract from the outside: typed inputs on
//! real-looking payloads, the answers checked against the official SDK's
//! declarations, the settings lint, and the example hooks as the agent
//! runs them.

mod drift;
mod examples;
mod inputs;
mod outputs;
mod sdk;
mod settings;

use toolsmith_test_support as support;
