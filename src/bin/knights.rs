//! The `knights` command: native knight's tour solvers, counts, checks and renderings.
//!
//! Thin: it parses arguments (clap), calls `knightlog::knights`, and prints. Every tour it
//! prints has been validated by `knights::check` (a `Tour` cannot exist otherwise).

use clap::{Parser, Subcommand, ValueEnum};
use knightlog::knights::cli_count::{self, CountMethod};
use knightlog::knights::cli_puzzle::{self, PuzzleOutput};
use knightlog::knights::cli_tour;
use knightlog::knights::dfs::{self, DfsOptions};
use knightlog::knights::frontier::{estimate, FrontierOptions};
use knightlog::knights::neural::{self, NeuralOptions, Rule};
use knightlog::knights::puzzle::QueenPuzzle;
use knightlog::knights::render::{self, Format, SvgOptions, Window};
use knightlog::knights::warnsdorff::{self, WarnsdorffOptions};
use knightlog::knights::{
    check, divide, exists, parse_square, readback, Board, KnightsError, MoveOrder, Square, Tour,
};
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "knights",
    version,
    about = "Knight's tours, natively: search, construct, count, check, draw"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Find a tour and print it.
    Tour(TourArgs),
    /// Say whether open and closed tours exist on a board, and why.
    Exists {
        /// Board as WIDTHxHEIGHT, e.g. 8x8.
        #[arg(long = "board", value_name = "BOARD")]
        board_flag: Option<String>,
        /// The board may also be given without --board.
        #[arg(conflicts_with = "board_flag", required_unless_present = "board_flag")]
        board: Option<String>,
    },
    /// Count tours exactly (frontier dynamic programme; or exhaustive search, at most 64 squares).
    Count {
        #[arg(long, default_value = "5x5")]
        board: String,
        /// Count undirected closed tours instead of directed open ones.
        #[arg(long)]
        closed: bool,
        #[arg(long, value_enum, default_value_t = CountMethodArg::Frontier)]
        method: CountMethodArg,
        /// Memory the frontier states may take before their shard tables spill to disk (e.g. 2G).
        #[arg(long)]
        memory_cap: Option<String>,
        /// Directory for spilled runs (default: the system's temp directory).
        #[arg(long)]
        spill_dir: Option<String>,
        /// Frontier: a line per square on stderr (states, spills, time).
        #[arg(long)]
        verbose: bool,
        /// Frontier: save the layer in DIR now and then, and resume from it when run again
        /// with the same DIR (after a kill, say); removed when the count finishes.
        #[arg(long, value_name = "DIR")]
        checkpoint: Option<String>,
        /// Seconds between checkpoints (0: after every square).
        #[arg(long, default_value_t = 600)]
        checkpoint_every: u64,
        /// Frontier: print the estimate of states, memory and disk (and this machine's) only.
        #[arg(long)]
        estimate: bool,
    },
    /// Run the Takefuji–Lee neural network many times and report what it found.
    Neural {
        #[arg(long, default_value = "8x8")]
        board: String,
        #[arg(long, default_value_t = 1000)]
        trials: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Sweeps before a trial counts as divergent.
        #[arg(long, default_value_t = 1000)]
        max_sweeps: u32,
        #[arg(long, value_enum, default_value_t = RuleArg::TakefujiLee)]
        rule: RuleArg,
        /// Also print the first tour found (text board).
        #[arg(long)]
        show: bool,
    },
    /// Validate a tour: anything `knights` writes (text, JSON, SVG, PNG, PostScript), or a bare
    /// JSON list of squares with --board; - for stdin.
    Check {
        /// Board as WIDTHxHEIGHT (a text board of numbers shows its own size).
        #[arg(long)]
        board: Option<String>,
        file: String,
    },
    /// Validate a tour and draw it.
    Render {
        #[arg(long)]
        board: Option<String>,
        #[arg(long, value_enum, default_value_t = FormatArg::Svg)]
        format: FormatArg,
        /// Move numbers in SVG squares (default: on boards of at most 400 squares).
        #[arg(long)]
        numbers: Option<bool>,
        /// SVG/PNG: draw only the part FILE,RANK,WxH (bottom-left square, size), e.g. 1,1,40x40.
        #[arg(long)]
        window: Option<String>,
        file: String,
        #[arg(short, long)]
        output: Option<String>,
    },
    /// Seed 001's queen-on-d5 puzzle: the shortest knight's walk from h8 over every safe square.
    Puzzle {
        /// The original web puzzle's fixed order (right to left, top to bottom) instead.
        #[arg(long)]
        fixed_order: bool,
        #[arg(long, default_value = "d5")]
        queen: String,
        #[arg(long, default_value = "h8")]
        start: String,
        /// text (the walk and the proof), json (the walk), svg, png, ps (seed 001's page per
        /// move), or none.
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
        #[arg(short, long)]
        output: Option<String>,
    },
    /// The paper's query in knightlog (each verify/2), natively and in SWI-Prolog, side by side;
    /// or, with --suite, the classic Prolog benchmarks of benches/prolog against SWI-Prolog.
    Bench(BenchArgs),
}

