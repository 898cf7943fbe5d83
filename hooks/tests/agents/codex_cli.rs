//! The real Codex CLI, installed under the target directory on first use
//! (the pinned `@openai/codex` of `tests/agents/codex/`, with `npm ci`; its
//! native binary is the platform package npm picks from its optional
//! dependencies), and the hook contract read out of it: Codex builds its
//! per-event JSON Schemas (`pre-tool-use.command.input`, …) into the
//! binary, so the schemas compared with are exactly the release's.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

/// The Codex CLI version the Codex contract follows;
/// `tests/agents/codex/package.json` pins the same.
pub const CODEX: &str = "0.171.0";

/// The installed `codex` binary.
pub fn codex_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(install)
}

fn install() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agents/codex");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("codex-cli");
    crate::support::npm_ci(&source, &dir);
    let (platform, triple) = match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => ("linux-x64", "x86_64-unknown-linux-musl"),
        ("linux", "aarch64") => ("linux-arm64", "aarch64-unknown-linux-musl"),
        ("macos", "x86_64") => ("darwin-x64", "x86_64-apple-darwin"),
        ("macos", "aarch64") => ("darwin-arm64", "aarch64-apple-darwin"),
        (os, arch) => panic!("no Codex binary for {os} on {arch}"),
    };
    let binary = dir.join(format!(
        "node_modules/@openai/codex-{platform}/vendor/{triple}/bin/codex"
    ));
    let output = Command::new(&binary)
        .arg("--version")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", binary.display()));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        format!("codex-cli {CODEX}")
    );
    binary
}

/// Every JSON Schema built into the binary whose title names a command
/// hook's input or output (`pre-tool-use.command.input`), by title.
pub fn codex_hook_schemas() -> &'static BTreeMap<String, Value> {
    static SCHEMAS: OnceLock<BTreeMap<String, Value>> = OnceLock::new();
    SCHEMAS.get_or_init(|| {
        let bytes = std::fs::read(codex_binary()).expect("the Codex binary");
        let marker = b"\"$schema\"";
        let mut schemas = BTreeMap::new();
        let mut at = 0;
        while let Some(found) = find(&bytes[at..], marker) {
            let key = at + found;
            at = key + marker.len();
            // The schema is the object that opens right before its first key.
            let Some(open) = bytes[..key].iter().rposition(|&b| b == b'{') else {
                continue;
            };
            if !bytes[open + 1..key].iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let mut values =
                serde_json::Deserializer::from_slice(&bytes[open..]).into_iter::<Value>();
            let Some(Ok(schema)) = values.next() else {
                continue;
            };
            if let Some(title) = schema["title"].as_str()
                && title.contains(".command.")
            {
                schemas.insert(title.to_owned(), schema.clone());
            }
        }
        schemas
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(first) = haystack[at..].iter().position(|&b| b == needle[0]) {
        let start = at + first;
        if haystack[start..].starts_with(needle) {
            return Some(start);
        }
        at = start + 1;
    }
    None
}
