//! The Rust-native fast path: knight's tours without the interpreter.
//!
//! Pure functions over a [`Board`] and a start [`Square`], returning tours, counts and
//! rendered text, so the Prolog bridge (native builtins) and the `knights` command are thin
//! layers over them. The folders, by role:
//!
//! * [`board`] — boards and squares, moves, validated tours and walks, which boards have tours
//!   (the facts everything else builds on);
//! * [`solvers`] — finding tours (dfs, Warnsdorff, divide and conquer, neural network) and
//!   seed 001's queen puzzle; [`solvers::method`] is the one method dispatch;
//! * [`counting`] — exact counts (exhaustive, frontier programme) and the published values;
//! * [`io`] — reading tours, rendering them, reading renderings back, progress bars;
//! * [`cli`] — the `knights` command: clap definitions, one file per subcommand's body;
//! * [`bench`](mod@bench) — the machinery of `knights bench` (child processes, the paper's
//!   query, the classic suite); the cargo benchmarks are in `benches/`;
//! * plumbing — [`error`], [`memory`] (refusing what will not fit), [`rng`] (reproducible
//!   seeds).
//!
//! Everything is iterative (explicit stacks), works on any rectangular board, and every tour
//! is validated before it leaves ([`Tour`] can only be built through [`board::check::validate`]).
//!
//! Tested by: the tests/knights_*.rs files (one per area), tests/native_bridge.rs,
//! tests/bench_suite.rs.

pub mod bench;
pub mod board;
pub mod cli;
pub mod counting;
pub mod error;
pub mod io;
pub mod memory;
pub mod rng;
pub mod solvers;

pub use board::moves::MoveOrder;
pub use board::tour::Tour;
pub use board::{parse_square, Board, Square};
pub use error::KnightsError;