#[derive(clap::Args)]
struct BenchArgs {
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
    knightlog: Option<std::path::PathBuf>,
    /// The repository root holding programs/ and benches/prolog/ (default: found from the
    /// current directory, this program's location, or the tree it was built from).
    #[arg(long)]
    root: Option<std::path::PathBuf>,
}

#[derive(clap::Args)]
struct TourArgs {
    /// Board as WIDTHxHEIGHT (files x ranks), any size from 1x1.
    #[arg(long, default_value = "8x8")]
    board: String,
    /// Start square: a8, aa10 or [File,Rank] (default: the top-left corner, the paper's [1,8]).
    #[arg(long)]
    start: Option<String>,
    /// Ask for a closed tour (the last square a knight's move from the first).
    #[arg(long)]
    closed: bool,
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    method: Method,
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Write the tour to this file instead of standard output.
    #[arg(short, long)]
    output: Option<String>,
    /// dfs: the move order, 8 digits (codes of (1,2),(2,1),(2,-1),(1,-2),(-1,-2),(-2,-1),(-2,1),(-1,2))
    /// or 8 (dx,dy) pairs.
    #[arg(long)]
    moves: Option<String>,
    /// dfs: how many tours to find, at least 1 (all printed; the node count is up to the last).
    /// 0 is refused: "every tour" is billions on 8x8.
    #[arg(long, default_value_t = 1, value_parser = at_least_one)]
    solutions: usize,
    /// dfs: stop after this many nodes.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// neural: base seed (trial i uses a seed derived from it and i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// neural: give up after this many trials.
    #[arg(long, default_value_t = 10_000)]
    trials: u64,
    /// SVG: move numbers in the squares (default: on boards of at most 400 squares).
    #[arg(long)]
    numbers: Option<bool>,
    /// SVG/PNG: draw only the part FILE,RANK,WxH (bottom-left square, size), e.g. 1,1,40x40.
    #[arg(long)]
    window: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Method {
    /// Warnsdorff's rule where it succeeds, else divide and conquer (every start with a tour).
    Auto,
    /// The paper's depth-first search, node for node (small boards).
    Dfs,
    /// Warnsdorff's rule, Roth's tie-break, backtracking (any board).
    Warnsdorff,
    /// Divide and conquer from precomputed blocks, linear time (any board and start with a tour).
    Divide,
    /// The Takefuji–Lee neural network (closed tours, small boards).
    Neural,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    Text,
    Json,
    Svg,
    Ps,
    /// A picture: the board and path up to 200 squares a side, a pixel a square above
    /// (coloured by move number); the tour is embedded, so `knights check` reads it back.
    Png,
    /// Print only the summary (the tour is still built and validated): for timing.
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum CountMethodArg {
    /// Frontier dynamic programme (any board up to 12 wide along its narrow side).
    Frontier,
    /// The exhaustive search, the independent cross-check (at most 64 squares).
    Exhaustive,
}

#[derive(Clone, Copy, ValueEnum)]
enum RuleArg {
    /// Takefuji and Lee's rule: U += 4 - (active moves at both squares, this one at each end);
    /// fixed points are exactly the degree-2 networks.
    TakefujiLee,
    /// The formula as seed 002 prints it, U += 2 - (active neighbours), for every neuron; every
    /// perfect matching is then a fixed point and on 8x8 the network almost never finds a tour.
    Literal,
}

impl FormatArg {
    fn format(self) -> Option<Format> {
        match self {
            FormatArg::Text => Some(Format::Text),
            FormatArg::Json => Some(Format::Json),
            FormatArg::Svg => Some(Format::Svg),
            FormatArg::Ps => Some(Format::Ps),
            FormatArg::Png => Some(Format::Png),
            FormatArg::None => None,
        }
    }
}

/// What went wrong, and the exit code it earns.
enum Failure {
    Knights(KnightsError),
    Io(String),
    Bench(String),
}

impl From<KnightsError> for Failure {
    fn from(e: KnightsError) -> Self {
        Failure::Knights(e)
    }
}

fn main() -> ExitCode {
    // Output into a closed pipe (`knights count ... | head -1`) ends the process quietly,
    // as for any Unix filter, instead of a panic in the first print after it.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Knights(e)) => {
            eprintln!("knights: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Io(e)) => {
            eprintln!("knights: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Bench(what)) => {
            eprintln!("knights bench: {what}");
            ExitCode::from(1)
        }
    }
}

fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Tour(args) => tour(&args),
        Command::Exists { board_flag, board } => {
            let board = board_flag.or(board).unwrap_or_default();
            print!("{}", exists::report(Board::parse(&board)?));
            Ok(())
        }
        Command::Count {
            board,
            closed,
            method,
            memory_cap,
            spill_dir,
            verbose,
            checkpoint,
            checkpoint_every,
            estimate,
        } => {
            if estimate {
                let b = Board::parse(&board)?;
                let cap = memory_cap
                    .as_deref()
                    .map(cli_count::parse_bytes)
                    .transpose()?;
                let dir = spill_dir.map_or_else(std::env::temp_dir, Into::into);
                print!("{}", estimate::report(b, closed, cap, &dir));
                return Ok(());
            }
            let opts = FrontierOptions {
                memory_cap: memory_cap
                    .as_deref()
                    .map(cli_count::parse_bytes)
                    .transpose()?,
                spill_dir: spill_dir.map(Into::into),
                progress: true,
                log: verbose,
                checkpoint: checkpoint.map(Into::into),
                checkpoint_every: Some(std::time::Duration::from_secs(checkpoint_every)),
            };
            cli_count::stop_on_signals();
            let method = match method {
                CountMethodArg::Frontier => CountMethod::Frontier,
                CountMethodArg::Exhaustive => CountMethod::Exhaustive,
            };
            print!(
                "{}",
                cli_count::run(Board::parse(&board)?, closed, method, &opts)?
            );
            Ok(())
        }
        Command::Neural {
            board,
            trials,
            seed,
            max_sweeps,
            rule,
            show,
        } => {
            let b = Board::parse(&board)?;
            if let Some(w) = neural::no_tour_warning(b) {
                eprintln!("knights: {w}");
            }
            let opts = NeuralOptions {
                trials,
                seed,
                max_sweeps,
                rule: match rule {
                    RuleArg::TakefujiLee => Rule::TakefujiLee,
                    RuleArg::Literal => Rule::Literal,
                },
                progress: true,
            };
            let t0 = Instant::now();
            let stats = neural::run(b, &opts)?;
            let secs = t0.elapsed().as_secs_f64();
            print!("{}", stats.report(b));
            println!(
                "  time: {secs:.2} s ({:.0} trials/s on {} threads), seed {seed}",
                trials as f64 / secs.max(1e-9),
                rayon::current_num_threads()
            );
            if let (true, Some((i, squares))) = (show, stats.first_tour) {
                let t = Tour::new(b, squares)?;
                println!("first tour, trial {i}:");
                print!("{}", render::number_board(&t));
            }
            Ok(())
        }
        Command::Check { board, file } => {
            let board = board.as_deref().map(Board::parse).transpose()?;
            let (b, squares) = readback::read_tour(&read_input(&file)?, board)?;
            let info = check::validate(b, &squares)?;
            println!("{}", check::describe(b, &squares, info));
            Ok(())
        }
        Command::Render {
            board,
            format,
            numbers,
            window,
            file,
            output,
        } => {
            let board = board.as_deref().map(Board::parse).transpose()?;
            let (b, squares) = readback::read_tour(&read_input(&file)?, board)?;
            let t = Tour::new(b, squares)?;
            let svg = SvgOptions {
                numbers,
                window: window.as_deref().map(Window::parse).transpose()?,
                ..SvgOptions::default()
            };
            match format.format() {
                Some(f) => emit(&render::render(&t, f, &svg)?, output.as_deref()),
                None => Ok(()),
            }
        }
        Command::Puzzle {
            fixed_order,
            queen,
            start,
            format,
            output,
        } => {
            let puzzle = QueenPuzzle {
                queen: parse_square(&queen)?,
                start: parse_square(&start)?,
                ..QueenPuzzle::default()
            };
            let out = match format {
                FormatArg::Svg => PuzzleOutput::Svg,
                FormatArg::Ps => PuzzleOutput::Ps,
                FormatArg::Json => PuzzleOutput::Json,
                FormatArg::None => PuzzleOutput::None,
                FormatArg::Text => PuzzleOutput::Text,
                FormatArg::Png => {
                    return emit(&cli_puzzle::png(&puzzle, fixed_order)?, output.as_deref())
                }
            };
            emit(
                cli_puzzle::run(&puzzle, fixed_order, out)?.as_bytes(),
                output.as_deref(),
            )
        }
        Command::Bench(args) => bench(&args),
    }
}

