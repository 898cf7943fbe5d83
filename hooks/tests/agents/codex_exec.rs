//! One `codex exec` session of the pinned Codex CLI against the scripted
//! Responses API model, with hooks of the test's.
//!
//! A session is sealed ([`crate::sealed`]): a fresh `HOME` whose
//! `.codex/` is the `CODEX_HOME`, holding only a `config.toml` that points
//! the `scripted` model provider at the loopback model (a dummy key in
//! `SCRIPTED_API_KEY`; analytics, the update check and the features that
//! reach out to the network off, so no traffic leaves the loopback) and
//! the test's `hooks.json`; a fresh working directory outside any git repository
//! (`--skip-git-repo-check`); `--ephemeral`, so no session files are kept;
//! the `workspace-write` sandbox with Codex's default approval policy for
//! `exec`, which never asks; and the stand-ins first on `PATH`.
//!
//! Codex runs a hook of the user's only once the user trusted it in an
//! interactive session (a hash per hook in `config.toml`); the sessions
//! here pass `--dangerously-bypass-hook-trust`, which runs every enabled
//! hook for the one invocation.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::codex_cli::codex_binary;
use crate::responses::{ResponsesModel, Step};
use crate::sealed::{Dirs, finish};
use crate::support::example;

/// One Codex session's directories.
pub struct CodexSandbox {
    dirs: Dirs,
    /// `CODEX_HOME`: `HOME/.codex`.
    pub codex_home: PathBuf,
    /// TOML appended to the generated `config.toml` (`[hooks]` tables).
    config: std::cell::RefCell<String>,
}

impl std::ops::Deref for CodexSandbox {
    type Target = Dirs;

    fn deref(&self) -> &Dirs {
        &self.dirs
    }
}

impl CodexSandbox {
    /// Fresh directories for the test `name`.
    pub fn new(name: &str) -> CodexSandbox {
        let dirs = Dirs::new(name);
        let codex_home = dirs.home.join(".codex");
        std::fs::create_dir_all(&codex_home).unwrap();
        CodexSandbox {
            dirs,
            codex_home,
            config: Default::default(),
        }
    }

    /// `CODEX_HOME/hooks.json`.
    pub fn hooks_path(&self) -> PathBuf {
        self.codex_home.join("hooks.json")
    }

    /// `CODEX_HOME/config.toml`.
    pub fn config_path(&self) -> PathBuf {
        self.codex_home.join("config.toml")
    }

    /// Writes `hooks.json`.
    pub fn hooks(&self, hooks: &Value) {
        std::fs::write(
            self.hooks_path(),
            serde_json::to_string_pretty(hooks).unwrap(),
        )
        .unwrap();
    }

    /// Adds `toml` (hook tables) to the `config.toml` the session writes,
    /// and writes it now with a model provider of no port, for the linter.
    pub fn config_hooks(&self, toml: &str) {
        self.config.borrow_mut().push_str(toml);
        self.write_config("http://127.0.0.1:9/v1");
    }

    /// Writes `hooks.json`, once `hooks_lint` found nothing wrong in it.
    pub fn wire(&self, hooks: &Value) {
        self.hooks(hooks);
        assert_eq!(
            lint(&self.hooks_path()),
            (String::new(), "0 errors, 0 warnings\n".to_owned(), 0),
            "{hooks:#}"
        );
    }

    fn write_config(&self, base_url: &str) {
        let config = format!(
            r#"model = "scripted"
model_provider = "scripted"
check_for_update_on_startup = false

[model_providers.scripted]
name = "scripted model"
base_url = "{base_url}"
wire_api = "responses"
env_key = "SCRIPTED_API_KEY"

[analytics]
enabled = false

# Off, or Codex looks up api.github.com and chatgpt.com.
[features]
apps = false
plugins = false
remote_plugin = false
api_key_model_discovery = false
{}"#,
            self.config.borrow()
        );
        std::fs::write(self.config_path(), config).unwrap();
    }

    /// Runs `codex exec PROMPT` in the working directory against a model
    /// answering with `script`, every enabled hook trusted.
    pub fn exec(&self, prompt: &str, script: Vec<Step>) -> CodexSession {
        self.run(prompt, script, &["--dangerously-bypass-hook-trust"])
    }

