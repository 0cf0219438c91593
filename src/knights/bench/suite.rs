//! The classic benchmark suite of `benches/prolog/`: each program is run by `harness.pl`, which
//! times `bench/1` inside the Prolog system and checks its result with the program's
//! `expected/1`; knightlog and SWI-Prolog run the same files, interleaved.
//!
//! Tested by: tests/bench_suite.rs.

use super::process;
use super::{geometric_mean, Series};
use crate::knights::io::progress::Progress;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

#[derive(Clone, Debug)]
pub struct SuiteBench {
    pub knightlog: PathBuf,
    pub swipl: Option<String>,
    /// The suite's directory (`benches/prolog`).
    pub dir: PathBuf,
    pub runs: usize,
    /// Run only the benchmarks with these names (all when empty).
    pub only: Vec<String>,
    pub progress: bool,
}

/// One benchmark's measurements: knightlog's and, when compared, SWI-Prolog's.
#[derive(Clone, Debug)]
pub struct SuiteRow {
    pub name: String,
    pub knightlog: Series,
    pub swipl: Option<Series>,
}

impl SuiteRow {
    /// knightlog's median time over SWI-Prolog's.
    pub fn ratio(&self) -> Option<f64> {
        self.swipl
            .as_ref()
            .map(|s| self.knightlog.median() / s.median().max(1e-9))
    }
}

/// The benchmark programs in `dir` (every `.pl` file but the harness), sorted by name.
pub fn programs(dir: &Path) -> Result<Vec<String>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".pl").map(str::to_string))
        .filter(|n| n != "harness")
        .collect();
    names.sort();
    Ok(names)
}

pub fn run(b: &SuiteBench) -> Result<Vec<SuiteRow>, String> {
    let names: Vec<String> = programs(&b.dir)?
        .into_iter()
        .filter(|n| b.only.is_empty() || b.only.contains(n))
        .collect();
    if names.is_empty() {
        return Err(format!("no benchmarks to run in {}", b.dir.display()));
    }
    let mut rows: Vec<SuiteRow> = names
        .iter()
        .map(|n| SuiteRow {
            name: n.clone(),
            knightlog: Series::new("knightlog", "inferences"),
            swipl: b
                .swipl
                .as_ref()
                .map(|_| Series::new("SWI-Prolog", "inferences")),
        })
        .collect();
    let systems = 1 + usize::from(b.swipl.is_some());
    let total = (b.runs * names.len() * systems) as u64;
    let bar = Progress::status(total, b.progress, "runs", "knights bench --suite");
    let done = |bar: &Progress, name: &str, s: &Series| {
        let secs = s.seconds.last().unwrap_or(&0.0);
        bar.inc_with(&format!("{name} in {}: {secs:.3} s", s.name));
    };
    for _ in 0..b.runs {
        for row in rows.iter_mut() {
            bar.set_message(&format!("{} in knightlog", row.name));
            measure(
                &b.knightlog.display().to_string(),
                &b.dir,
                &row.name,
                &mut row.knightlog,
            )?;
            done(&bar, &row.name, &row.knightlog);
            if let (Some(exe), Some(s)) = (&b.swipl, row.swipl.as_mut()) {
                bar.set_message(&format!("{} in SWI-Prolog", row.name));
                measure(exe, &b.dir, &row.name, s)?;
                done(&bar, &row.name, s);
            }
        }
    }
    bar.finish();
    Ok(rows)
}

fn measure(exe: &str, dir: &Path, name: &str, s: &mut Series) -> Result<(), String> {
    let mut cmd = Command::new(exe);
    cmd.args(["-q", "-g", "bench_main", "-t", "halt"])
        .arg(dir.join("harness.pl"))
        .arg(dir.join(format!("{name}.pl")));
    let r = process::run(&mut cmd).map_err(|e| format!("{exe}: {e}"))?;
    let fields: Vec<&str> = r.stdout.split_whitespace().collect();
    let parsed = match fields.as_slice() {
        [verdict, secs, inferences] if r.success => secs
            .parse::<f64>()
            .ok()
            .zip(inferences.parse::<u64>().ok())
            .map(|(t, i)| (*verdict == "ok", t, i)),
        _ => None,
    };
    let (ok, secs, inferences) = parsed.ok_or_else(|| {
        format!(
            "{exe} on {name}: unexpected output:\n{}{}",
            r.stdout, r.stderr
        )
    })?;
    s.checked &= ok;
    s.seconds.push(secs);
    s.work = inferences;
    s.peak_rss_kb = s.peak_rss_kb.max(r.peak_rss_kb);
    Ok(())
}

/// A Markdown table: one row a benchmark, then the geometric mean of the ratios.
pub fn table(rows: &[SuiteRow]) -> String {
    let mut out = String::from(
        "| benchmark | knightlog median s (min–max) | SWI-Prolog median s (min–max) | knightlog / SWI | inferences knightlog / SWI | result |\n\
         |---|---:|---:|---:|---:|---|\n",
    );
    let cell = |s: &Series| format!("{:.3} ({:.3}–{:.3})", s.median(), s.min(), s.max());
    for r in rows {
        let swi = r.swipl.as_ref();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} / {} | {} |",
            r.name,
            cell(&r.knightlog),
            swi.map(cell).unwrap_or_else(|| "–".into()),
            r.ratio()
                .map(|x| format!("{x:.2}"))
                .unwrap_or_else(|| "–".into()),
            r.knightlog.work,
            swi.map(|s| s.work.to_string())
                .unwrap_or_else(|| "–".into()),
            if r.knightlog.checked && swi.is_none_or(|s| s.checked) {
                "right"
            } else {
                "WRONG"
            }
        );
    }
    let ratios: Vec<f64> = rows.iter().filter_map(SuiteRow::ratio).collect();
    if !ratios.is_empty() {
        let _ = writeln!(
            out,
            "| **geometric mean** | | | **{:.2}** | | |",
            geometric_mean(&ratios)
        );
    }
    out
}

/// The closing line: knightlog's time as a multiple of SWI-Prolog's (geometric mean).
pub fn summary(rows: &[SuiteRow]) -> String {
    let ratios: Vec<f64> = rows.iter().filter_map(SuiteRow::ratio).collect();
    if ratios.is_empty() {
        return "summary: no SWI-Prolog times to compare with\n".into();
    }
    format!(
        "summary: knightlog {:.2}× SWI-Prolog (CPU time, geometric mean over {} benchmark(s))\n",
        geometric_mean(&ratios),
        ratios.len()
    )
}

/// The rows as JSON.
pub fn json(rows: &[SuiteRow]) -> String {
    let mut out = String::from("[\n");
    for (i, r) in rows.iter().enumerate() {
        let mut series = vec![r.knightlog.clone()];
        series.extend(r.swipl.clone());
        let _ = write!(
            out,
            "{}{}",
            if i > 0 { ",\n" } else { "" },
            super::json(&r.name, &series).trim_end()
        );
    }
    out.push_str("\n]\n");
    out
}
