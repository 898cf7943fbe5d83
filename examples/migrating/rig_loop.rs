//! The agent loop both rig examples run: rig's own agent, driven by rig's
//! scripted completion model (no network), which calls `search` with bad
//! arguments, then with good ones, then answers. Prints the definition the
//! model was shown and the run's transcript.

use rig_agent::Agent;
use rig_agent::core::completion::{AssistantContent, Message};
use rig_agent::core::message::UserContent;
use rig_agent::core::test_utils::{MockCompletionModel, MockTurn};
use serde_json::json;

/// Runs the scripted conversation with the agent `build` makes from the
/// model; returns what the model was shown and read.
pub async fn run(build: impl FnOnce(MockCompletionModel) -> Agent) -> String {
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call(
            "call_1",
            "search",
            json!({"query": "", "limit": "5", "sort": "new"}),
        ),
        MockTurn::tool_call("call_2", "search", json!({"query": "rust", "limit": 5})),
        MockTurn::text("Two notes: the borrow checker and traits."),
    ]);
    let seen = model.clone();
    let agent = build(model);
    let response = agent
        .prompt("What do my notes say about rust?")
        .max_turns(4)
        .await;

    let mut out = String::new();
    if let Some(first) = seen.requests().first() {
        for tool in &first.tools {
            out.push_str(&format!(
                "tool {}: {}\n{}\n\n",
                tool.name.as_str(),
                tool.description,
                serde_json::to_string_pretty(&tool.parameters).unwrap_or_default()
            ));
        }
    }
    match response {
        Ok(response) => {
            for line in transcript(response.messages()) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        Err(err) => out.push_str(&format!("the run failed: {err}\n")),
    }
    out
}

/// One line per message part; a tool result's text as the model reads it,
/// each of its lines indented under the first.
pub fn transcript(messages: &[Message]) -> Vec<String> {
    let mut lines = Vec::new();
    for message in messages {
        match message {
            Message::System { content } => lines.push(format!("system: {content}")),
            Message::User { content } => {
                for part in content {
                    match part {
                        UserContent::Text(text) => lines.push(format!("user: {}", text.text)),
                        UserContent::ToolResult(result) => {
                            let text: Vec<_> = result
                                .content
                                .iter()
                                .map(|c| match (c.as_text(), c.as_json()) {
                                    (Some(text), _) => text.to_owned(),
                                    (None, Some(json)) => json.to_string(),
                                    (None, None) => "<media>".to_owned(),
                                })
                                .collect();
                            let marker = if result.is_error { " (error)" } else { "" };
                            let text = text.join("\n").replace('\n', "\n    ");
                            lines.push(format!("tool{marker}: {text}"));
                        }
                        other => lines.push(format!("user: {other:?}")),
                    }
                }
            }
            Message::Assistant(turn) => {
                for part in &turn.content {
                    match part {
                        AssistantContent::Text(text) => {
                            lines.push(format!("assistant: {}", text.text));
                        }
                        AssistantContent::ToolCall(call) => lines.push(format!(
                            "assistant calls {} {}",
                            call.function.name.as_str(),
                            serde_json::Value::Object(call.function.arguments.clone())
                        )),
                        other => lines.push(format!("assistant: {other:?}")),
                    }
                }
            }
        }
    }
    lines
}
