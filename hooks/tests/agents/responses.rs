//! A scripted model on loopback, speaking the OpenAI Responses API the
//! Codex CLI streams from: each `POST /v1/responses` is answered with the
//! next [`Step`] of the script as server-sent events (`response.created`,
//! `response.output_item.added` and `.done` for the one output item,
//! `response.completed`), and every request body is recorded for the test
//! to read what the agent sent the model.
//!
//! A command is a call of Codex's shell tool as 0.171.0 offers it to the
//! model: `exec_command`, arguments `{"cmd": "...", "login": false}`. The
//! call asks for no login shell, which would read `/etc/profile` and reset
//! `PATH` past the sandbox's stand-ins.

use std::sync::Arc;

use serde_json::{Value, json};

use crate::loopback::{Reply, Script, Server};

/// What the model answers one request with.
#[derive(Debug, Clone)]
pub enum Step {
    /// One `exec_command` call: `(call id, command)`.
    Exec(&'static str, &'static str),
    /// One `exec_command` call that asks to run outside the sandbox
    /// (`sandbox_permissions: "require_escalated"`), which needs approval.
    Escalated(&'static str, &'static str),
    /// A final text answer.
    Text(&'static str),
}

/// The answer once the script is over.
const SCRIPT_OVER: &str = "(the scripted model has nothing more to say)";

/// The running model; stops when dropped.
pub struct ResponsesModel {
    server: Server,
    script: Arc<Script<Step>>,
}

impl ResponsesModel {
    /// Listens on a free loopback port and answers with `script`, in order.
    pub fn start(script: Vec<Step>) -> ResponsesModel {
        let script = Arc::new(Script::new(script));
        let server = {
            let script = script.clone();
            Server::start(move |path, body| answer(&script, path, body))
        };
        ResponsesModel { server, script }
    }

    /// `http://127.0.0.1:PORT/v1`, a model provider's `base_url`.
    pub fn base_url(&self) -> String {
        format!("{}/v1", self.server.base_url())
    }

    /// The bodies of the `/v1/responses` requests received, in order.
    pub fn requests(&self) -> Vec<Value> {
        self.script.requests()
    }
}

fn answer(script: &Script<Step>, path: &str, body: &[u8]) -> Reply {
    if path != "/v1/responses" {
        return Reply::NotFound;
    }
    let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let n = script.requests().len();
    let step = script.next(request).unwrap_or(Step::Text(SCRIPT_OVER));
    let id = format!("resp_{n}");
    let item = match step {
        Step::Exec(call_id, command) => json!({
            "type": "function_call", "id": format!("fc_{n}"), "call_id": call_id,
            "name": "exec_command",
            "arguments": json!({ "cmd": command, "login": false }).to_string()
        }),
        Step::Escalated(call_id, command) => json!({
            "type": "function_call", "id": format!("fc_{n}"), "call_id": call_id,
            "name": "exec_command",
            "arguments": json!({
                "cmd": command, "login": false, "sandbox_permissions": "require_escalated",
                "justification": "it writes outside the workspace"
            })
            .to_string()
        }),
        Step::Text(text) => json!({
            "type": "message", "id": format!("msg_{n}"), "role": "assistant",
            "content": [{ "type": "output_text", "text": text, "annotations": [] }]
        }),
    };
    Reply::Events(vec![
        json!({ "type": "response.created", "response": { "id": id } }),
        json!({ "type": "response.output_item.added", "output_index": 0, "item": item }),
        json!({ "type": "response.output_item.done", "output_index": 0, "item": item }),
        json!({
            "type": "response.completed",
            "response": {
                "id": id,
                "usage": { "input_tokens": 1, "output_tokens": 1, "total_tokens": 2 }
            }
        }),
    ])
}
