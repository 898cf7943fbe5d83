//! One agent session, Pi's or OMP's: fresh directories under the target
//! directory (a `HOME` holding the agent's settings, a working directory,
//! the extension module), the agent run once with a prompt (`-p --mode
//! json`) or driven over its RPC mode, and what it sent the model and
//! printed, read back.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::model::{Model, Turn};

/// A session that runs longer than this is stuck: it is killed and the
/// test fails (a guard against a hang, not a measurement).
pub const STUCK_AFTER: Duration = Duration::from_secs(180);

/// Held by each running session: one agent at a time, since two of them
/// starting at once (each a runtime with workers of its own, beside the
/// builds sharing the machine) have run out of threads.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static RUNNING: Mutex<()> = Mutex::new(());
    RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The scripted provider, as both agents' model files take it (OMP reads
/// YAML, of which JSON is a part).
pub fn models(model: &Model) -> String {
    let models = json!({
        "providers": {
            "scripted": {
                "baseUrl": model.base_url(),
                "api": "anthropic-messages",
                "apiKey": "any",
                "models": [{
                    "id": "scripted-model",
                    "name": "Scripted",
                    "reasoning": false,
                    "input": ["text"],
                    "contextWindow": 200000,
                    "maxTokens": 8192,
                    "cost": { "input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0 }
                }]
            }
        }
    });
    serde_json::to_string_pretty(&models).unwrap()
}

/// One session's directories, empty at the start but for the module.
pub struct Sandbox {
    /// The session's `HOME`.
    pub home: PathBuf,
    /// The working directory.
    pub work: PathBuf,
    /// The extension module `pi_tools pi-extension` printed.
    pub extension: PathBuf,
    /// The directory holding the others.
    pub root: PathBuf,
}

impl Sandbox {
    /// Fresh directories for the test `name`, with the module written.
    pub fn new(name: &str) -> Sandbox {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("pi-agents")
            .join(name);
        let _ = std::fs::remove_dir_all(&root);
        let sandbox = Sandbox {
            home: root.join("home"),
            work: root.join("work"),
            extension: root.join("toolsmith.ts"),
            root,
        };
        for dir in [&sandbox.home, &sandbox.work] {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(&sandbox.extension, crate::module::printed()).unwrap();
        sandbox
    }

    /// Waits until no `pi_tools` process runs in the working directory
    /// (the module's `mcp` child, which inherits it); fails the test once
    /// one is stuck there.
    pub fn wait_until_the_program_stopped(&self) {
        let deadline = Instant::now() + STUCK_AFTER;
        while let Some(pid) = self.program_running() {
            assert!(
                Instant::now() < deadline,
                "pi_tools (pid {pid}) still runs in {}",
                self.work.display()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// A `pi_tools` process whose working directory is the session's.
    fn program_running(&self) -> Option<String> {
        let work = std::fs::canonicalize(&self.work).unwrap();
        std::fs::read_dir("/proc")
            .ok()?
            .flatten()
            .find_map(|entry| {
                let pid = entry.file_name().to_string_lossy().into_owned();
                let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
                let cwd = std::fs::read_link(entry.path().join("cwd")).ok()?;
                let program = cmdline.split(|&b| b == 0).next()?;
                (cwd == work && program.ends_with(b"pi_tools")).then_some(pid)
            })
    }

    /// A file in the session's directory, for a tool to leave a mark in.
    pub fn mark(&self) -> PathBuf {
        self.root.join("mark")
    }
}

/// What a session printed, and what the model received.
#[derive(Debug)]
pub struct Session {
    /// The JSON events printed on stdout, in order.
    pub events: Vec<Value>,
    /// stderr.
    pub stderr: String,
    /// Every request body the model received, in order.
    pub requests: Vec<Value>,
}

impl Session {
    /// Runs `command` (an agent in `-p --mode json`) to its end.
    pub fn run(mut command: Command, model: &Model, sandbox: &Sandbox) -> Session {
        let _running = one_at_a_time();
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
        let output = finish(child, &format!("{command:?}"));
        let session = Session {
            events: events(&String::from_utf8_lossy(&output.stdout)),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            requests: model.requests(),
        };
        // Kept beside the session, for reading a failure.
        let kept = serde_json::to_string_pretty(&session.requests).unwrap();
        std::fs::write(sandbox.root.join("requests.json"), kept).unwrap();
        std::fs::write(sandbox.root.join("stdout.jsonl"), &output.stdout).unwrap();
        session
    }

    /// The tool result for `id` in request `n`: `(text, is_error)`.
    pub fn tool_result(&self, n: usize, id: &str) -> (String, bool) {
        tool_result(&self.requests, n, id).unwrap_or_else(|| {
            panic!(
                "no tool result for {id} in request {n}; stderr: {}\nrequests: {:#?}",
                self.stderr, self.requests
            )
        })
    }

    /// The texts of the progress updates of the call `id`, in order.
    pub fn updates(&self, id: &str) -> Vec<String> {
        self.events
            .iter()
            .filter(|e| e["type"] == "tool_execution_update" && e["toolCallId"] == id)
            .map(|e| text_of(&e["partialResult"]["content"]))
            .collect()
    }
}

/// The tool result for `id` in request `n` of `requests`.
pub fn tool_result(requests: &[Value], n: usize, id: &str) -> Option<(String, bool)> {
    let messages = requests.get(n)?["messages"].as_array()?;
    let block = messages
        .iter()
        .filter_map(|m| m["content"].as_array())
        .flatten()
        .find(|b| b["type"] == "tool_result" && b["tool_use_id"] == id)?;
    Some((text_of(&block["content"]), block["is_error"] == true))
}

/// A content field as text: a string, or its text blocks joined by
/// newlines.
fn text_of(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(parts) => parts
            .iter()
            .filter_map(|p| p["text"].as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    }
}

fn events(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

/// Waits for `child`, killing it (and failing the test) once it is stuck.
pub fn finish(mut child: Child, what: &str) -> std::process::Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > STUCK_AFTER {
            let _ = child.kill();
            panic!("{what} is stuck");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// An agent driven over its RPC mode (`--mode rpc`): commands, one JSON
/// object a line, on its stdin; events and responses on its stdout.
pub struct Rpc {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Value>,
    /// Every line read so far.
    pub seen: Vec<Value>,
    _running: MutexGuard<'static, ()>,
}

impl Rpc {
    /// Starts `command` (an agent in `--mode rpc`).
    pub fn start(mut command: Command) -> Rpc {
        let running = one_at_a_time();
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Ok(value) = serde_json::from_str::<Value>(&line)
                    && send.send(value).is_err()
                {
                    break;
                }
            }
        });
        Rpc {
            child,
            stdin,
            lines,
            seen: Vec::new(),
            _running: running,
        }
    }

    /// Sends one command.
    pub fn send(&mut self, command: &Value) {
        writeln!(self.stdin, "{command}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one matches `wanted`, and returns it; fails the
    /// test once the agent is stuck.
    pub fn until(&mut self, what: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + STUCK_AFTER;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if wanted(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no {what} in {:#?}", self.seen),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the agent ended before {what}: {:#?}", self.seen)
                }
            }
        }
    }
}

impl Drop for Rpc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until `path` exists, and reads it; fails the test once it is
/// stuck.
pub fn wait_for_file(path: &Path) -> String {
    let deadline = Instant::now() + STUCK_AFTER;
    loop {
        if let Ok(text) = std::fs::read_to_string(path) {
            return text;
        }
        assert!(
            Instant::now() < deadline,
            "{} never appeared",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The scripted turns every host gets: a bad call, a good one, one whose
/// enum value carries a newline, an SGR escape and U+202E, a call of
/// `wait` that reports progress, and a call toolsmith repairs (`Text` for
/// `text`); `slugify` and `wait` by the names the host gives them on the
/// wire.
pub fn script(slugify: &'static str, wait: &'static str) -> Vec<Turn> {
    vec![
        Turn::Tools(vec![(
            "bad",
            slugify,
            json!({"text": "Hello World", "separator": "+"}),
        )]),
        Turn::Tools(vec![(
            "good",
            slugify,
            json!({"text": "Hello World", "separator": "_"}),
        )]),
        Turn::Tools(vec![(
            "injected",
            slugify,
            json!({"text": "Hello World", "separator": "-\n\u{1b}[31mred\u{202e}"}),
        )]),
        Turn::Tools(vec![("progress", wait, json!({"tenths": 3}))]),
        Turn::Tools(vec![(
            "repaired",
            slugify,
            json!({"Text": "Hello World", "separator": "_"}),
        )]),
        Turn::Text("done"),
    ]
}
