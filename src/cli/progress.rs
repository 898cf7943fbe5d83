//! How a call's progress shows on stderr: a bar when stderr is a terminal
//! (`[=========>          ] [2/3] deleting b`, cyan unless `NO_COLOR` is
//! set, cleared once the call answers), a plain line per report otherwise
//! (`[2/3] deleting b`), which is what a pipe or a log keeps.

use std::io::Write;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use toolsmith_runtime::Progress;

/// The steps of a bar with a total: fine enough for any fraction shown.
const STEPS: u64 = 1000;

/// Where progress goes.
pub(crate) enum Shown {
    /// A line per report on the writer given.
    Lines,
    /// A bar redrawn on the terminal's stderr.
    Bar(ProgressBar),
}

impl Shown {
    /// A bar when `terminal` (stderr is one), else lines.
    pub(crate) fn new(terminal: bool) -> Self {
        if !terminal {
            return Shown::Lines;
        }
        let colour = std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
        let bar = if colour { "{bar:30.cyan}" } else { "{bar:30}" };
        let style = ProgressStyle::with_template(&format!("[{bar}] {{msg}}"))
            .map(|style| style.progress_chars("=> "))
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::stderr());
        bar.set_style(style);
        Shown::Bar(bar)
    }

    /// Shows one report.
    pub(crate) fn show(&self, progress: &Progress, err: &mut dyn Write) {
        match self {
            Shown::Lines => {
                let _ = writeln!(err, "{}", progress_line(progress));
            }
            Shown::Bar(bar) => {
                let share = match progress.total {
                    Some(total) if total > 0.0 => (progress.done / total).clamp(0.0, 1.0),
                    _ => 0.0,
                };
                bar.set_message(progress_line(progress));
                bar.set_position((share * STEPS as f64) as u64);
            }
        }
    }

    /// Takes the bar off the terminal, before the answer prints.
    pub(crate) fn finish(&self) {
        if let Shown::Bar(bar) = self {
            bar.finish_and_clear();
        }
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
