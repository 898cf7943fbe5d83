//! A tool's call on the command line: its progress shows on stderr (a
//! bar on a terminal, plain lines elsewhere, see [`super::progress`]),
//! Ctrl-C cancels it, and `ask` prompts on the terminal, one field at a
//! time, when there is one.
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

use super::progress::Shown;
use super::prompt;

/// How many progress reports wait to be shown at most; a tool that reports
/// faster than stderr takes them loses the surplus (progress only rises,
/// so a later report says more than a lost one).
const QUEUE: usize = 256;

/// The line `ask` answers when standard input or stderr is not a terminal.
pub(crate) const NO_TERMINAL: &str = "cannot ask on the command line: standard input is not a terminal \
     (run the command in a terminal to answer, or pass the answers as the tool's arguments)";

/// The call's host on the command line.
struct TerminalCall {
    reports: mpsc::Sender<Progress>,
    /// Standard input and stderr are terminals: `ask` prompts.
    interactive: bool,
}

impl CallHost for TerminalCall {
    fn name(&self) -> &'static str {
        "cli"
    }

    fn progress(&self, progress: &Progress) {
        let _ = self.reports.try_send(progress.clone());
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

/// A [`Call`] for one command, asking on the terminal when `interactive`,
/// and the queue of its progress reports, for [`running`].
pub(crate) fn for_command(interactive: bool) -> (Call, mpsc::Receiver<Progress>) {
    let (reports, queue) = mpsc::channel(QUEUE);
    let host = TerminalCall {
        reports,
        interactive,
    };
    (Call::new(Arc::new(host)), queue)
}

/// Runs `answer` while showing the call's progress as `shown` says (lines
/// on `err`, or a bar), and, when `interrupt` is set, cancelling `call` on
/// Ctrl-C; once `answer` is ready, shows what is still queued, takes a
/// bar away, and resolves to the answer, and whether Ctrl-C cancelled it.
pub(crate) async fn running<T>(
    answer: impl Future<Output = T>,
    call: &Call,
    mut queue: mpsc::Receiver<Progress>,
    shown: Shown,
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
        while let Poll::Ready(Some(report)) = queue.poll_recv(cx) {
            shown.show(&report, err);
        }
        if !interrupted && ctrl_c.as_mut().poll(cx).is_ready() {
            interrupted = true;
            call.handle().cancel();
        }
        answer.as_mut().poll(cx)
    })
    .await;
    queue.close();
    while let Ok(report) = queue.try_recv() {
        shown.show(&report, err);
    }
    shown.finish();
    (value, interrupted)
}
