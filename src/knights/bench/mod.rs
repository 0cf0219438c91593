//! Side-by-side benchmarks: `knights bench` (the paper's query in knightlog with each verify/2
//! version, the native DFS, and SWI-Prolog when installed) and `knights bench --suite` (the
//! classic programs of `benches/prolog/`). Runs are interleaved — every variant once, then
//! every variant again — so load on a shared machine hits all variants alike; tables report
//! medians of CPU seconds and ratios to the fastest.
//!
//! This folder is the machinery of the `knights bench` command (its body and arguments are
//! `knights::cli::bench`); the cargo benchmarks (`cargo bench`) and the shell scripts that
//! compare builds are in `benches/` at the top of the repository.
//!
//! Tested by: the unit tests below; tests/bench_suite.rs, tests/knights_cli.rs (`knights bench`).

pub mod knight;
pub mod process;
pub mod suite;

use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The measurements of one variant.
#[derive(Clone, Debug, Default)]
pub struct Series {
    pub name: String,
    /// What one run does, in `unit`s (inferences, nodes).
    pub work: u64,
    pub unit: &'static str,
    pub seconds: Vec<f64>,
    /// Peak resident set size over the runs, in kilobytes (0: not measured).
    pub peak_rss_kb: u64,
    /// Every run's result was checked and right.
    pub checked: bool,
}

impl Series {
    pub fn new(name: &str, unit: &'static str) -> Series {
        Series {
            name: name.to_string(),
            unit,
            checked: true,
            ..Series::default()
        }
    }

    pub fn median(&self) -> f64 {
        median(&self.seconds)
    }

    pub fn min(&self) -> f64 {
        self.seconds.iter().copied().fold(f64::INFINITY, f64::min)
    }

    pub fn max(&self) -> f64 {
        self.seconds.iter().copied().fold(0.0, f64::max)
    }

    /// Work per second at the median.
    pub fn rate(&self) -> f64 {
        self.work as f64 / self.median().max(1e-9)
    }
}

pub fn median(v: &[f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    }
}

/// Geometric mean of positive ratios (NaN when there are none).
pub fn geometric_mean(ratios: &[f64]) -> f64 {
    if ratios.is_empty() {
        return f64::NAN;
    }
    (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp()
}

fn si(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2} G", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.1} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.0} ")
    }
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A Markdown table of the series: docs/PERFORMANCE.md pastes it as it is.
pub fn table(series: &[Series]) -> String {
    let fastest = series
        .iter()
        .map(Series::median)
        .fold(f64::INFINITY, f64::min);
    let mut out = String::from(
        "| variant | work per run | median s | min–max s | rate | × fastest | peak RSS | checked |\n\
         |---|---:|---:|---:|---:|---:|---:|---|\n",
    );
    for s in series {
        let rss = if s.peak_rss_kb > 0 {
            format!("{:.0} MB", s.peak_rss_kb as f64 / 1024.0)
        } else {
            "–".to_string()
        };
        let _ = writeln!(
            out,
            "| {} | {} {} | {:.3} | {:.3}–{:.3} | {}{}/s | {:.2} | {} | {} |",
            s.name,
            thousands(s.work),
            s.unit,
            s.median(),
            s.min(),
            s.max(),
            si(s.rate()),
            s.unit,
            s.median() / fastest,
            rss,
            if s.checked { "yes" } else { "NO" }
        );
    }
    out
}

/// The closing line of `knights bench`: knightlog's CPU time as a multiple of SWI-Prolog's for
/// each verify/2 version, and the native search's as a multiple of knightlog's.
pub fn summary(series: &[Series]) -> String {
    let find = |name: &str| series.iter().find(|s| s.name == name).map(Series::median);
    let mut parts = Vec::new();
    for version in ["improved", "original"] {
        let ours = find(&format!("knightlog, {version} verify/2"));
        let swi = find(&format!("SWI-Prolog, {version} verify/2"));
        if let (Some(k), Some(s)) = (ours, swi) {
            parts.push(format!(
                "knightlog {:.2}× SWI-Prolog ({version} verify/2)",
                k / s.max(1e-9)
            ));
        }
    }
    if parts.is_empty() {
        parts.push("no SWI-Prolog times to compare with".into());
    }
    let ours = find("knightlog, improved verify/2");
    if let (Some(n), Some(k)) = (find("native DFS (knights)"), ours) {
        parts.push(format!(
            "native DFS {:.4}× knightlog (improved)",
            n / k.max(1e-9)
        ));
    }
    format!("summary: {}\n", parts.join("; "))
}

