//! The real Gemini CLI, installed under the target directory on first use
//! (the pinned `@google/gemini-cli` of `tests/agents/gemini-cli/`, with
//! `npm ci`; a single bundled script run with `node`), and one
//! `gemini -p` session run against the scripted Gemini model with a
//! settings file of the test's.
//!
//! A session is sealed as Claude Code's are ([`Sandbox`]): a fresh `HOME`
//! holding only `.gemini/settings.json` (the hooks, the API-key auth,
//! usage statistics, telemetry and updates off) and
//! `.gemini/trustedFolders.json` (the working directory trusted, without
//! which Gemini CLI ignores `--yolo`), `GOOGLE_GEMINI_BASE_URL` pointing at
//! the scripted model, a dummy `GEMINI_API_KEY`, and a `PATH` that starts
//! with stand-ins (`rm` only logs its arguments).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::claude_code::Sandbox;
use crate::gemini_model::{GeminiModel, GeminiTurn};
use crate::sealed::finish;

/// The Gemini CLI version the end-to-end tests run;
/// `tests/agents/gemini-cli/package.json` pins the same.
pub const GEMINI_CLI: &str = "0.61.0";

/// The model every session asks for: naming it keeps Gemini CLI from
/// asking a classifier model which one to use first.
const MODEL: &str = "gemini-2.5-flash";

/// The installed `gemini` script.
pub fn gemini_script() -> &'static Path {
    static SCRIPT: OnceLock<PathBuf> = OnceLock::new();
    SCRIPT.get_or_init(install)
}

fn install() -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agents/gemini-cli");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("gemini-cli");
    crate::support::npm_ci(&source, &dir);
    let package = dir.join("node_modules/@google/gemini-cli");
    let manifest: Value =
        serde_json::from_slice(&std::fs::read(package.join("package.json")).unwrap()).unwrap();
    assert_eq!(manifest["version"], GEMINI_CLI);
    package.join("bundle/gemini.js")
}

/// Gemini CLI's user settings in the sandbox: `hooks`, and what seals the
/// session.
pub fn settings(hooks: Value) -> Value {
    json!({
        "security": { "auth": { "selectedType": "gemini-api-key" } },
        "privacy": { "usageStatisticsEnabled": false },
        "telemetry": { "enabled": false },
        "general": { "enableAutoUpdate": false, "enableAutoUpdateNotification": false },
        "hooks": hooks
    })
}

impl Sandbox {
    /// Gemini CLI's user settings file.
    pub fn gemini_settings_path(&self) -> PathBuf {
        self.home.join(".gemini/settings.json")
    }

    /// Writes Gemini CLI's user settings, and trusts the working directory.
    pub fn gemini_settings(&self, settings: &Value) {
        let dir = self.home.join(".gemini");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            self.gemini_settings_path(),
            serde_json::to_string_pretty(settings).unwrap(),
        )
        .unwrap();
        let trusted = json!({ self.work.display().to_string(): "TRUST_FOLDER" });
        std::fs::write(dir.join("trustedFolders.json"), trusted.to_string()).unwrap();
    }

    /// Runs `gemini -p PROMPT --yolo ARGS…` in the working directory
    /// against a model answering with `script`.
    pub fn gemini(&self, prompt: &str, args: &[&str], script: Vec<GeminiTurn>) -> GeminiSession {
        let model = GeminiModel::start(script);
        let child = Command::new("node")
            .arg(gemini_script())
            .args(["-p", prompt, "--yolo", "--model", MODEL])
            .args(args)
            .current_dir(&self.work)
            .env_clear()
            .env("PATH", self.path())
            .env("HOME", &self.home)
            .env("GOOGLE_GEMINI_BASE_URL", model.base_url())
            .env("GEMINI_API_KEY", "dummy")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run gemini: {e}"));
        let output = finish(child, &format!("gemini -p {prompt:?}"));
        // Kept beside the session, for reading a failure.
        let requests = serde_json::to_string_pretty(&model.requests()).unwrap();
        std::fs::write(self.root.join("requests.json"), requests).unwrap();
        GeminiSession {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            code: output.status.code(),
            requests: model.requests(),
        }
    }
}

/// What a session printed, and what the model received.
#[derive(Debug)]
pub struct GeminiSession {
    /// `gemini -p`'s standard output: the final answer.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// Its exit code.
    pub code: Option<i32>,
    /// Every `streamGenerateContent` request body the model received.
    pub requests: Vec<Value>,
}

impl GeminiSession {
    /// The `response` of each `functionResponse` part of the last content
    /// in request `n`: what the agent sent back for the calls of turn
    /// `n - 1`, by function name.
    pub fn function_responses(&self, n: usize) -> Vec<(String, Value)> {
        let request = self
            .requests
            .get(n)
            .unwrap_or_else(|| panic!("no request {n}; the session: {self:#?}"));
        let last = request["contents"]
            .as_array()
            .and_then(|contents| contents.last())
            .unwrap_or_else(|| panic!("no contents in request {n}: {request:#}"));
        last["parts"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|part| part.get("functionResponse"))
            .map(|call| {
                (
                    call["name"].as_str().unwrap_or_default().to_owned(),
                    call["response"].clone(),
                )
            })
            .collect()
    }
}
