//! The real Claude Code, installed under the target directory on first use
//! (the pinned `@anthropic-ai/claude-code` of `tests/agents/claude-code/`,
//! with `npm ci`; its native binary is the platform package npm picks from
//! its optional dependencies), and one `claude -p` session run against the
//! scripted model with a settings file of the test's.
//!
//! A session is sealed ([`crate::sealed`]): a fresh `HOME` holding only the
//! settings, a fresh working directory, no traffic but to the scripted
//! model (telemetry, error reports and the updater are off), and a `PATH`
//! that starts with stand-ins.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

use crate::model::{Model, Turn};
use crate::sealed::{Dirs, finish};
use crate::support::example;

/// The Claude Code version the end-to-end tests run;
/// `tests/agents/claude-code/package.json` pins the same.
pub const CLAUDE_CODE: &str = "2.1.332";

/// The installed `claude` binary.
pub fn claude_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(install)
}

fn install() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agents/claude-code");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("claude-code");
    crate::support::npm_ci(&source, &dir);
    let platform = match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => "linux-x64",
        ("linux", "aarch64") => "linux-arm64",
        ("macos", "x86_64") => "darwin-x64",
        ("macos", "aarch64") => "darwin-arm64",
        (os, arch) => panic!("no Claude Code binary for {os} on {arch}"),
    };
    let package = dir.join(format!("node_modules/@anthropic-ai/claude-code-{platform}"));
    let version = std::fs::read_to_string(package.join("package.json"))
        .expect("the platform package is installed");
    assert!(
        version.contains(&format!("\"version\": \"{CLAUDE_CODE}\"")),
        "the installed Claude Code is not {CLAUDE_CODE}"
    );
    package.join("claude")
}

/// One session's directories (a fresh `HOME` holding only the settings),
/// the sealed ones of [`Dirs`].
pub struct Sandbox {
    dirs: Dirs,
}

impl std::ops::Deref for Sandbox {
    type Target = Dirs;

    fn deref(&self) -> &Dirs {
        &self.dirs
    }
}

impl Sandbox {
    /// Fresh directories for the test `name`.
    pub fn new(name: &str) -> Sandbox {
        let dirs = Dirs::new(name);
        std::fs::create_dir_all(dirs.home.join(".claude")).unwrap();
        Sandbox { dirs }
    }

    /// The user settings file.
    pub fn settings_path(&self) -> PathBuf {
        self.home.join(".claude/settings.json")
    }

    /// Writes the user settings.
    pub fn settings(&self, settings: &Value) {
        std::fs::write(
            self.settings_path(),
            serde_json::to_string_pretty(settings).unwrap(),
        )
        .unwrap();
    }

    /// `hooks_lint` on the settings: (stdout, stderr, exit code).
    pub fn lint(&self) -> (String, String, i32) {
        let output = Command::new(example("hooks_lint"))
            .arg(self.settings_path())
            .output()
            .unwrap();
        (
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
            output.status.code().unwrap(),
        )
    }

    /// Writes the user settings, once `hooks_lint` found nothing wrong in
    /// them.
    pub fn wire(&self, settings: &Value) {
        self.settings(settings);
        assert_eq!(
            self.lint(),
            (String::new(), "0 errors, 0 warnings\n".to_owned(), 0),
            "{settings:#}"
        );
    }

    /// Runs `claude -p PROMPT ARGS…` in the working directory against a
    /// model answering with `script`.
    pub fn claude(&self, prompt: &str, args: &[&str], script: Vec<Turn>) -> Session {
        let model = Model::start(script);
        let child = Command::new(claude_binary())
            .args(["-p", prompt])
            .args(args)
            .current_dir(&self.work)
            .env_clear()
            .env("PATH", self.path())
            .env("HOME", &self.home)
            .env("ANTHROPIC_BASE_URL", model.base_url())
            .env("ANTHROPIC_API_KEY", "dummy")
            .env("DISABLE_AUTOUPDATER", "1")
            .env("DISABLE_TELEMETRY", "1")
            .env("DISABLE_ERROR_REPORTING", "1")
            .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run claude: {e}"));
        let output = finish(child, &format!("claude -p {prompt:?}"));
        // Kept beside the session, for reading a failure.
        let requests = serde_json::to_string_pretty(&model.requests()).unwrap();
        std::fs::write(self.root.join("requests.json"), requests).unwrap();
        Session {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            code: output.status.code(),
            requests: model.requests(),
        }
    }
}

/// What a session printed, and what the model received.
#[derive(Debug)]
pub struct Session {
    /// `claude -p`'s standard output: the final answer.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// Its exit code.
    pub code: Option<i32>,
    /// Every request body the model received, in order.
    pub requests: Vec<Value>,
}

impl Session {
    /// The content blocks of the messages after the model's last turn in
    /// request `n`: what the agent sent back after turn `n - 1` (tool
    /// results, and the texts hooks added, which the agent sends in
    /// messages of the role `user` or `system`).
    pub fn sent_back(&self, n: usize) -> Vec<Value> {
        let request = self
            .requests
            .get(n)
            .unwrap_or_else(|| panic!("no request {n}; the session: {self:#?}"));
        let messages = request["messages"].as_array().expect("messages");
        let after = messages
            .iter()
            .rposition(|m| m["role"] == "assistant")
            .map_or(0, |last| last + 1);
        messages[after..]
            .iter()
            .flat_map(|message| match &message["content"] {
                Value::Array(blocks) => blocks.clone(),
                text => vec![serde_json::json!({ "type": "text", "text": text })],
            })
            .collect()
    }

    /// The tool result for `id` in request `n`: `(content, is_error)`.
    pub fn tool_result(&self, n: usize, id: &str) -> (String, bool) {
        let blocks = self.sent_back(n);
        let block = blocks
            .iter()
            .find(|b| b["type"] == "tool_result" && b["tool_use_id"] == id)
            .unwrap_or_else(|| panic!("no tool result for {id} in {blocks:#?}"));
        let content = match &block["content"] {
            Value::String(text) => text.clone(),
            Value::Array(parts) => parts
                .iter()
                .filter_map(|p| p["text"].as_str())
                .collect::<Vec<_>>()
                .join("\n"),
            other => other.to_string(),
        };
        (content, block["is_error"] == true)
    }

    /// The texts the agent added beside the tool results in request `n`.
    pub fn texts(&self, n: usize) -> Vec<String> {
        self.sent_back(n)
            .iter()
            .filter(|b| b["type"] == "text")
            .filter_map(|b| b["text"].as_str().map(str::to_owned))
            .collect()
    }
}
