//! The tools of a set in the AI SDK (Vercel's `ai` package, with
//! `@ai-sdk/mcp`): [`tools_module`] writes the ES module that the
//! command line's `ai-sdk-tools` command prints.
//!
//! The AI SDK reaches the tools over MCP: `createMCPClient` on the
//! program's `mcp` command (standard input and output) or on its
//! Streamable HTTP endpoint, then `client.tools()`. That client hands a
//! result marked `isError` back as an ordinary tool output, so the model
//! would read toolsmith's lines for a bad call as a success. The module's
//! `toolsmithTools(client)` returns the same tools with an `execute` that
//! throws the text of such a result: the AI SDK reports it as a tool error
//! (a `tool-error` part), and the model reads the lines as an error. An
//! abort of the call's `abortSignal` also sends the server
//! `notifications/cancelled`, which `@ai-sdk/mcp` does not, so the tool
//! stops (an async tool is dropped, a plain `fn` sees `is_cancelled()`).
//! `@ai-sdk/mcp` asks for no progress either; given
//! `toolsmithTools(client, { onProgress })`, each call asks for it, and
//! every report of a tool's `call.progress` reaches `onProgress` as
//! `{ toolCallId, toolName, progress, total, message }`.
//!
//! ```text
//! demo ai-sdk-tools > toolsmith-tools.mjs
//! ```
//!
//! ```js
//! import { toolsmithTools } from "./toolsmith-tools.mjs";
//! const client = await createMCPClient({ transport: new Experimental_StdioMCPTransport({ command: "demo", args: ["mcp"] }) });
//! const result = await generateText({ model, tools: await toolsmithTools(client), prompt });
//! ```
//!
//! The module imports nothing, and runs wherever the AI SDK does (Node 22,
//! Bun, Deno). The tests run it with `ai` 7 and `@ai-sdk/mcp` 2 on Node 22,
//! over both transports.

use toolsmith_runtime::ToolSet;

/// The module's source, with the placeholder [`NAMES`] for the tool names.
const TEMPLATE: &str = include_str!("tools.mjs");

/// Where the tool names go in [`TEMPLATE`].
const NAMES: &str = "/* tool names */";

/// The ES module exporting `toolsmithTools(client)`, for the tools of
/// `tools` (their names are its `toolNames`).
///
/// ```
/// use toolsmith::{ToolSet, tool};
///
/// /// Adds two numbers.
/// #[tool]
/// fn add(a: i64, b: i64) -> i64 {
///     a + b
/// }
///
/// let mut tools = ToolSet::new();
/// tools.register(Add).unwrap();
/// let module = toolsmith::ai_sdk::tools_module(&tools);
/// assert!(module.contains("export async function toolsmithTools(client, options = {})"));
/// assert!(module.contains(r#"export const toolNames = Object.freeze(["add"]);"#));
/// ```
pub fn tools_module<C>(tools: &ToolSet<C>) -> String {
    let names: Vec<&str> = tools.tools().map(|tool| tool.name()).collect();
    let names = serde_json::to_string(&names).unwrap_or_else(|_| "[]".to_owned());
    TEMPLATE.replacen(NAMES, &names, 1)
}
