//! What a set tells of each call it answers, whichever host made it: a
//! [`CallReport`] to the [`on_call`](super::ToolSet::on_call) hook and,
//! with the `tracing` feature, one span per call.

use std::fmt;
use std::time::Duration;

use crate::repair::Repair;

/// One call, as the set answered it.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct CallReport<'a> {
    /// The tool's name.
    pub tool: &'a str,
    /// The host that made the call: `mcp`, `cli`, `openai`, `anthropic`,
    /// `gemini`, `rig`, or `direct` for a call made in code.
    pub host: &'a str,
    /// How the call ended.
    pub outcome: CallOutcome,
    /// What was repaired in the arguments before they were checked.
    pub repairs: &'a [Repair],
    /// From the call to its answer.
    pub duration: Duration,
    /// The arguments as compact JSON on one sanitized line, cut to
    /// [`REPORTED_ARGUMENTS`] characters (the last a `…`); only where the
    /// set was told to
    /// ([`ToolSet::report_arguments`](super::ToolSet::report_arguments)).
    pub arguments: Option<&'a str>,
}

/// How long the arguments of a report are at most, in characters.
pub const REPORTED_ARGUMENTS: usize = 1024;

/// How a call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CallOutcome {
    /// The tool ran and answered.
    Ok,
    /// The arguments were refused (limits, the schema) with `lines` lines;
    /// the tool did not run.
    Invalid {
        /// How many lines the caller was answered.
        lines: usize,
    },
    /// The tool failed (an error it returned, or a result its output
    /// schema refused).
    Failed,
    /// The tool panicked.
    Panicked,
    /// The call took longer than its timeout.
    TimedOut,
    /// The call was cancelled.
    Cancelled,
}

impl CallOutcome {
    /// The outcome's name: `ok`, `invalid`, `failed`, `panicked`,
    /// `timed_out` or `cancelled`.
    pub const fn as_str(self) -> &'static str {
        match self {
            CallOutcome::Ok => "ok",
            CallOutcome::Invalid { .. } => "invalid",
            CallOutcome::Failed => "failed",
            CallOutcome::Panicked => "panicked",
            CallOutcome::TimedOut => "timed_out",
            CallOutcome::Cancelled => "cancelled",
        }
    }
}

impl fmt::Display for CallOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallOutcome::Invalid { lines } => write!(f, "invalid ({lines} lines)"),
            other => f.write_str(other.as_str()),
        }
    }
}

/// Told of every call the set answers.
pub(super) type CallLog = dyn Fn(&CallReport<'_>) + Send + Sync;

/// The span of one call, its outcome filled in when it ends.
#[cfg(feature = "tracing")]
pub(super) fn span(tool: &str, host: &str) -> tracing::Span {
    tracing::info_span!(
        "tool_call",
        tool,
        host,
        arguments = tracing::field::Empty,
        outcome = tracing::field::Empty,
        lines = tracing::field::Empty,
        repairs = tracing::field::Empty,
        duration_ms = tracing::field::Empty,
    )
}

/// Fills in the span of the call `report` tells of.
#[cfg(feature = "tracing")]
pub(super) fn record(span: &tracing::Span, report: &CallReport<'_>) {
    span.record("outcome", report.outcome.as_str());
    if let CallOutcome::Invalid { lines } = report.outcome {
        span.record("lines", lines);
    }
    span.record("repairs", report.repairs.len());
    span.record(
        "duration_ms",
        u64::try_from(report.duration.as_millis()).unwrap_or(u64::MAX),
    );
}
