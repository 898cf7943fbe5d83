//! A scripted model on loopback speaking the Gemini API that Gemini CLI
//! streams from: each `POST /v1beta/models/{model}:streamGenerateContent`
//! is answered with the next [`GeminiTurn`] of the script as one
//! server-sent `GenerateContentResponse`, and every request body is
//! recorded for the test to read what the agent sent the model. The HTTP
//! is [`loopback::Server`](crate::loopback::Server)'s.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::loopback::{Reply, Script, Server};

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

/// The running model; stops when dropped.
pub struct GeminiModel {
    server: Server,
    script: Arc<Script<GeminiTurn>>,
}

impl GeminiModel {
    /// Listens on a free loopback port and answers with `script`, in order.
    pub fn start(script: Vec<GeminiTurn>) -> GeminiModel {
        let script = Arc::new(Script::new(script));
        let server = {
            let script = script.clone();
            Server::start(move |path, body| answer(path, body, &script))
        };
        GeminiModel { server, script }
    }

    /// `http://127.0.0.1:PORT`, for `GOOGLE_GEMINI_BASE_URL`.
    pub fn base_url(&self) -> String {
        self.server.base_url()
    }

    /// The bodies of the `streamGenerateContent` requests received, in
    /// order.
    pub fn requests(&self) -> Vec<Value> {
        self.script.requests()
    }
}

fn answer(path: &str, body: &[u8], script: &Script<GeminiTurn>) -> Reply {
    if !path.starts_with("/v1beta/models/") {
        return Reply::NotFound;
    }
    if path.contains(":countTokens") {
        return Reply::Json(json!({ "totalTokens": 1 }));
    }
    if !path.contains(":streamGenerateContent") {
        return Reply::NotFound;
    }
    let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let turn = script
        .next(request)
        .unwrap_or(GeminiTurn::Text(SCRIPT_OVER));
    let parts = match turn {
        GeminiTurn::Text(text) => vec![json!({ "text": text })],
        GeminiTurn::Calls(calls) => calls
            .into_iter()
            .map(|(name, args)| json!({ "functionCall": { "name": name, "args": args } }))
            .collect(),
    };
    Reply::Events(vec![json!({
        "candidates": [{
            "content": { "role": "model", "parts": parts },
            "finishReason": "STOP",
            "index": 0
        }],
        "usageMetadata": { "promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2 }
    })])
}
