//! Random-program fuzzer: takes the clauses of the Prolog files in
//! `programs/`, `tests/` and `benches/prolog/`, mutates them token by token
//! (tokens from elsewhere in the corpus, extreme numbers, deletions,
//! duplications, swaps, clauses of other files), and runs each mutant
//! through the `program` fuzz target (`fuzz/targets.rs`: consult in a
//! sandbox, call every predicate defined) in a child process, so aborts,
//! stack overflows and hangs are caught as well as panics.
//!
//!     cargo run --release --example mutfuzz -- run SECONDS OUT_DIR [SEED]
//!     cargo run --release --example mutfuzz -- file CASE.pl...   (replay)
//!
//! Each crash or hang is written to OUT_DIR as the program text; it becomes
//! a regression by moving it to `fuzz/regressions/program/`, which
//! `tests/fuzz_replay.rs` replays. Tested by: tests/fuzz_replay.rs (the
//! target); this driver is a tool, run by hand.

#[path = "../fuzz/targets.rs"]
mod targets;

use knightlog::knights::rng::Rng;
use knightlog::syntax::lexer::{ClauseScan, Lexer, TokKind, TokenBuf};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Mutants one child process runs before it is replaced (bounds leaks).
const BATCH: u64 = 200;
/// A case that uses more CPU time than this is a hang (CPU time, not wall
/// time: at `nice 19` on a busy machine a child may wait long for a core).
const CASE_CPU_LIMIT: f64 = 20.0;
/// Wall-clock cap on one case, whatever the load.
const CASE_WALL_LIMIT: Duration = Duration::from_secs(300);
/// How often the parent looks at a silent child.
const POLL: Duration = Duration::from_secs(2);

/// CPU seconds a process has used (user + system), from /proc.
fn cpu_seconds(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // Fields after the command name (which may hold spaces) end with ')'.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| f.get(i).and_then(|v| v.parse::<f64>().ok()))
        .sum();
    // SAFETY: sysconf only reads a system constant.
    ticks / (unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64).max(1.0)
}

/// Replacement tokens that stress the builtins' argument checks.
const EXTREME: &[&str] = &[
    "0",
    "-1",
    "1.0e308",
    "-0.0",
    "1.0Inf",
    "1.5NaN",
    "9223372036854775807",
    "-9223372036854775808",
    "340282366920938463463374607431768211456",
    "[]",
    "'[]'",
    "{}",
    "\"\"",
    "''",
    "_",
    "f(_)",
    "[_|_]",
    "[a|b]",
    "\"abc\"",
    "0'a",
    "(X=f(X))",
    "(L=[1|L])",
    "inf",
    "nan",
    "epsilon",
    "max_tagged_integer",
    "'$VAR'(1)",
    "(a,b)",
    "(a;b)",
    "(a->b)",
    "!",
    "fail",
    "true",
    "call",
    "throw(x)",
    "1000000000",
    "2**100",
    "-(-(1))",
];

struct Corpus {
    /// Clause texts of each file (each ends with its end token).
    files: Vec<Vec<String>>,
    /// Token texts by kind: names, variables, numbers, strings, punctuation.
    pools: [Vec<String>; 5],
}

fn pool_of(k: TokKind) -> usize {
    match k {
        TokKind::Name | TokKind::QName => 0,
        TokKind::Var => 1,
        TokKind::Num => 2,
        TokKind::Str | TokKind::BackQ => 3,
        _ => 4,
    }
}

/// Tokens of one clause as (kind, text).
fn tokens(text: &str) -> Vec<(TokKind, String)> {
    let mut lexer = Lexer::new(text);
    let mut buf = TokenBuf::default();
    match lexer.next_clause(&mut buf) {
        ClauseScan::Clause | ClauseScan::Partial => buf
            .toks
            .iter()
            .map(|t| (t.kind, text[t.start..t.end].to_string()))
            .collect(),
        _ => Vec::new(),
    }
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "pl") {
            out.push(p);
        }
    }
}

fn load_corpus() -> Corpus {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for d in ["programs", "tests", "benches/prolog"] {
        collect_files(&root.join(d), &mut paths);
    }
    paths.sort();
    let mut files = Vec::new();
    let mut pools: [Vec<String>; 5] = Default::default();
    for p in paths {
        let Ok(text) = std::fs::read_to_string(&p) else {
            continue;
        };
        let mut lexer = Lexer::new(&text);
        let mut clauses = Vec::new();
        loop {
            let mut buf = TokenBuf::default();
            match lexer.next_clause(&mut buf) {
                ClauseScan::Clause => {
                    let end = lexer.offset();
                    let first = buf.toks[0].start;
                    clauses.push(text[first..end].to_string());
                    for t in &buf.toks {
                        pools[pool_of(t.kind)].push(text[t.start..t.end].to_string());
                    }
                }
                ClauseScan::Error(_) => {}
                _ => break,
            }
        }
        if !clauses.is_empty() {
            files.push(clauses);
        }
    }
    for p in pools.iter_mut() {
        p.sort();
        p.dedup();
    }
    Corpus { files, pools }
}

fn pick<'a, T>(rng: &mut Rng, v: &'a [T]) -> &'a T {
    &v[rng.below(v.len() as u64) as usize]
}

