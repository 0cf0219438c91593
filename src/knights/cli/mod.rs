//! The `knights` command line: the clap definitions, the dispatch, and what the subcommands share
//! (formats, reading a tour, writing the output, the failures and their exit codes).
//! `src/bin/knights.rs` only calls [`main`].
//!
//! The rule for where code lives: `knights NAME` has its arguments (`NameArgs`, a
//! `clap::Args` struct) and its body (`run`) in `cli/NAME.rs`; this file holds only [`Cli`],
//! [`Command`] (one variant per file), the dispatch, and helpers two or more subcommands use.
//! A body parses its arguments into the library's types, calls the library (solvers, counting,
//! io), and prints; anything worth testing without a process (a report, a table) is a `pub fn`
//! in the body's file or below.
//!
//! Tested by: tests/knights_cli.rs, tests/knights_formats.rs, tests/knights_signals.rs,
//! tests/adversarial.rs (the `knights` binary end to end).

pub mod bench;
pub mod check;
pub mod count;
pub mod exists;
pub mod neural;
pub mod puzzle;
pub mod render;
pub mod tour;

use crate::knights::io::render::{text, Format, SvgOptions};
use crate::knights::{KnightsError, Tour};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "knights",
    version,
    about = "Knight's tours, natively: search, construct, count, check, draw"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Find a tour and print it.
    Tour(tour::TourArgs),
    /// Say whether open and closed tours exist on a board, and why.
    Exists(exists::ExistsArgs),
    /// Count tours exactly (frontier dynamic programme; or exhaustive search, at most 64 squares).
    Count(count::CountArgs),
    /// Run the Takefuji–Lee neural network many times and report what it found.
    Neural(neural::NeuralArgs),
    /// Validate a tour: anything `knights` writes (text, JSON, SVG, PNG, PostScript), or a bare
    /// JSON list of squares with --board; - for stdin.
    Check(check::CheckArgs),
    /// Validate a tour and draw it.
    Render(render::RenderArgs),
    /// Seed 001's queen-on-d5 puzzle: the shortest knight's walk from h8 over every safe square.
    Puzzle(puzzle::PuzzleArgs),
    /// The paper's query in knightlog (each verify/2), natively and in SWI-Prolog, side by side;
    /// or, with --suite, the classic Prolog benchmarks of benches/prolog against SWI-Prolog.
    Bench(bench::BenchArgs),
}

/// The `--format` of `tour`, `render` and `puzzle`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
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

impl FormatArg {
    /// The renderer's format; `None` for `--format none`.
    pub fn format(self) -> Option<Format> {
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
pub enum Failure {
    Knights(KnightsError),
    Io(String),
    Bench(String),
    /// The output could not be written (a full disk, `> /dev/full`): exit status 2, as
    /// knightlog's for an I/O error.
    Output(String),
}

impl From<KnightsError> for Failure {
    fn from(e: KnightsError) -> Self {
        Failure::Knights(e)
    }
}

/// The whole `knights` program: parses the command line, runs it, and says how it ended.
pub fn main() -> ExitCode {
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
        Err(Failure::Output(what)) => {
            eprintln!("knights: {what}");
            ExitCode::from(2)
        }
    }
}

/// Runs one subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Tour(args) => tour::run(&args),
        Command::Exists(args) => exists::run(&args),
        Command::Count(args) => count::run(&args),
        Command::Neural(args) => neural::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Puzzle(args) => puzzle::run(&args),
        Command::Bench(args) => bench::run(&args),
    }
}

/// `--solutions`: a count of at least one (0 is refused rather than read as "all").
pub fn at_least_one(text: &str) -> Result<usize, String> {
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

/// The bytes of `file`, or of standard input for `-`.
pub fn read_input(file: &str) -> Result<Vec<u8>, Failure> {
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

/// Where output goes: a file or standard output, buffered; every write error becomes a
/// [`Failure::Output`] naming the destination.
pub struct Output {
    name: String,
    sink: std::io::BufWriter<Box<dyn Write>>,
}

impl Output {
    /// `path`, created (truncated), or standard output for `None`.
    pub fn open(path: Option<&str>) -> Result<Output, Failure> {
        let (name, sink): (String, Box<dyn Write>) = match path {
            Some(p) => (
                p.to_string(),
                Box::new(
                    std::fs::File::create(p)
                        .map_err(|e| Failure::Output(format!("cannot write {p}: {e}")))?,
                ),
            ),
            None => ("stdout".into(), Box::new(std::io::stdout())),
        };
        Ok(Output {
            name,
            sink: std::io::BufWriter::with_capacity(1 << 20, sink),
        })
    }

    pub fn failed(&self, e: std::io::Error) -> Failure {
        Failure::Output(format!("cannot write to {}: {e}", self.name))
    }

    /// The writer, for streaming; map its errors with [`Output::failed`].
    pub fn writer(&mut self) -> &mut impl Write {
        &mut self.sink
    }

    pub fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.sink.write_all(bytes).map_err(|e| self.failed(e))
    }

    /// Flushes; the output is complete only when this succeeds.
    pub fn finish(mut self) -> Result<(), Failure> {
        self.sink.flush().map_err(|e| self.failed(e))
    }
}

/// Writes `text` to `output`, or to standard output.
pub fn emit(text: &[u8], output: Option<&str>) -> Result<(), Failure> {
    let mut out = Output::open(output)?;
    out.write(text)?;
    out.finish()
}

/// Prints `text` on standard output (what `print!` does, with write errors reported).
pub fn say(text: &str) -> Result<(), Failure> {
    emit(text.as_bytes(), None)
}

/// Writes `tour` in `format`: text and JSON stream (the text board a band of rows at a time),
/// the pictures are drawn whole (they refuse boards too large to draw).
pub fn write_tour(
    tour: &Tour,
    format: Format,
    svg: &SvgOptions,
    out: &mut Output,
) -> Result<(), Failure> {
    let written = match format {
        Format::Text => text::write_number_board(tour, out.writer()),
        Format::Json => text::write_json(tour, out.writer()),
        _ => return out.write(&crate::knights::io::render::render(tour, format, svg)?),
    };
    written.map_err(|e| out.failed(e))
}
