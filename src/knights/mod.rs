//! The Rust-native fast path: knight's tours without the interpreter.
//!
//! Pure functions over a [`Board`] and a start [`Square`], returning tours, counts and
//! rendered text, so the Prolog bridge (native builtins) is a thin layer over them:
//!
//! * solvers — [`dfs`] (the paper's depth-first search, node for node), [`warnsdorff`]
//!   (Warnsdorff's rule, Roth's tie-break, backtracking; [`closing`] turns open tours into closed
//!   ones by Pósa rotations), [`divide`] (linear-time construction from the blocks of [`blocks`]
//!   and the strips of [`strips`], found by the small-graph search of [`hamilton`] and joined as
//!   [`links`]; [`open_start`] and [`reroot`] start open tours anywhere), [`neural`] (the Takefuji–Lee network, seeded trials in parallel);
//! * facts — [`exists`] (Schwenk; Conrad et al., with reasons), [`count`] (exhaustive counts),
//!   [`frontier`] (exact counts by a frontier dynamic programme);
//! * seed 001's queen puzzle — [`puzzle`] (optimal walks), [`walk`] (a validated walk);
//! * subcommand bodies — [`cli_count`], [`cli_puzzle`], [`cli_tour`] (the default method);
//! * tours in and out — [`tour`] (a validated tour), [`check`], [`input`], [`render`],
//!   [`readback`] (every format `render` writes, read back);
//! * plumbing — [`board`], [`moves`], [`error`], [`memory`] (refusing what will not fit),
//!   [`progress`] (bars on terminals only), [`rng`] (reproducible seeds).
//!
//! Everything is iterative (explicit stacks), works on any rectangular board, and every tour
//! is validated before it leaves ([`Tour`] can only be built through [`check::validate`]).

pub mod blocks;
pub mod board;
pub mod check;
pub mod cli_count;
pub mod cli_puzzle;
pub mod cli_tour;
pub mod closing;
pub mod count;
pub mod dfs;
pub mod divide;
pub mod error;
pub mod exists;
pub mod frontier;
pub mod hamilton;
pub mod input;
pub mod links;
pub mod memory;
pub mod moves;
pub mod neural;
pub mod open_start;
pub mod progress;
pub mod puzzle;
pub mod readback;
pub mod render;
pub mod reroot;
pub mod rng;
pub mod strips;
pub mod tour;
pub mod walk;
pub mod warnsdorff;

pub use board::{parse_square, Board, Square};
pub use error::KnightsError;
pub use moves::MoveOrder;
pub use tour::Tour;
