//! Native benchmarks of the `knights` fast path, printed as a table of medians:
//!
//! * the paper's depth-first search (8x8 from [1,8]) against the same search in C (`-O2`,
//!   `benches/c/knight_dfs.c`, compiled here with `cc`), in nodes (go/3 calls) per second;
//! * Warnsdorff (open and closed) and divide and conquer on 100x100, 1000x1000, 10000x10000;
//! * neural-network trials per second on 8x8 and 26x26.
//!
//! `cargo bench --bench native` (set `KNIGHTS_BENCH_QUICK=1` to skip the 10^8-square boards).
//! Every tour is validated as it is built, and that time is included.
//!
//! `benches/` holds the cargo benchmarks and comparison scripts; the `knights bench` command is
//! `src/knights/bench/` (machinery) and `src/knights/cli/bench.rs` (its body).

use knightlog::knights::solvers::dfs::{self, DfsOptions};
use knightlog::knights::solvers::divide;
use knightlog::knights::solvers::neural::{self, NeuralOptions};
use knightlog::knights::solvers::warnsdorff::{self, WarnsdorffOptions};
use knightlog::knights::{Board, Square};
use std::process::Command;
use std::time::{Duration, Instant};

struct Row {
    name: String,
    runs: usize,
    median: Duration,
    rate: String,
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Runs `f` `runs` times; `f` returns the amount of work done (nodes, trials, squares).
fn measure(runs: usize, mut f: impl FnMut() -> u64) -> (Duration, u64) {
    let mut times = Vec::with_capacity(runs);
    let mut work = 0;
    for _ in 0..runs {
        let t0 = Instant::now();
        work = f();
        times.push(t0.elapsed());
    }
    (median(times), work)
}

fn per_sec(work: u64, d: Duration, unit: &str) -> String {
    let r = work as f64 / d.as_secs_f64().max(1e-12);
    if r >= 1e6 {
        format!("{:.1} M {unit}/s", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1} k {unit}/s", r / 1e3)
    } else {
        format!("{r:.1} {unit}/s")
    }
}

fn board(w: u32, h: u32) -> Board {
    Board::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

fn dfs_rows(rows: &mut Vec<Row>) {
    let b = board(8, 8);
    for (solutions, runs) in [(1usize, 9usize), (14, 3)] {
        let opts = DfsOptions {
            solutions,
            ..DfsOptions::default()
        };
        let (d, nodes) = measure(runs, || {
            let r = dfs::search(b, Square::new(1, 8), &opts).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(r.tours.len(), solutions);
            r.nodes
        });
        rows.push(Row {
            name: format!("dfs 8x8 from [1,8], first {solutions} (Rust), {nodes} nodes"),
            runs,
            median: d,
            rate: per_sec(nodes, d, "nodes"),
        });
    }
    match c_dfs(9) {
        Ok((d, nodes)) => rows.push(Row {
            name: format!("dfs 8x8 from [1,8], first 1 (C -O2), {nodes} nodes"),
            runs: 9,
            median: d,
            rate: per_sec(nodes, d, "nodes"),
        }),
        Err(e) => eprintln!("C benchmark skipped: {e}"),
    }
}

/// Compiles and runs `benches/c/knight_dfs.c`; the median of its own search timings.
fn c_dfs(runs: usize) -> Result<(Duration, u64), String> {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/c/knight_dfs.c");
    let exe = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("knight_dfs");
    let status = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(src)
        .status()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if !status.success() {
        return Err("cc failed".into());
    }
    let mut times = Vec::new();
    let mut nodes = 0;
    for _ in 0..runs {
        let out = Command::new(&exe)
            .output()
            .map_err(|e| format!("cannot run {exe:?}: {e}"))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let field = |key: &str| {
            text.split_whitespace()
                .find_map(|w| w.strip_prefix(key))
                .map(str::to_string)
                .ok_or_else(|| format!("no {key} in {text:?}"))
        };
        if field("end=")? != "[8,2]" {
            return Err(format!("the C search ended elsewhere: {text}"));
        }
        nodes = field("nodes=")?.parse::<u64>().map_err(|e| e.to_string())?;
        let secs = field("seconds=")?
            .parse::<f64>()
            .map_err(|e| e.to_string())?;
        times.push(Duration::from_secs_f64(secs));
    }
    Ok((median(times), nodes))
}

fn construction_rows(rows: &mut Vec<Row>, quick: bool) {
    let mut sizes = vec![(100u32, 7usize, 7usize), (1000, 5, 5)];
    if !quick {
        sizes.push((10_000, 1, 3));
    }
    for (n, w_runs, d_runs) in sizes {
        let b = board(n, n);
        let area = u64::from(b.area());
        for closed in [false, true] {
            let opts = WarnsdorffOptions {
                closed,
                ..WarnsdorffOptions::default()
            };
            let (d, _) = measure(w_runs, || {
                let r =
                    warnsdorff::tour(b, Square::new(1, 1), &opts).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(r.tour.is_closed(), closed || r.tour.is_closed());
                area
            });
            rows.push(Row {
                name: format!("warnsdorff {} {b}", if closed { "closed" } else { "open" }),
                runs: w_runs,
                median: d,
                rate: per_sec(area, d, "squares"),
            });
        }
        let (d, _) = measure(d_runs, || {
            let t =
                divide::tour(b, Some(Square::new(1, 1)), true).unwrap_or_else(|e| panic!("{e}"));
            assert!(t.is_closed());
            area
        });
        rows.push(Row {
            name: format!("divide closed {b}"),
            runs: d_runs,
            median: d,
            rate: per_sec(area, d, "squares"),
        });
    }
}

fn neural_rows(rows: &mut Vec<Row>) {
    for (n, trials) in [(8u32, 4000u64), (26, 200)] {
        let b = board(n, n);
        let opts = NeuralOptions {
            trials,
            seed: 1,
            ..NeuralOptions::default()
        };
        let mut tours = 0;
        let (d, _) = measure(3, || {
            tours = neural::run(b, &opts)
                .unwrap_or_else(|e| panic!("{e}"))
                .tours;
            trials
        });
        rows.push(Row {
            name: format!(
                "neural {b}, {trials} trials ({tours} tours), {} threads",
                rayon::current_num_threads()
            ),
            runs: 3,
            median: d,
            rate: per_sec(trials, d, "trials"),
        });
    }
}

fn main() {
    // `cargo bench` passes --bench; a filter argument is not supported (it is one table).
    let quick = std::env::var_os("KNIGHTS_BENCH_QUICK").is_some();
    let mut rows = Vec::new();
    dfs_rows(&mut rows);
    construction_rows(&mut rows, quick);
    neural_rows(&mut rows);
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(10);
    println!(
        "{:<width$}  {:>4}  {:>12}  {:>20}",
        "benchmark", "runs", "median", "rate"
    );
    for r in &rows {
        println!(
            "{:<width$}  {:>4}  {:>12}  {:>20}",
            r.name,
            r.runs,
            format!("{:.3?}", r.median),
            r.rate
        );
    }
}