fn tour(args: &TourArgs) -> Result<(), Failure> {
    let board = Board::parse(&args.board)?;
    let start = match &args.start {
        Some(s) => parse_square(s)?,
        None => Square::new(1, board.height()),
    };
    board.index(start)?;
    let t0 = Instant::now();
    let (tours, note): (Vec<Tour>, String) = match args.method {
        Method::Dfs => {
            exists::require(board, start, args.closed)?;
            // Blind search from anywhere but the paper's corner, or for a closed tour, can run
            // for hours from 6x6 up (8x8 closed, or from d4 or b1: minutes to hours).
            let risky =
                board.area() > 64 || (board.area() >= 36 && (args.closed || args.start.is_some()));
            if risky && args.max_nodes.is_none() {
                eprintln!(
                    "knights: warning: dfs is the paper's blind search; on {board}{} it may \
                     run for hours (bound it with --max-nodes N, or use the default method)",
                    if args.closed {
                        " for a closed tour"
                    } else {
                        " from this square"
                    }
                );
            }
            let opts = DfsOptions {
                order: match &args.moves {
                    Some(m) => MoveOrder::parse(m)?,
                    None => MoveOrder::default(),
                },
                solutions: args.solutions.max(1),
                closed: args.closed,
                node_limit: args.max_nodes,
            };
            let r = dfs::search(board, start, &opts)?;
            let secs = t0.elapsed().as_secs_f64();
            let mut note = format!(
                "dfs: {} tour(s), {} nodes (go/3 calls) in {secs:.3} s, {:.1} M nodes/s",
                r.tours.len(),
                r.nodes,
                r.nodes as f64 / secs.max(1e-9) / 1e6
            );
            if r.hit_limit {
                note += "; stopped at the node limit";
            } else if r.exhausted {
                note += "; search space exhausted";
            }
            if r.tours.is_empty() {
                eprintln!("{note}");
                return Err(KnightsError::NoTourFromStart {
                    board,
                    start,
                    closed: args.closed,
                    why: if r.hit_limit {
                        "none found before the node limit".into()
                    } else {
                        "the exhaustive search found none".into()
                    },
                }
                .into());
            }
            (r.tours, note)
        }
        Method::Auto => {
            let (t, note) = cli_tour::auto(board, start, args.closed)?;
            (vec![t], note)
        }
        Method::Warnsdorff => {
            let opts = WarnsdorffOptions {
                closed: args.closed,
                ..WarnsdorffOptions::default()
            };
            let r = warnsdorff::tour(board, start, &opts)?;
            let note = format!(
                "warnsdorff: {} steps, {} backtracks, {} attempt(s), {} closing rotations, {:.3} s",
                r.steps,
                r.backtracks,
                r.attempts,
                r.rotations,
                t0.elapsed().as_secs_f64()
            );
            (vec![r.tour], note)
        }
        Method::Divide => {
            let t = divide::tour(board, Some(start), args.closed)?;
            (
                vec![t],
                format!("divide: {:.3} s", t0.elapsed().as_secs_f64()),
            )
        }
        Method::Neural => {
            let opts = NeuralOptions {
                trials: args.trials,
                seed: args.seed,
                progress: true,
                ..NeuralOptions::default()
            };
            let (t, trial) = neural::tour(board, start, &opts)?;
            let note = format!(
                "neural: tour at trial {trial} (seed {}), {:.3} s",
                args.seed,
                t0.elapsed().as_secs_f64()
            );
            (vec![t], note)
        }
    };
    let svg = SvgOptions {
        numbers: args.numbers,
        window: args.window.as_deref().map(Window::parse).transpose()?,
        ..SvgOptions::default()
    };
    if let Some(format) = args.format.format() {
        let mut out = Vec::new();
        // One PNG file holds one picture: the last tour's.
        let skip = if format == Format::Png {
            tours.len() - 1
        } else {
            0
        };
        if skip > 0 {
            eprintln!(
                "knights: a PNG holds one tour: drawing the last of {}",
                tours.len()
            );
        }
        for (i, t) in tours.iter().enumerate().skip(skip) {
            if i > 0 && format == Format::Text {
                out.push(b'\n');
            }
            out.extend(render::render(t, format, &svg)?);
        }
        emit(&out, args.output.as_deref())?;
    }
    let last = &tours[tours.len() - 1];
    eprintln!(
        "{} tour of {board} from {} to {}; {note}",
        if last.is_closed() { "closed" } else { "open" },
        last.start(),
        last.end()
    );
    Ok(())
}

