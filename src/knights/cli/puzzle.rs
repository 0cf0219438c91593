//! The body of `knights puzzle`: the queen-on-d5 walk, optimal or in the fixed order, with
//! its proof, as text, SVG, PNG or seed 001's PostScript.
//!
//! Tested by: tests/queen_puzzle.rs, tests/knights_cli.rs.

use super::{emit, Failure, FormatArg};
use crate::knights::board::walk::Walk;
use crate::knights::error::KnightsError;
use crate::knights::io::render::{walk_png, walk_postscript, walk_svg, SvgOptions};
use crate::knights::parse_square;
use crate::knights::solvers::puzzle::QueenPuzzle;
use std::fmt::Write;

#[derive(clap::Args)]
pub struct PuzzleArgs {
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
}

pub fn run(args: &PuzzleArgs) -> Result<(), Failure> {
    let puzzle = QueenPuzzle {
        queen: parse_square(&args.queen)?,
        start: parse_square(&args.start)?,
        ..QueenPuzzle::default()
    };
    let fixed = args.fixed_order;
    let out = match args.format {
        FormatArg::Svg => PuzzleOutput::Svg,
        FormatArg::Ps => PuzzleOutput::Ps,
        FormatArg::Json => PuzzleOutput::Json,
        FormatArg::None => PuzzleOutput::None,
        FormatArg::Text => PuzzleOutput::Text,
        FormatArg::Png => return emit(&png(&puzzle, fixed)?, args.output.as_deref()),
    };
    emit(
        answer(&puzzle, fixed, out)?.as_bytes(),
        args.output.as_deref(),
    )
}

/// What to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleOutput {
    /// The walk and the proof summary.
    Text,
    Svg,
    Ps,
    /// `{"board": ..., "queen": ..., "start": ..., "moves": n, "walk": [squares]}`.
    Json,
    /// Nothing (the walk is still solved and validated): for timing.
    None,
}

/// The walk as chess squares, ten to a line.
pub fn squares_text(walk: &Walk) -> String {
    let names: Vec<String> = walk.squares().iter().map(|s| s.to_string()).collect();
    names
        .chunks(10)
        .map(|c| format!("  {}\n", c.join(" ")))
        .collect()
}

/// Solves `puzzle` and renders the answer.
pub fn answer(
    puzzle: &QueenPuzzle,
    fixed: bool,
    output: PuzzleOutput,
) -> Result<String, KnightsError> {
    let (walk, report) = solve(puzzle, fixed)?;
    match output {
        PuzzleOutput::Text => Ok(report),
        PuzzleOutput::Svg => walk_svg(&walk, &SvgOptions::default()),
        PuzzleOutput::Ps => walk_postscript(&walk),
        PuzzleOutput::Json => {
            let names: Vec<String> = walk.squares().iter().map(|s| format!("\"{s}\"")).collect();
            Ok(format!(
                "{{\"board\": \"{}\", \"queen\": \"{}\", \"start\": \"{}\", \"order\": \"{}\", \
                 \"moves\": {}, \"walk\": [{}]}}\n",
                walk.board(),
                puzzle.queen,
                puzzle.start,
                if fixed { "fixed" } else { "shortest" },
                walk.moves(),
                names.join(", ")
            ))
        }
        PuzzleOutput::None => Ok(String::new()),
    }
}

/// Solves `puzzle` and draws the walk as a PNG.
pub fn png(puzzle: &QueenPuzzle, fixed: bool) -> Result<Vec<u8>, KnightsError> {
    walk_png(&solve(puzzle, fixed)?.0, &SvgOptions::default())
}

/// The walk (optimal, or in the fixed order) and the text report with its proof.
fn solve(puzzle: &QueenPuzzle, fixed: bool) -> Result<(Walk, String), KnightsError> {
    let (walk, report) = if fixed {
        let f = puzzle.fixed_order()?;
        let mut r = format!(
            "fixed order (targets right to left, ranks top to bottom, attacked squares \
             skipped): {} moves from {} with the queen on {}\n",
            f.walk.moves(),
            puzzle.start,
            puzzle.queen
        );
        r += &squares_text(&f.walk);
        let legs: Vec<String> = f
            .legs
            .iter()
            .skip(1)
            .map(|(sq, n)| format!("{sq}:{n}"))
            .collect();
        let _ = writeln!(
            r,
            "proof: each leg is a shortest path (breadth-first distances over safe squares), \
             so the sum of the legs is the optimum for this order:\n  {}",
            legs.join(" ")
        );
        (f.walk, r)
    } else {
        let s = puzzle.solve()?;
        let p = &s.proof;
        let mut r = format!(
            "shortest walk: {} moves from {} visiting all {} squares the queen on {} does not \
             attack\n",
            s.walk.moves(),
            puzzle.start,
            p.safe,
            puzzle.queen
        );
        r += &squares_text(&s.walk);
        let dead: Vec<String> = p
            .dead_ends
            .iter()
            .map(|(l, q)| format!("{l}<{q}"))
            .collect();
        let _ = writeln!(
            r,
            "proof:\n  {} dead ends (square<only neighbour): {}\n  each costs exactly 2 moves \
             (there and back), except one the walk may end in (1 move)\n  breadth-first \
             search over (square, squares seen) on the other {} squares: {} states; no walk \
             sees them all in fewer than {} moves\n  optimum = {} + 2 x {}{} = {}",
            p.dead_ends.len(),
            dead.join(" "),
            p.reduced,
            p.states,
            p.reduced_length,
            p.reduced_length,
            p.dead_ends.len(),
            if p.ends_in_dead_end {
                " - 1 (it can end in a dead end)"
            } else {
                " (no shortest reduced walk ends next to a dead end)"
            },
            s.walk.moves()
        );
        let _ = writeln!(
            r,
            "  (seed 001's greedy find_closest/3 walk takes 58 moves; its first solver 256)"
        );
        (s.walk, r)
    };
    Ok((walk, report))
}
