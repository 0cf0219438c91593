//! The classic benchmark suite of `benches/prolog/`: each program is run by `harness.pl`, which
//! times `bench/1` inside the Prolog system and checks its result with the program's
//! `expected/1`; knightlog, SWI-Prolog and SWI-Prolog with `-O` (optimised arithmetic) run the
//! same files, interleaved.
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

/// One benchmark's measurements: knightlog's and, when compared, SWI-Prolog's without and
/// with `-O`.
#[derive(Clone, Debug)]
pub struct SuiteRow {
    pub name: String,
    pub knightlog: Series,
    pub swipl: Option<Series>,
    pub swipl_opt: Option<Series>,
}

impl SuiteRow {
    /// knightlog's median time over SWI-Prolog's.
    pub fn ratio(&self) -> Option<f64> {
        self.ratio_to(self.swipl.as_ref())
    }

    /// knightlog's median time over `swipl -O`'s.
    pub fn ratio_opt(&self) -> Option<f64> {
        self.ratio_to(self.swipl_opt.as_ref())
    }

    fn ratio_to(&self, other: Option<&Series>) -> Option<f64> {
        other.map(|s| self.knightlog.median() / s.median().max(1e-9))
    }

    fn series(&self) -> impl Iterator<Item = &Series> {
        std::iter::once(&self.knightlog).chain(self.swipl.iter().chain(self.swipl_opt.iter()))
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
            swipl_opt: b
                .swipl
                .as_ref()
                .map(|_| Series::new("SWI-Prolog -O", "inferences")),
        })
        .collect();
    let systems = 1 + 2 * usize::from(b.swipl.is_some());
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
                &[],
                &b.dir,
                &row.name,
                &mut row.knightlog,
            )?;
            done(&bar, &row.name, &row.knightlog);
            let swi = [(&mut row.swipl, &[][..]), (&mut row.swipl_opt, &["-O"][..])];
            for (series, flags) in swi {
                if let (Some(exe), Some(s)) = (&b.swipl, series.as_mut()) {
                    bar.set_message(&format!("{} in {}", row.name, s.name));
                    measure(exe, flags, &b.dir, &row.name, s)?;
                    done(&bar, &row.name, s);
                }
            }
        }
    }
    bar.finish();
    Ok(rows)
}

fn measure(
    exe: &str,
    flags: &[&str],
    dir: &Path,
    name: &str,
    s: &mut Series,
) -> Result<(), String> {
    let mut cmd = Command::new(exe);
    cmd.args(flags)
        .args(["-q", "-g", "bench_main", "-t", "halt"])
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

/// A Markdown table: one row a benchmark (median CPU seconds, ratios, inference counts, peak
/// RSS), then the geometric means of the ratios.
pub fn table(rows: &[SuiteRow]) -> String {
    let mut out = String::from(
        "| benchmark | knightlog s | SWI s | SWI -O s | knightlog / SWI | knightlog / SWI -O | inferences knightlog / SWI | peak RSS knightlog / SWI | result |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---|\n",
    );
    let secs = |s: Option<&Series>| s.map_or_else(|| "–".into(), |s| format!("{:.3}", s.median()));
    let ratio = |r: Option<f64>| r.map_or_else(|| "–".into(), |x| format!("{x:.2}"));
    let mb = |kb: u64| format!("{:.0} MB", kb as f64 / 1024.0);
    for r in rows {
        let swi = r.swipl.as_ref();
        let inferences = match swi {
            Some(s) => format!(
                "{} / {} ({:+.0}%)",
                r.knightlog.work,
                s.work,
                (r.knightlog.work as f64 / (s.work.max(1)) as f64 - 1.0) * 100.0
            ),
            None => r.knightlog.work.to_string(),
        };
        let rss = match swi {
            Some(s) => format!("{} / {}", mb(r.knightlog.peak_rss_kb), mb(s.peak_rss_kb)),
            None => mb(r.knightlog.peak_rss_kb),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.name,
            secs(Some(&r.knightlog)),
            secs(swi),
            secs(r.swipl_opt.as_ref()),
            ratio(r.ratio()),
            ratio(r.ratio_opt()),
            inferences,
            rss,
            if r.series().all(|s| s.checked) {
                "right"
            } else {
                "WRONG"
            }
        );
    }
    let mean = |f: fn(&SuiteRow) -> Option<f64>| {
        let ratios: Vec<f64> = rows.iter().filter_map(f).collect();
        (!ratios.is_empty()).then(|| geometric_mean(&ratios))
    };
    if let (Some(m), m_opt) = (mean(SuiteRow::ratio), mean(SuiteRow::ratio_opt)) {
        let _ = writeln!(
            out,
            "| **geometric mean** | | | | **{m:.2}** | **{}** | | | |",
            ratio(m_opt)
        );
    }
    out
}

/// The closing line: knightlog's time as a multiple of SWI-Prolog's and of `swipl -O`'s
/// (geometric means), and the largest single ratio.
pub fn summary(rows: &[SuiteRow]) -> String {
    let ratios: Vec<f64> = rows.iter().filter_map(SuiteRow::ratio).collect();
    if ratios.is_empty() {
        return "summary: no SWI-Prolog times to compare with\n".into();
    }
    let opt: Vec<f64> = rows.iter().filter_map(SuiteRow::ratio_opt).collect();
    let worst = rows
        .iter()
        .filter_map(|r| r.ratio().map(|x| (x, r.name.as_str())))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or_else(String::new, |(x, n)| {
            format!("; slowest relative: {n} {x:.2}×")
        });
    format!(
        "summary: knightlog {:.2}× SWI-Prolog, {:.2}× swipl -O (CPU time, geometric means over {} benchmark(s)){worst}\n",
        geometric_mean(&ratios),
        geometric_mean(&opt),
        ratios.len()
    )
}

/// The rows as JSON.
pub fn json(rows: &[SuiteRow]) -> String {
    let mut out = String::from("[\n");
    for (i, r) in rows.iter().enumerate() {
        let series: Vec<Series> = r.series().cloned().collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn series(name: &str, secs: &[f64], work: u64) -> Series {
        let mut s = Series::new(name, "inferences");
        s.seconds = secs.to_vec();
        s.work = work;
        s
    }

    #[test]
    fn table_shows_both_swi_ratios_and_their_geometric_means() {
        let rows = vec![
            SuiteRow {
                name: "a".into(),
                knightlog: series("knightlog", &[1.0, 2.0, 3.0], 110),
                swipl: Some(series("SWI-Prolog", &[4.0], 100)),
                swipl_opt: Some(series("SWI-Prolog -O", &[1.0], 100)),
            },
            SuiteRow {
                name: "b".into(),
                knightlog: series("knightlog", &[4.0], 50),
                swipl: Some(series("SWI-Prolog", &[2.0], 50)),
                swipl_opt: Some(series("SWI-Prolog -O", &[4.0], 50)),
            },
        ];
        let t = table(&rows);
        assert!(
            t.contains("| a | 2.000 | 4.000 | 1.000 | 0.50 | 2.00 | 110 / 100 (+10%)"),
            "{t}"
        );
        assert!(
            t.contains("| b | 4.000 | 2.000 | 4.000 | 2.00 | 1.00 | 50 / 50 (+0%)"),
            "{t}"
        );
        assert!(
            t.contains("| **geometric mean** | | | | **1.00** | **1.41** |"),
            "{t}"
        );
        let s = summary(&rows);
        assert!(
            s.contains("1.00× SWI-Prolog, 1.41× swipl -O") && s.contains("b 2.00×"),
            "{s}"
        );
    }
}
