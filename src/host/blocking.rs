//! Where the hosts that run on tokio (MCP, rig) run a plain `fn` tool:
//! tokio's blocking pool, so a slow one never holds up an async worker.

use serde_json::Value;
use toolsmith_runtime::{BlockingJob, ToolError, ToolSet};

/// `set`, running its blocking jobs on tokio's blocking pool, unless it
/// has a blocking executor of its own.
pub(crate) fn on_tokio_pool(set: ToolSet) -> ToolSet {
    if set.has_blocking_executor() {
        set
    } else {
        set.with_blocking_executor(spawn_blocking)
    }
}

/// Runs a blocking job on tokio's blocking pool when there is a runtime,
/// else right here.
async fn spawn_blocking(job: BlockingJob) -> Result<Value, ToolError> {
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) => runtime
            .spawn_blocking(job)
            .await
            .unwrap_or_else(|_| Err(ToolError::new("the tool did not finish"))),
        Err(_) => job(),
    }
}
