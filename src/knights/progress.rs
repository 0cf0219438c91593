//! Progress bars for long native runs, drawn only when stderr is a terminal (so pipes, logs and
//! tests see nothing), shared across rayon's threads.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar that may be hidden; every method is cheap and safe from any thread.
pub struct Progress(ProgressBar);

impl Progress {
    /// A bar for `total` steps of `unit`, shown if `wanted` and stderr is a terminal.
    pub fn new(total: u64, wanted: bool, unit: &str) -> Progress {
        if !(wanted && std::io::stderr().is_terminal()) {
            return Progress(ProgressBar::hidden());
        }
        let bar = ProgressBar::new(total);
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}})");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Progress(bar)
    }

    pub fn inc(&self) {
        self.0.inc(1);
    }

    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}
