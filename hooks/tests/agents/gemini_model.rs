//! A scripted model on loopback speaking the Gemini API that Gemini CLI
//! streams from: each `POST /v1beta/models/{model}:streamGenerateContent`
//! is answered with the next [`GeminiTurn`] of the script as one
//! server-sent `GenerateContentResponse`, and every request body is
//! recorded for the test to read what the agent sent the model. The HTTP
//! is [`model::Loopback`](crate::model::Loopback)'s.

use std::io::Write;
use std::net::TcpStream;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use crate::model::{Loopback, not_found, respond_json, start_events};

/// What the model answers one request with.
#[derive(Debug, Clone)]
pub enum GeminiTurn {
    /// Function calls: `(name, args)` each.
    Calls(Vec<(&'static str, Value)>),
    /// A text answer.
    Text(&'static str),
}

impl GeminiTurn {
    /// One `run_shell_command` call of `command`.
    pub fn shell(command: &str) -> GeminiTurn {
        GeminiTurn::Calls(vec![("run_shell_command", json!({ "command": command }))])
    }
}

/// The answer once the script is over.
const SCRIPT_OVER: &str = "(the scripted model has nothing more to say)";

#[derive(Default)]
struct State {
    script: Vec<GeminiTurn>,
    requests: Vec<Value>,
}

/// The running model; stops when dropped.
pub struct GeminiModel {
    server: Loopback,
    state: Arc<Mutex<State>>,
}

impl GeminiModel {
    /// Listens on a free loopback port and answers with `script`, in order.
    pub fn start(script: Vec<GeminiTurn>) -> GeminiModel {
        let mut script = script;
        script.reverse();
        let state = Arc::new(Mutex::new(State {
            script,
            requests: Vec::new(),
        }));
        let server = {
            let state = state.clone();
            Loopback::start(move |path, body, out| serve(path, body, out, &state))
        };
        GeminiModel { server, state }
    }

    /// `http://127.0.0.1:PORT`, for `GOOGLE_GEMINI_BASE_URL`.
    pub fn base_url(&self) -> String {
        self.server.base_url()
    }

    /// The bodies of the `streamGenerateContent` requests received, in
    /// order.
    pub fn requests(&self) -> Vec<Value> {
        self.state.lock().unwrap().requests.clone()
    }
}

fn serve(
    path: &str,
    body: &[u8],
    out: &mut TcpStream,
    state: &Mutex<State>,
) -> std::io::Result<()> {
    if !path.starts_with("/v1beta/models/") {
        return not_found(out);
    }
    if path.contains(":countTokens") {
        return respond_json(out, &json!({ "totalTokens": 1 }));
    }
    if !path.contains(":streamGenerateContent") {
        return not_found(out);
    }
    let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let turn = {
        let mut state = state.lock().unwrap();
        state.requests.push(request);
        state.script.pop()
    };
    let parts = match turn.unwrap_or(GeminiTurn::Text(SCRIPT_OVER)) {
        GeminiTurn::Text(text) => vec![json!({ "text": text })],
        GeminiTurn::Calls(calls) => calls
            .into_iter()
            .map(|(name, args)| json!({ "functionCall": { "name": name, "args": args } }))
            .collect(),
    };
    let chunk = json!({
        "candidates": [{
            "content": { "role": "model", "parts": parts },
            "finishReason": "STOP",
            "index": 0
        }],
        "usageMetadata": { "promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2 }
    });
    start_events(out)?;
    write!(out, "data: {chunk}\r\n\r\n")?;
    out.flush()
}
