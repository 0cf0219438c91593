//! The body of `knights bench`: the paper's query in knightlog, natively and in SWI-Prolog,
//! side by side; or, with `--suite`, the classic benchmarks of `benches/prolog`. The machinery
//! (child processes, timing, tables) is [`crate::knights::bench`]; the cargo benchmarks are
//! `benches/`.
//!
//! Tested by: tests/bench_suite.rs.

use super::{at_least_one, say, Failure};
use crate::knights::bench::{self, knight, process, suite};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Runs of every variant (interleaved); the table shows medians.
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// Time the first N solutions instead of the first (N at least 1).
    #[arg(long, default_value_t = 1, value_parser = at_least_one)]
    solutions: usize,
    /// Run the classic benchmark suite instead of the paper's query.
    #[arg(long)]
    suite: bool,
    /// With --suite: only these benchmarks (comma-separated names).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    /// Leave SWI-Prolog out even when `swipl` is installed.
    #[arg(long)]
    no_swipl: bool,
    /// The knightlog binary (default: the one next to this program).
    #[arg(long)]
    knightlog: Option<PathBuf>,
    /// The repository root holding programs/ and benches/prolog/ (default: found from the
    /// current directory, this program's location, or the tree it was built from).
    #[arg(long)]
    root: Option<PathBuf>,
}

pub fn run(args: &BenchArgs) -> Result<(), Failure> {
    let knightlog = match &args.knightlog {
        Some(p) => p.clone(),
        None => std::env::current_exe()
            .map_err(|e| Failure::Bench(e.to_string()))?
            .with_file_name("knightlog"),
    };
    let swipl = (!args.no_swipl && process::available("swipl")).then(|| "swipl".to_string());
    if swipl.is_none() && !args.no_swipl {
        eprintln!("knights bench: swipl is not on the PATH; comparing without SWI-Prolog");
    }
    let runs = args.runs.max(1);
    let root = bench::find_root(args.root.as_deref()).map_err(Failure::Bench)?;
    if args.suite {
        let rows = suite::run(&suite::SuiteBench {
            knightlog,
            swipl,
            dir: root.join("benches/prolog"),
            runs,
            only: args.only.clone(),
            progress: true,
        })
        .map_err(Failure::Bench)?;
        return say(&if args.json {
            suite::json(&rows)
        } else {
            format!(
                "Classic suite, {runs} interleaved runs each, CPU seconds inside each system:\n\n{}\n{}",
                suite::table(&rows),
                suite::summary(&rows)
            )
        });
    }
    let series = knight::run(&knight::KnightBench {
        knightlog,
        swipl,
        programs: root.join("programs"),
        runs,
        solutions: args.solutions.max(1),
        progress: true,
    })
    .map_err(Failure::Bench)?;
    let title = format!(
        "knight_tour([1,8], S), first {} solution(s), {runs} interleaved runs",
        args.solutions.max(1)
    );
    say(&if args.json {
        bench::json(&title, &series)
    } else {
        format!(
            "{title}; CPU seconds inside each system (native: thread CPU time):\n\n{}\n{}",
            bench::table(&series),
            bench::summary(&series)
        )
    })?;
    if series.iter().any(|s| !s.checked) {
        return Err(Failure::Bench(
            "a variant's tour differs from the native search's".into(),
        ));
    }
    Ok(())
}