/// Where the benchmark programs are: `given`, else the current directory, else a directory
/// above this executable, else the source tree it was built from, the first holding both
/// `programs/knight_tour.pl` and `benches/prolog/harness.pl`.
pub fn find_root(given: Option<&Path>) -> Result<PathBuf, String> {
    let holds = |d: &Path| {
        d.join("programs/knight_tour.pl").is_file() && d.join("benches/prolog/harness.pl").is_file()
    };
    if let Some(g) = given {
        return if holds(g) {
            Ok(g.to_path_buf())
        } else {
            Err(format!(
                "{} holds no programs/knight_tour.pl and benches/prolog/harness.pl \
                 (--root is the repository's root)",
                g.display()
            ))
        };
    }
    let mut candidates = vec![PathBuf::from(".")];
    if let Ok(exe) = std::env::current_exe() {
        candidates.extend(exe.ancestors().skip(1).map(Path::to_path_buf));
    }
    candidates.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    candidates.into_iter().find(|d| holds(d)).ok_or_else(|| {
        "cannot find the benchmark programs (programs/ and benches/prolog/ of the \
         repository): give --root DIR"
            .into()
    })
}

/// The series as JSON (for machines: `--json`).
pub fn json(title: &str, series: &[Series]) -> String {
    let mut out = format!("{{\"benchmark\": {}, \"variants\": [", quote(title));
    for (i, s) in series.iter().enumerate() {
        let secs: Vec<String> = s.seconds.iter().map(|x| format!("{x:.6}")).collect();
        let _ = write!(
            out,
            "{}\n  {{\"name\": {}, \"work\": {}, \"unit\": {}, \"seconds\": [{}], \"median\": {:.6}, \
             \"min\": {:.6}, \"max\": {:.6}, \"rate\": {:.1}, \"peak_rss_kb\": {}, \"checked\": {}}}",
            if i > 0 { "," } else { "" },
            quote(&s.name),
            s.work,
            quote(s.unit),
            secs.join(", "),
            s.median(),
            s.min(),
            s.max(),
            s.rate(),
            s.peak_rss_kb,
            s.checked
        );
    }
    out.push_str("\n]}\n");
    out
}

fn quote(s: &str) -> String {
    let mut q = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(q, "\\u{:04x}", c as u32);
            }
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_and_means() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!((geometric_mean(&[2.0, 0.5]) - 1.0).abs() < 1e-12);
        assert_eq!(thousands(3242065), "3,242,065");
        assert_eq!(quote("a\"b\n"), "\"a\\\"b\\u000a\"");
    }

    #[test]
    fn the_closing_line_gives_the_ratios() {
        let s = |name: &str, secs: f64| Series {
            seconds: vec![secs],
            ..Series::new(name, "inferences")
        };
        let all = [
            s("knightlog, improved verify/2", 12.0),
            s("knightlog, original verify/2", 13.0),
            s("SWI-Prolog, improved verify/2", 40.0),
            s("SWI-Prolog, original verify/2", 52.0),
            s("native DFS (knights)", 0.03),
        ];
        assert_eq!(
            summary(&all),
            "summary: knightlog 0.30× SWI-Prolog (improved verify/2); knightlog 0.25× \
             SWI-Prolog (original verify/2); native DFS 0.0025× knightlog (improved)\n"
        );
        assert!(summary(&all[..1]).contains("no SWI-Prolog"));
    }
}