    /// [`exec`](Self::exec) as a user runs it: only the hooks the user
    /// trusted run.
    pub fn exec_untrusted(&self, prompt: &str, script: Vec<Step>) -> CodexSession {
        self.run(prompt, script, &[])
    }

    fn run(&self, prompt: &str, script: Vec<Step>, flags: &[&str]) -> CodexSession {
        let model = ResponsesModel::start(script);
        self.write_config(&model.base_url());
        let child = Command::new(codex_binary())
            .args(["exec", "--skip-git-repo-check", "--ephemeral"])
            .args(flags)
            .args(["--sandbox", "workspace-write", "--color", "never", prompt])
            .current_dir(&self.work)
            .env_clear()
            .env("PATH", self.path())
            .env("HOME", &self.home)
            .env("CODEX_HOME", &self.codex_home)
            .env("SCRIPTED_API_KEY", "dummy")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run codex: {e}"));
        let output = finish(child, &format!("codex exec {prompt:?}"));
        // Kept beside the session, for reading a failure.
        let requests = serde_json::to_string_pretty(&model.requests()).unwrap();
        std::fs::write(self.root.join("requests.json"), requests).unwrap();
        CodexSession {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            code: output.status.code(),
            requests: model.requests(),
        }
    }
}

/// `hooks_lint --agent codex FILE`: (stdout, stderr, exit code).
pub fn lint(file: &Path) -> (String, String, i32) {
    let output = Command::new(example("hooks_lint"))
        .args(["--agent", "codex"])
        .arg(file)
        .output()
        .unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

/// What a session printed, and what the model received.
#[derive(Debug)]
pub struct CodexSession {
    /// `codex exec`'s standard output: the final answer.
    pub stdout: String,
    /// Its standard error: the transcript, with a line per hook run
    /// (`hook: PreToolUse`, `hook: PreToolUse Blocked`).
    pub stderr: String,
    /// Its exit code.
    pub code: Option<i32>,
    /// Every request body the model received, in order.
    pub requests: Vec<Value>,
}

impl CodexSession {
    /// The input items request `n` carries beyond request `n - 1`'s, the
    /// model's own items (its calls and messages) left out: what the agent
    /// sent after turn `n - 1`.
    pub fn added(&self, n: usize) -> Vec<Value> {
        let input = |n: usize| -> &[Value] {
            self.requests
                .get(n)
                .and_then(|r| r["input"].as_array())
                .map(Vec::as_slice)
                .unwrap_or_else(|| panic!("no request {n}; the session: {self:#?}"))
        };
        let before = if n == 0 { 0 } else { input(n - 1).len() };
        input(n)[before..]
            .iter()
            .filter(|item| item["type"] != "function_call" && item["role"] != "assistant")
            .cloned()
            .collect()
    }

    /// The output of the call `call_id` that request `n` sends back.
    pub fn output(&self, n: usize, call_id: &str) -> String {
        let added = self.added(n);
        let item = added
            .iter()
            .find(|i| i["type"] == "function_call_output" && i["call_id"] == call_id)
            .unwrap_or_else(|| panic!("no output for {call_id} in {added:#?}"));
        item["output"].as_str().unwrap_or_default().to_owned()
    }

    /// The texts of the messages of `role` (`developer`, `user`) that
    /// request `n` adds, in order.
    pub fn texts(&self, n: usize, role: &str) -> Vec<String> {
        self.added(n)
            .iter()
            .filter(|item| item["type"] == "message" && item["role"] == role)
            .flat_map(|item| item["content"].as_array().cloned().unwrap_or_default())
            .filter_map(|part| part["text"].as_str().map(str::to_owned))
            .collect()
    }

    /// The lines of standard error that report a hook run: `hook: Stop`,
    /// `hook: Stop Blocked`, in order.
    pub fn hook_lines(&self) -> Vec<&str> {
        self.stderr
            .lines()
            .filter(|line| line.starts_with("hook: "))
            .collect()
    }
}

/// The output Codex's `exec_command` hands the model for a command that
/// ran: its header lines vary (a chunk id, the wall time), so only the
/// exit code and the output are compared.
pub fn ran(output: &str) -> (Option<&str>, Option<&str>) {
    let code = output
        .lines()
        .find_map(|line| line.strip_prefix("Process exited with code "));
    let text = output.split_once("\nOutput:\n").map(|(_, text)| text);
    (code, text)
}
