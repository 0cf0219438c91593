//! The paper's query, `knight_tour([1,8], S)` for the first N solutions, in knightlog with each
//! verify/2 version, in SWI-Prolog with each (when `swipl` runs), and natively (the same search
//! node for node). Every run's N-th tour must be the native search's N-th tour.
//!
//! Tested by: the unit tests below; tests/knights_cli.rs (`knights bench` refusals); `knights
//! bench` itself.

use super::process::{self, ChildRun};
use super::Series;
use crate::knights::io::progress::Progress;
use crate::knights::solvers::dfs::{self, DfsOptions};
use crate::knights::{Board, Square};
use std::path::PathBuf;
use std::process::Command;

/// What to run.
#[derive(Clone, Debug)]
pub struct KnightBench {
    /// The knightlog binary.
    pub knightlog: PathBuf,
    /// The SWI-Prolog command, if it is to be compared.
    pub swipl: Option<String>,
    /// The repository's `programs/` directory.
    pub programs: PathBuf,
    pub runs: usize,
    pub solutions: usize,
    pub progress: bool,
}

/// Measures the variants `runs` times each, interleaved.
pub fn run(b: &KnightBench) -> Result<Vec<Series>, String> {
    let want = native_tour(b.solutions)?;
    let mut variants: Vec<(String, Option<Command>)> = Vec::new();
    let mut systems = vec![("knightlog", b.knightlog.display().to_string())];
    if let Some(swipl) = &b.swipl {
        systems.push(("SWI-Prolog", swipl.clone()));
    }
    for (system, exe) in &systems {
        for version in ["improved", "original"] {
            let mut cmd = Command::new(exe);
            cmd.args(["-q", "-g", &goal(version, b.solutions), "-t", "halt"])
                .arg(b.programs.join("knight_tour.pl"));
            variants.push((format!("{system}, {version} verify/2"), Some(cmd)));
        }
    }
    variants.push(("native DFS (knights)".to_string(), None));
    let mut series: Vec<Series> = variants
        .iter()
        .map(|(name, cmd)| Series::new(name, if cmd.is_some() { "inferences" } else { "nodes" }))
        .collect();
    let total = (b.runs * variants.len()) as u64;
    let bar = Progress::status(total, b.progress, "runs", "knights bench");
    for _ in 0..b.runs {
        for ((_, cmd), s) in variants.iter_mut().zip(series.iter_mut()) {
            bar.set_message(&s.name);
            match cmd {
                Some(cmd) => {
                    let r = process::run(cmd).map_err(|e| format!("{}: {e}", s.name))?;
                    let (inferences, secs, tour) = parse_report(&r).ok_or_else(|| {
                        format!("{}: unexpected output:\n{}{}", s.name, r.stdout, r.stderr)
                    })?;
                    s.work = inferences;
                    s.seconds.push(secs);
                    s.peak_rss_kb = s.peak_rss_kb.max(r.peak_rss_kb);
                    s.checked &= tour == want.1;
                }
                None => {
                    let t0 = crate::os::cpu_seconds();
                    let (nodes, tour) = native_tour(b.solutions)?;
                    s.seconds.push(crate::os::cpu_seconds() - t0);
                    s.work = nodes;
                    s.checked &= tour == want.1;
                }
            }
            bar.inc_with(&format!(
                "{}: {:.2} s",
                s.name,
                s.seconds.last().unwrap_or(&0.0)
            ));
        }
    }
    bar.finish();
    Ok(series)
}

/// The Prolog goal: the N-th solution, its inferences and CPU time measured inside the system
/// (start-up and consulting excluded), then the tour.
fn goal(version: &str, n: usize) -> String {
    let switch = if version == "original" {
        "use_verify(original), "
    } else {
        ""
    };
    format!(
        "{switch}nb_setval(bench_n, 0), statistics(inferences, I0), statistics(cputime, T0), \
         ( knight_tour([1,8], S), nb_getval(bench_n, C0), C is C0 + 1, nb_setval(bench_n, C), \
           C >= {n} -> true ; S = none ), \
         statistics(cputime, T1), statistics(inferences, I1), I is I1 - I0, T is T1 - T0, \
         format('~d ~6f~n~w~n', [I, T, S])"
    )
}

fn parse_report(r: &ChildRun) -> Option<(u64, f64, String)> {
    if !r.success {
        return None;
    }
    let mut lines = r.stdout.lines();
    let mut first = lines.next()?.split(' ');
    let inferences = first.next()?.parse().ok()?;
    let secs = first.next()?.parse().ok()?;
    Some((inferences, secs, lines.next()?.to_string()))
}

/// The native search's node count and N-th tour, written as Prolog writes the list.
fn native_tour(n: usize) -> Result<(u64, String), String> {
    let board = Board::new(8, 8).map_err(|e| e.to_string())?;
    let opts = DfsOptions {
        solutions: n,
        ..DfsOptions::default()
    };
    let r = dfs::search(board, Square::new(1, 8), &opts).map_err(|e| e.to_string())?;
    let tour = match r.tours.last() {
        Some(t) if r.tours.len() == n => {
            let squares: Vec<String> = t.squares().iter().map(|s| s.to_pair()).collect();
            format!("[{}]", squares.join(","))
        }
        _ => "none".to_string(),
    };
    Ok((r.nodes, tour))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_parse() {
        let r = ChildRun {
            stdout: "525076825 44.120000\n[[1,8],[3,7]]\n".into(),
            stderr: String::new(),
            success: true,
            cpu_seconds: 44.2,
            peak_rss_kb: 9000,
        };
        assert_eq!(
            parse_report(&r),
            Some((525076825, 44.12, "[[1,8],[3,7]]".to_string()))
        );
        assert!(goal("original", 14).starts_with("use_verify(original), "));
        assert!(goal("improved", 1).contains("C >= 1 -> true"));
    }
}
