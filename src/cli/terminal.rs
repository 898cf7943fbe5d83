//! A tool's call on the command line: its progress becomes plain lines on
//! stderr (`[2/3] deleting b`), Ctrl-C cancels it, and `ask` prompts on
//! the terminal, one field at a time, when there is one.
//!
//! Progress is queued by the tool (a plain `fn` on the blocking pool
//! included) and written by the thread that runs the command, in order,
//! while the tool runs; what is still queued when it answers is written
//! before the answer.

use std::future::{Future, poll_fn};
use std::io::Write;
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;

use serde_json::Value;
use tokio::sync::mpsc;
use toolsmith_runtime::{Call, CallHost, HostFuture, Progress, Reply};

use super::prompt;

/// How many progress lines wait to be written at most; a tool that reports
/// faster than stderr takes them loses the surplus (progress only rises,
/// so a later line says more than a lost one).
const QUEUE: usize = 256;

/// The line `ask` answers when standard input or stderr is not a terminal.
pub(crate) const NO_TERMINAL: &str = "cannot ask on the command line: standard input is not a terminal \
     (run the command in a terminal to answer, or pass the answers as the tool's arguments)";

/// The call's host on the command line.
struct TerminalCall {
    lines: mpsc::Sender<String>,
    /// Standard input and stderr are terminals: `ask` prompts.
    interactive: bool,
}

impl CallHost for TerminalCall {
    fn progress(&self, progress: &Progress) {
        let _ = self.lines.try_send(progress_line(progress));
    }

    fn ask(&self, message: &str, schema: &Value) -> HostFuture<Result<Reply, String>> {
        if !self.interactive {
            return Box::pin(std::future::ready(Err(NO_TERMINAL.to_owned())));
        }
        let (message, schema) = (message.to_owned(), schema.clone());
        Box::pin(async move {
            tokio::task::spawn_blocking(move || prompt::ask(&message, &schema))
                .await
                .unwrap_or_else(|e| Err(format!("the prompt stopped: {e}")))
        })
    }
}

/// `[done/total] message`, numbers as integers where they are whole:
/// `[2/3] deleting b`, `[0.5] halfway`, `[4]`.
pub(crate) fn progress_line(progress: &Progress) -> String {
    let mut line = format!("[{}", number(progress.done));
    if let Some(total) = progress.total {
        line.push('/');
        line.push_str(&number(total));
    }
    line.push(']');
    if let Some(message) = progress.message.as_deref().filter(|m| !m.is_empty()) {
        line.push(' ');
        line.push_str(message);
    }
    line
}

fn number(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

/// A [`Call`] for one command, asking on the terminal when `interactive`,
/// and the queue of its progress lines, for [`running`].
pub(crate) fn for_command(interactive: bool) -> (Call, mpsc::Receiver<String>) {
    let (lines, queue) = mpsc::channel(QUEUE);
    let host = TerminalCall { lines, interactive };
    (Call::new(Arc::new(host)), queue)
}

/// Runs `answer` while writing the call's progress lines to `err`, and,
/// when `interrupt` is set, cancelling `call` on Ctrl-C; once `answer` is
/// ready, writes what is still queued and resolves to the answer, and
/// whether Ctrl-C cancelled it.
pub(crate) async fn running<T>(
    answer: impl Future<Output = T>,
    call: &Call,
    mut queue: mpsc::Receiver<String>,
    interrupt: bool,
    err: &mut dyn Write,
) -> (T, bool) {
    let ctrl_c = async move {
        if !interrupt || tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    let (mut answer, mut ctrl_c) = (pin!(answer), pin!(ctrl_c));
    let mut interrupted = false;
    let value = poll_fn(|cx| {
        while let Poll::Ready(Some(line)) = queue.poll_recv(cx) {
            let _ = writeln!(err, "{line}");
        }
        if !interrupted && ctrl_c.as_mut().poll(cx).is_ready() {
            interrupted = true;
            call.handle().cancel();
        }
        answer.as_mut().poll(cx)
    })
    .await;
    queue.close();
    while let Ok(line) = queue.try_recv() {
        let _ = writeln!(err, "{line}");
    }
    (value, interrupted)
}
