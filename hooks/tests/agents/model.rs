//! A scripted model on loopback, speaking the Anthropic Messages API Claude
//! Code streams from: each `POST /v1/messages` is answered with the next
//! [`Turn`] of the script as server-sent events (`message_start`, a
//! `content_block_start`/`_delta`/`_stop` per block, `message_delta`,
//! `message_stop`), and every request body is recorded for the test to read
//! what the agent sent the model.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::loopback::{Reply, Script, Server};

/// What the model answers one request with.
#[derive(Debug, Clone)]
pub enum Turn {
    /// Tool calls: `(id, tool name, input)` each, stop reason `tool_use`.
    Tools(Vec<(&'static str, &'static str, Value)>),
    /// A text answer, stop reason `end_turn`.
    Text(&'static str),
}

impl Turn {
    /// One `Bash` call of `command`, with the id `id`.
    pub fn bash(id: &'static str, command: &str) -> Turn {
        Turn::Tools(vec![(
            id,
            "Bash",
            json!({ "command": command, "description": "run it" }),
        )])
    }
}

/// The answer once the script is over.
const SCRIPT_OVER: &str = "(the scripted model has nothing more to say)";

/// The running model; stops when dropped.
pub struct Model {
    server: Server,
    script: Arc<Script<Turn>>,
}

impl Model {
    /// Listens on a free loopback port and answers with `script`, in order.
    pub fn start(script: Vec<Turn>) -> Model {
        let script = Arc::new(Script::new(script));
        let server = {
            let script = script.clone();
            Server::start(move |path, body| answer(&script, path, body))
        };
        Model { server, script }
    }

    /// `http://127.0.0.1:PORT`, for `ANTHROPIC_BASE_URL`.
    pub fn base_url(&self) -> String {
        self.server.base_url()
    }

    /// The bodies of the `/v1/messages` requests received, in order.
    pub fn requests(&self) -> Vec<Value> {
        self.script.requests()
    }
}

fn answer(script: &Script<Turn>, path: &str, body: &[u8]) -> Reply {
    if !path.starts_with("/v1/messages") {
        return Reply::NotFound;
    }
    if path.starts_with("/v1/messages/count_tokens") {
        return Reply::Json(json!({ "input_tokens": 1 }));
    }
    let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let stream = request["stream"] == true;
    let model = request["model"].as_str().unwrap_or("scripted").to_owned();
    let turn = script.next(request).unwrap_or(Turn::Text(SCRIPT_OVER));
    if stream {
        Reply::Events(events(&model, &turn))
    } else {
        Reply::Json(message(&model, &turn))
    }
}

/// The content blocks of `turn`, complete.
fn blocks(turn: &Turn) -> Vec<Value> {
    match turn {
        Turn::Text(text) => vec![json!({ "type": "text", "text": text })],
        Turn::Tools(calls) => calls
            .iter()
            .map(|(id, name, input)| {
                json!({ "type": "tool_use", "id": id, "name": name, "input": input })
            })
            .collect(),
    }
}

fn stop_reason(turn: &Turn) -> &'static str {
    match turn {
        Turn::Text(_) => "end_turn",
        Turn::Tools(_) => "tool_use",
    }
}

fn message(model: &str, turn: &Turn) -> Value {
    json!({
        "id": "msg_scripted",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks(turn),
        "stop_reason": stop_reason(turn),
        "stop_sequence": null,
        "usage": { "input_tokens": 1, "output_tokens": 1 }
    })
}

fn events(model: &str, turn: &Turn) -> Vec<Value> {
    let mut events = vec![json!({
        "type": "message_start",
        "message": {
            "id": "msg_scripted", "type": "message", "role": "assistant", "model": model,
            "content": [], "stop_reason": null, "stop_sequence": null,
            "usage": { "input_tokens": 1, "output_tokens": 1 }
        }
    })];
    for (index, block) in blocks(turn).into_iter().enumerate() {
        let (start, delta) = match block["type"].as_str() {
            Some("text") => (
                json!({ "type": "text", "text": "" }),
                json!({ "type": "text_delta", "text": block["text"] }),
            ),
            _ => (
                json!({ "type": "tool_use", "id": block["id"], "name": block["name"], "input": {} }),
                json!({ "type": "input_json_delta", "partial_json": block["input"].to_string() }),
            ),
        };
        events
            .push(json!({ "type": "content_block_start", "index": index, "content_block": start }));
        events.push(json!({ "type": "content_block_delta", "index": index, "delta": delta }));
        events.push(json!({ "type": "content_block_stop", "index": index }));
    }
    events.push(json!({
        "type": "message_delta",
        "delta": { "stop_reason": stop_reason(turn), "stop_sequence": null },
        "usage": { "output_tokens": 1 }
    }));
    events.push(json!({ "type": "message_stop" }));
    events
}
