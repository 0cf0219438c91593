//! The body of `knights tour`: one tour (or, by dfs, the first N) by the method asked for
//! ([`crate::knights::solvers::method`], the dispatch the Prolog bridge shares), drawn in the
//! format asked for (text and JSON streamed square by square), with a line on stderr saying
//! how it was found.
//!
//! Tested by: tests/knights_cli.rs, tests/knights_formats.rs, tests/knights_render.rs.

use super::{at_least_one, write_tour, Failure, FormatArg, Output};
use crate::knights::board::exists;
use crate::knights::counting::symmetry;
use crate::knights::io::render::{Format, SvgOptions, Window};
use crate::knights::rng::Rng;
use crate::knights::solvers::ends;
use crate::knights::solvers::method::{self, Method, Request};
use crate::knights::{parse_square, Board, KnightsError, MoveOrder, Square};

#[derive(clap::Args)]
pub struct TourArgs {
    /// Board as WIDTHxHEIGHT (files x ranks), any size from 1x1.
    #[arg(long, default_value = "8x8")]
    board: String,
    /// Start square: a8, aa10 or [File,Rank] (default: the top-left corner, the paper's [1,8]).
    #[arg(long)]
    start: Option<String>,
    /// End square: a tour from --start to this square (refused with the theorem's reason
    /// where none can exist); with --closed it must be a knight's move from the start.
    #[arg(long)]
    end: Option<String>,
    /// A uniformly random tour (every tour equally likely, from --seed): the board's tours
    /// are counted and one drawn by its index; boards of at most 36 squares.
    #[arg(long, conflicts_with_all = ["end", "symmetric", "start"])]
    random: bool,
    /// A tour that this motion of the board maps onto itself (all tours of the board are
    /// listed, so at most 36 squares).
    #[arg(long, value_enum, conflicts_with_all = ["end", "start"])]
    symmetric: Option<SymmetryArg>,
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
    /// neural: base seed (trial i uses a seed derived from it and i); --random: the draw's seed.
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

/// The symmetries `--symmetric` asks for.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SymmetryArg {
    /// Turning the board by 180 degrees.
    HalfTurn,
    /// Turning the board by 90 degrees (square boards).
    QuarterTurn,
}

pub fn run(args: &TourArgs) -> Result<(), Failure> {
    let board = Board::parse(&args.board)?;
    let start = match &args.start {
        Some(s) => parse_square(s)?,
        None => Square::new(1, board.height()),
    };
    board.index(start)?;
    let listed = if args.random {
        let sampler = symmetry::Sampler::new(board, args.closed)?;
        let t = sampler.draw(&mut Rng::new(args.seed))?;
        Some((
            t,
            format!(
                "uniform among {} undirected tours, seed {}",
                sampler.count(),
                args.seed
            ),
        ))
    } else if let Some(sym) = args.symmetric {
        let name = match sym {
            SymmetryArg::HalfTurn => "half turn",
            SymmetryArg::QuarterTurn => "quarter turn",
        };
        let t = symmetry::symmetric_tour(board, args.closed, name)?;
        Some((t, format!("{name} symmetric, the first in the listing")))
    } else {
        None
    };
    if let Some((t, note)) = listed {
        let found = method::Found {
            tours: vec![t],
            work: u64::from(board.area()),
            hit_limit: false,
            note,
        };
        return show(args, board, start, found);
    }
    if let Some(end) = &args.end {
        if !matches!(args.method, Method::Auto) {
            return Err(KnightsError::Unsupported {
                what: "--end chooses its own method: leave --method at auto".into(),
            }
            .into());
        }
        let (t, note) = ends::tour(board, start, parse_square(end)?, args.closed)?;
        let found = method::Found {
            tours: vec![t],
            work: u64::from(board.area()),
            hit_limit: false,
            note: format!("to a given end: {note}"),
        };
        return show(args, board, start, found);
    }
    if args.method == Method::Dfs {
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
    }
    let request = Request {
        closed: args.closed,
        // Only dfs reads --moves (the other methods ignore it, as they always have).
        order: match (&args.moves, args.method) {
            (Some(m), Method::Dfs) => MoveOrder::parse(m)?,
            _ => MoveOrder::default(),
        },
        solutions: args.solutions.max(1),
        max_nodes: args.max_nodes,
        seed: args.seed,
        trials: args.trials,
        progress: true,
    };
    let found = method::find(args.method, board, start, &request)?;
    show(args, board, start, found)
}

/// Prints what was found in the format asked for, and the summary line on stderr.
fn show(args: &TourArgs, board: Board, start: Square, found: method::Found) -> Result<(), Failure> {
    if found.tours.is_empty() {
        eprintln!("{}", found.note);
        return Err(KnightsError::NoTourFromStart {
            board,
            start,
            closed: args.closed,
            why: if found.hit_limit {
                "none found before the node limit".into()
            } else {
                "the exhaustive search found none".into()
            },
        }
        .into());
    }
    let tours = found.tours;
    let svg = SvgOptions {
        numbers: args.numbers,
        window: args.window.as_deref().map(Window::parse).transpose()?,
        ..SvgOptions::default()
    };
    let last = &tours[tours.len() - 1];
    let summary = format!(
        "{} tour of {board} from {} to {}; {}",
        if last.is_closed() { "closed" } else { "open" },
        last.start(),
        last.end(),
        found.note
    );
    if let Some(format) = args.format.format() {
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
        let mut out = Output::open(args.output.as_deref())?;
        for (i, t) in tours.iter().enumerate().skip(skip) {
            if i > 0 && format == Format::Text {
                out.write(b"\n")?;
            }
            write_tour(t, format, &svg, &mut out)?;
        }
        out.finish()?;
    }
    eprintln!("{summary}");
    Ok(())
}
