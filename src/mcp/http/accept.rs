//! Errors accepting a connection: which concern one connection only, and
//! how the others (out of file descriptors, say) are told, at most once a
//! period however often they repeat.

use std::io;
use std::time::{Duration, Instant};

/// How long to wait before accepting again after an accept error that is
/// not one connection's: no busy loop while descriptors are out.
pub(crate) const ACCEPT_RETRY: Duration = Duration::from_millis(100);

/// The shortest time between two reports of accept errors.
const REPORT_EVERY: Duration = Duration::from_secs(10);

/// An accept error that concerns one connection only.
pub(crate) fn is_per_connection(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
    )
}

/// Accept errors since the last report.
#[derive(Debug, Default)]
pub(crate) struct AcceptErrors {
    last_report: Option<Instant>,
    unreported: u64,
}

impl AcceptErrors {
    /// The line to write for `err`, seen at `now`: `None` within
    /// [`REPORT_EVERY`] of the last one written, whose count the next line
    /// then gives.
    pub(crate) fn report(&mut self, err: &io::Error, now: Instant) -> Option<String> {
        if self
            .last_report
            .is_some_and(|last| now.duration_since(last) < REPORT_EVERY)
        {
            self.unreported += 1;
            return None;
        }
        self.last_report = Some(now);
        let line = match std::mem::take(&mut self.unreported) {
            0 => format!("mcp: cannot accept a connection: {err}"),
            more => format!(
                "mcp: cannot accept a connection: {err} ({more} more since the last report)"
            ),
        };
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_accept_errors_are_reported_once_a_period_with_a_count() {
        let err = io::Error::other("Too many open files");
        let start = Instant::now();
        let mut errors = AcceptErrors::default();
        let at = |ms| start + Duration::from_millis(ms);
        let reports: Vec<_> = [0, 100, 200, 9_999, 10_000, 10_100, 25_000]
            .into_iter()
            .filter_map(|ms| errors.report(&err, at(ms)))
            .collect();
        assert_eq!(
            reports,
            [
                "mcp: cannot accept a connection: Too many open files",
                "mcp: cannot accept a connection: Too many open files (3 more since the last report)",
                "mcp: cannot accept a connection: Too many open files (1 more since the last report)",
            ]
        );
    }
}