/// The mutant program of one seed (deterministic).
fn mutant(c: &Corpus, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut clauses: Vec<String> = pick(&mut rng, &c.files).clone();
    // Sometimes a few clauses of another file join in.
    for _ in 0..rng.below(3) {
        let other = pick(&mut rng, &c.files);
        clauses.push(pick(&mut rng, other).clone());
    }
    let n_mut = 1 + rng.below(6);
    for _ in 0..n_mut {
        let ci = rng.below(clauses.len() as u64) as usize;
        let mut toks = tokens(&clauses[ci]);
        if toks.is_empty() {
            continue;
        }
        let ti = rng.below(toks.len() as u64) as usize;
        match rng.below(10) {
            0..=3 => {
                let pool = &c.pools[pool_of(toks[ti].0)];
                if !pool.is_empty() {
                    toks[ti].1 = pick(&mut rng, pool).clone();
                }
            }
            4 | 5 => toks[ti].1 = pick(&mut rng, EXTREME).to_string(),
            6 => {
                toks.remove(ti);
            }
            7 => {
                let t = toks[ti].clone();
                toks.insert(ti, t);
            }
            8 => {
                let tj = rng.below(toks.len() as u64) as usize;
                toks.swap(ti, tj);
            }
            _ => {
                // Duplicate or drop a whole clause.
                if rng.bit() {
                    clauses.push(clauses[ci].clone());
                } else if clauses.len() > 1 {
                    clauses.remove(ci);
                }
                continue;
            }
        }
        let text: Vec<&str> = toks.iter().map(|(_, t)| t.as_str()).collect();
        let mut s = text.join(" ");
        if !s.ends_with('.') {
            s.push_str(" .");
        }
        clauses[ci] = s;
    }
    clauses.join("\n") + "\n"
}

/// Child: runs mutants `first..first+count`, announcing each on stdout.
fn child(first: u64, count: u64) {
    let corpus = load_corpus();
    std::panic::set_hook(Box::new(|info| {
        eprintln!("panic: {info}");
    }));
    let mut out = std::io::stdout().lock();
    for seed in first..first + count {
        let text = mutant(&corpus, seed);
        let _ = writeln!(out, "case {seed}");
        let _ = out.flush();
        let r = std::panic::catch_unwind(|| targets::program(text.as_bytes()));
        if r.is_err() {
            let _ = writeln!(out, "panic {seed}");
            let _ = out.flush();
        }
    }
    let _ = writeln!(out, "done");
}

/// Bounds the child's address space so a runaway allocation aborts it
/// instead of pushing the machine into swap.
fn limit_memory(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: 3 << 30,
                rlim_max: 3 << 30,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
            Ok(())
        });
    }
}

fn save(out: &Path, kind: &str, seed: u64, corpus: &Corpus) {
    let p = out.join(format!("{kind}-{seed}.pl"));
    let _ = std::fs::write(&p, mutant(corpus, seed));
    eprintln!("{kind}: seed {seed} -> {}", p.display());
}

fn parent(seconds: u64, out: &Path, base: u64) {
    let corpus = load_corpus();
    std::fs::create_dir_all(out).expect("output directory");
    let exe = std::env::current_exe().expect("own path");
    let start = Instant::now();
    let (mut cases, mut panics, mut crashes, mut hangs) = (0u64, 0u64, 0u64, 0u64);
    let mut next = base;
    while start.elapsed() < Duration::from_secs(seconds) {
        let mut cmd = Command::new(&exe);
        cmd.args(["child", &next.to_string(), &BATCH.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .stdin(Stdio::null());
        limit_memory(&mut cmd);
        let mut ch = cmd.spawn().expect("spawn child");
        let stdout = ch.stdout.take().expect("child stdout");
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut current = None;
        let mut finished = false;
        let mut timed_out = false;
        let (mut case_cpu, mut case_wall) = (0.0, Instant::now());
        loop {
            match rx.recv_timeout(POLL) {
                Ok(line) => {
                    let mut w = line.split(' ');
                    match (w.next(), w.next().and_then(|s| s.parse::<u64>().ok())) {
                        (Some("case"), Some(s)) => {
                            cases += 1;
                            current = Some(s);
                            case_cpu = cpu_seconds(ch.id());
                            case_wall = Instant::now();
                        }
                        (Some("panic"), Some(s)) => {
                            panics += 1;
                            save(out, "panic", s, &corpus);
                        }
                        (Some("done"), _) => finished = true,
                        _ => {}
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    let cpu = cpu_seconds(ch.id()) - case_cpu;
                    if cpu < CASE_CPU_LIMIT && case_wall.elapsed() < CASE_WALL_LIMIT {
                        continue;
                    }
                    let _ = ch.kill();
                    timed_out = true;
                    if let Some(s) = current {
                        hangs += 1;
                        save(out, "hang", s, &corpus);
                    }
                    break;
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        let status = ch.wait().expect("child status");
        if !finished && !timed_out {
            if let Some(s) = current {
                crashes += 1;
                let why = match (status.code(), status.signal()) {
                    (Some(c), _) => format!("exit{c}"),
                    (None, Some(sig)) => format!("signal{sig}"),
                    _ => "crash".into(),
                };
                save(out, &why, s, &corpus);
            }
        }
        next = current.map_or(next + BATCH, |s| s + 1).max(next + 1);
    }
    println!(
        "mutfuzz: {cases} programs in {:.0} s, seeds {base}..{next}: {panics} panics, {crashes} crashes (abort/signal/exit), {hangs} hangs",
        start.elapsed().as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    match args.get(1).map(String::as_str) {
        Some("child") => child(num(2, 0), num(3, BATCH)),
        Some("run") => {
            let out = PathBuf::from(args.get(3).map_or("mutfuzz-out", String::as_str));
            parent(num(2, 60), &out, num(4, 1));
        }
        Some("file") => {
            for f in &args[2..] {
                let data = std::fs::read(f).expect("readable file");
                let t = Instant::now();
                targets::program(&data);
                println!("{f}: {:.2} s", t.elapsed().as_secs_f64());
            }
        }
        Some("show") => print!("{}", mutant(&load_corpus(), num(2, 0))),
        _ => eprintln!("usage: mutfuzz run SECONDS OUT_DIR [SEED] | show SEED"),
    }
}
