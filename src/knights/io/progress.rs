//! Progress for long native runs, shared across rayon's threads: a bar when stderr is a
//! terminal; and, for the runs that ask for it ([`Progress::status`]: benchmarks, counts), a
//! one-line status on stderr every few seconds when it is a pipe or a log, so a long run is
//! never silent. [`Progress::new`] stays quiet off a terminal (tests see nothing).
//!
//! Tested by: nothing directly (bars are drawn on terminals only); every long count in
//! tests/knights_frontier.rs runs through it.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Off a terminal, a status line at most this often (and at the last step).
const LINE_EVERY: Duration = Duration::from_secs(5);

/// A progress bar that may be hidden; every method is cheap and safe from any thread.
pub struct Progress {
    bar: ProgressBar,
    lines: Option<Lines>,
}

/// The pipe mode: `label: pos/total unit, elapsed, message`.
struct Lines {
    label: String,
    unit: String,
    total: u64,
    pos: AtomicU64,
    start: Instant,
    last: Mutex<Option<Instant>>,
}

impl Progress {
    /// A bar for `total` steps of `unit`, shown if `wanted` and stderr is a terminal.
    pub fn new(total: u64, wanted: bool, unit: &str) -> Progress {
        if !(wanted && std::io::stderr().is_terminal()) {
            return Progress {
                bar: ProgressBar::hidden(),
                lines: None,
            };
        }
        Progress {
            bar: bar(total, unit),
            lines: None,
        }
    }

    /// Like [`new`](Progress::new), but off a terminal (if `wanted`) a status line
    /// `label: 3/15 runs, 1m40s; <message>` on stderr every few seconds and at the end.
    pub fn status(total: u64, wanted: bool, unit: &str, label: &str) -> Progress {
        if wanted && !std::io::stderr().is_terminal() {
            return Progress {
                bar: ProgressBar::hidden(),
                lines: Some(Lines {
                    label: label.to_string(),
                    unit: unit.to_string(),
                    total,
                    pos: AtomicU64::new(0),
                    start: Instant::now(),
                    last: Mutex::new(None),
                }),
            };
        }
        Progress::new(total, wanted, unit)
    }

    pub fn inc(&self) {
        self.inc_with("");
    }

    /// One step done; `message` says what (shown beside the bar, or in the status line).
    pub fn inc_with(&self, message: &str) {
        self.bar.inc(1);
        if !message.is_empty() {
            self.bar.set_message(message.to_string());
        }
        let Some(l) = &self.lines else {
            return;
        };
        let pos = l.pos.fetch_add(1, Ordering::Relaxed) + 1;
        let now = Instant::now();
        let Ok(mut last) = l.last.lock() else {
            return;
        };
        let due = last.is_none_or(|t| now.duration_since(t) >= LINE_EVERY);
        if due || pos == l.total {
            *last = Some(now);
            let secs = now.duration_since(l.start).as_secs();
            let sep = if message.is_empty() { "" } else { "; " };
            eprintln!(
                "{}: {pos}/{} {}, {}m{:02}s{sep}{message}",
                l.label,
                l.total,
                l.unit,
                secs / 60,
                secs % 60
            );
        }
    }

    /// What is running now (beside the bar; nothing in the status lines).
    pub fn set_message(&self, message: &str) {
        self.bar.set_message(message.to_string());
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn bar(total: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}}) {{msg}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}
