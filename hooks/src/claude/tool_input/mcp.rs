//! MCP tools: `mcp__<server>__<tool>`, and plugin-scoped
//! `mcp__plugin_<plugin>_<server>__<tool>`.

use std::fmt;
use std::ops::Range;

use serde_json::{Map, Value};

/// The name of an MCP tool as the agent spells it: `mcp__github__search`,
/// or `mcp__plugin_<plugin>_<server>__<tool>` for a server a plugin brings.
///
/// ```
/// use toolsmith_hooks::McpToolName;
///
/// let name = McpToolName::parse("mcp__github__search_issues").unwrap();
/// assert_eq!((name.server(), name.tool(), name.plugin()), ("github", "search_issues", None));
///
/// let scoped = McpToolName::parse("mcp__plugin_code-review_github__get_pr").unwrap();
/// assert_eq!(scoped.plugin(), Some("code-review"));
/// assert_eq!(scoped.server(), "github");
/// assert_eq!(scoped.tool(), "get_pr");
///
/// assert!(McpToolName::parse("Bash").is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct McpToolName {
    name: String,
    server: Range<usize>,
    tool: Range<usize>,
    plugin: Option<Range<usize>>,
}

const PREFIX: &str = "mcp__";
const PLUGIN: &str = "plugin_";

impl McpToolName {
    /// Reads `name` as an MCP tool's name, or `None` when it is not one:
    /// `mcp__`, a non-empty server, `__`, a non-empty tool (which may hold
    /// `__` itself). A server `plugin_<plugin>_<server>` is a plugin's:
    /// plugin names are kebab-case, so the first `_` ends the plugin's name;
    /// `mcp__plugin_x__tool`, with nothing after the plugin, is a server
    /// named `plugin_x`.
    pub fn parse(name: &str) -> Option<McpToolName> {
        let rest = name.strip_prefix(PREFIX)?;
        let split = rest.find("__")?;
        let (server_start, server_end) = (PREFIX.len(), PREFIX.len() + split);
        let tool = server_end + 2..name.len();
        if split == 0 || tool.is_empty() {
            return None;
        }
        let mut server = server_start..server_end;
        let mut plugin = None;
        if let Some(scoped) = name[server.clone()].strip_prefix(PLUGIN) {
            if let Some(end) = scoped.find('_') {
                let plugin_start = server_start + PLUGIN.len();
                let plugin_range = plugin_start..plugin_start + end;
                let server_range = plugin_range.end + 1..server_end;
                if !plugin_range.is_empty() && !server_range.is_empty() {
                    plugin = Some(plugin_range);
                    server = server_range;
                }
            }
        }
        Some(McpToolName {
            name: name.to_owned(),
            server,
            tool,
            plugin,
        })
    }

    /// Whether `name` is in the MCP tools' namespace (`mcp__…`): a tool's
    /// name, or, in a permission rule, a whole server's (`mcp__github`).
    pub(crate) fn in_namespace(name: &str) -> bool {
        name.starts_with(PREFIX)
    }

    /// The whole name, as sent.
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// The MCP server (without the plugin of a plugin-scoped name).
    pub fn server(&self) -> &str {
        &self.name[self.server.clone()]
    }

    /// The tool, as the server names it.
    pub fn tool(&self) -> &str {
        &self.name[self.tool.clone()]
    }

    /// The plugin that brings the server, for `mcp__plugin_<plugin>_…`.
    pub fn plugin(&self) -> Option<&str> {
        self.plugin.clone().map(|range| &self.name[range])
    }
}

impl fmt::Display for McpToolName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl serde::Serialize for McpToolName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name)
    }
}

/// A call of an MCP tool: its name, and its arguments as sent (the server
/// declares their schema; the agent's SDK types them as any object).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct McpToolCall {
    /// The tool's name.
    pub name: McpToolName,
    /// The tool's arguments.
    pub input: Map<String, Value>,
}

impl McpToolCall {
    /// A call of `name` with `input`.
    pub fn new(name: McpToolName, input: Map<String, Value>) -> McpToolCall {
        McpToolCall { name, input }
    }
}
