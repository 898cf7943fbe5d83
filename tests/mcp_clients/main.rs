//! toolsmith's example MCP server inside real MCP clients, each installed
//! under the target directory by the tests (pinned by the lock files
//! beside them) and driven by a scripted model: the AI SDK (over stdio and
//! Streamable HTTP, with the module `ai-sdk-tools` prints), Claude Code and
//! Gemini CLI. Each test asserts the tools the model is offered, and the
//! exact text and error flag the model reads for a bad, a good and an
//! injected call.

mod ai_sdk;
mod claude_code;
mod codex_cli;
mod gemini_cli;
mod server;

#[path = "../../examples/demo_tools/mod.rs"]
#[allow(dead_code)]
mod demo_tools;

// The scripted Anthropic model and what seals an agent's session, shared
// with the hooks' agent tests.
#[path = "../../hooks/tests/agents/gemini_model.rs"]
#[allow(dead_code)]
mod gemini_model;
#[path = "../../hooks/tests/agents/loopback.rs"]
#[allow(dead_code)]
mod loopback;
#[path = "../../hooks/tests/agents/model.rs"]
#[allow(dead_code)]
mod model;
#[path = "../../hooks/tests/agents/sealed.rs"]
#[allow(dead_code)]
mod sealed;

use toolsmith_test_support as support;
