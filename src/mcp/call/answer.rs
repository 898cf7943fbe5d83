//! How a call's outcome reads on MCP: the `tools/call` result (content
//! blocks, `structuredContent` as the client's protocol takes it), and a
//! call cancelled when its request is.

use std::future::Future;

use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::Value;
use toolsmith_runtime::{CallHandle, Content, ToolRef};

use crate::host::{Outcome, result_text};

/// A call's outcome as a `tools/call` result.
pub(crate) fn answer(tool: &ToolRef<'_>, outcome: Outcome) -> CallToolResult {
    match outcome {
        Outcome::Ran(value) if Content::blocks_of(&value).is_some() => {
            let blocks = Content::blocks_of(&value).unwrap_or_default();
            CallToolResult::success(blocks.iter().map(content_block).collect())
        }
        Outcome::Ran(value) => {
            let text = ContentBlock::text(result_text(&value));
            let mut result = CallToolResult::success(vec![text]);
            // Any value its schema describes; `call_tool` keeps only objects
            // for a client before 2026-07-28, whose `structuredContent` is one.
            if tool.output_schema().is_some() {
                result.structured_content = Some(value);
            }
            result
        }
        Outcome::Refused(err) => {
            CallToolResult::error(err.lines().into_iter().map(ContentBlock::text).collect())
        }
        Outcome::Failed(line) => CallToolResult::error(vec![ContentBlock::text(line)]),
    }
}

/// `result` as a client of this protocol reads it: before 2026-07-28
/// `structuredContent` is an object, and the text block already holds any
/// other value.
pub(crate) fn structured_for(mut result: CallToolResult, any_structured: bool) -> CallToolResult {
    if !any_structured {
        result
            .structured_content
            .take_if(|value| !value.is_object());
    }
    result
}

/// Runs `answer`, cancelling its call when `fired` (rmcp's token for the
/// request, fired by `notifications/cancelled`) resolves.
pub(crate) async fn cancelled_by<T>(
    fired: impl Future<Output = ()>,
    handle: CallHandle,
    answer: impl Future<Output = T>,
) -> T {
    let mut answer = std::pin::pin!(answer);
    let mut fired = std::pin::pin!(fired);
    std::future::poll_fn(|cx| {
        if let std::task::Poll::Ready(value) = answer.as_mut().poll(cx) {
            return std::task::Poll::Ready(value);
        }
        if !handle.is_cancelled() && fired.as_mut().poll(cx).is_ready() {
            handle.cancel();
            return answer.as_mut().poll(cx);
        }
        std::task::Poll::Pending
    })
    .await
}

/// A block of a [`Content`] result as rmcp's content block (the runtime
/// writes MCP's wire shape, so it reads back as one).
fn content_block(block: &Value) -> ContentBlock {
    serde_json::from_value(block.clone())
        .unwrap_or_else(|_| ContentBlock::text(Content::text_of(std::slice::from_ref(block))))
}
