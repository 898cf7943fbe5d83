//! toolsmith hooks inside the real agents: each agent is installed under
//! the target directory, runs against a scripted model on loopback, and
//! the tests check what it did with each answer of the hook programs.

mod claude;
mod claude_code;
mod codex;
mod codex_cli;
mod codex_contract;
mod codex_exec;
mod gemini;
mod gemini_cli;
mod gemini_contract;
mod gemini_model;
mod gemini_outputs;
mod loopback;
mod model;
mod payloads;
mod responses;
mod sealed;
// The contract tests' install of the pinned Agent SDK, shared.
#[path = "../contract/sdk.rs"]
#[allow(dead_code)]
mod sdk;

use toolsmith_test_support as support;
