//! The captured corpus: one JSON file per server under
//! `tests/corpus/servers/`, written by `tests/corpus/capture/capture.py`.

use std::path::PathBuf;
use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::Value;

/// One server's `tools/list`, with where it came from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Server {
    pub server: String,
    /// `npm` or `pypi`.
    pub source: String,
    pub package: String,
    /// The exact version listed.
    pub version: String,
    pub license: String,
    pub tools: Vec<ToolSchemas>,
}

/// One tool, as `tools/list` describes it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ToolSchemas {
    pub name: String,
    pub input_schema: Value,
    pub output_schema: Option<Value>,
}

/// One schema of the corpus: a tool's input or output schema.
pub struct Schema {
    /// `server/tool input` or `server/tool output`.
    pub label: String,
    pub schema: &'static Value,
}

/// The directory of the captured servers.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/servers")
}

/// Every captured server, by name.
pub fn servers() -> &'static [Server] {
    static SERVERS: OnceLock<Vec<Server>> = OnceLock::new();
    SERVERS.get_or_init(|| {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir())
            .expect("the corpus directory exists")
            .map(|entry| entry.expect("a readable entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|path| {
                let text = std::fs::read_to_string(path).expect("a readable corpus file");
                serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("{} is not a corpus file: {e}", path.display()))
            })
            .collect()
    })
}

/// Every input and output schema of every captured tool.
pub fn schemas() -> Vec<Schema> {
    let mut out = Vec::new();
    for server in servers() {
        for tool in &server.tools {
            let label = format!("{}/{}", server.server, tool.name);
            out.push(Schema {
                label: format!("{label} input"),
                schema: &tool.input_schema,
            });
            if let Some(schema) = &tool.output_schema {
                out.push(Schema {
                    label: format!("{label} output"),
                    schema,
                });
            }
        }
    }
    out
}

/// The input schema of `tool` on `server`.
pub fn input_schema(server: &str, tool: &str) -> &'static Value {
    let tools = &servers()
        .iter()
        .find(|s| s.server == server)
        .unwrap_or_else(|| panic!("no server {server} in the corpus"))
        .tools;
    &tools
        .iter()
        .find(|t| t.name == tool)
        .unwrap_or_else(|| panic!("no tool {tool} on {server}"))
        .input_schema
}