fn bench(args: &BenchArgs) -> Result<(), Failure> {
    use knightlog::bench::{self, knight, process, suite};
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
        if args.json {
            print!("{}", suite::json(&rows));
        } else {
            println!(
                "Classic suite, {runs} interleaved runs each, CPU seconds inside each system:\n"
            );
            print!("{}", suite::table(&rows));
            print!("\n{}", suite::summary(&rows));
        }
        return Ok(());
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
    if args.json {
        print!("{}", bench::json(&title, &series));
    } else {
        println!("{title}; CPU seconds inside each system (native: thread CPU time):\n");
        print!("{}", bench::table(&series));
        print!("\n{}", bench::summary(&series));
    }
    if series.iter().any(|s| !s.checked) {
        return Err(Failure::Bench(
            "a variant's tour differs from the native search's".into(),
        ));
    }
    Ok(())
}

/// `--solutions`: a count of at least one (0 is refused rather than read as "all").
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err(
            "0 is refused: ask for a number of tours (at least 1); 0 does not mean \
                      all (the tours of 8x8 are far too many to list)"
                .into(),
        ),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

fn read_input(file: &str) -> Result<Vec<u8>, Failure> {
    if file == "-" {
        let mut s = Vec::new();
        if std::io::stdin().is_terminal() {
            eprintln!("knights: reading a tour from the terminal; end with Ctrl-D");
        }
        std::io::stdin()
            .read_to_end(&mut s)
            .map_err(|e| Failure::Io(format!("cannot read stdin: {e}")))?;
        Ok(s)
    } else {
        std::fs::read(file).map_err(|e| Failure::Io(format!("cannot read {file}: {e}")))
    }
}

fn emit(text: &[u8], output: Option<&str>) -> Result<(), Failure> {
    match output {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| Failure::Io(format!("cannot write {path}: {e}")))
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout
                .write_all(text)
                .and_then(|_| stdout.flush())
                .map_err(|e| Failure::Io(format!("cannot write to stdout: {e}")))
        }
    }
}
