//! The Rust-native fast path: knight's tours without the interpreter.
//!
//! Pure functions over a [`Board`] and a start [`Square`], returning tours, counts and
//! rendered text, so the Prolog bridge (native builtins) is a thin layer over them:
//!
//! * [`dfs`] — the paper's depth-first search, node for node (same move order, same nodes);
//! * [`warnsdorff`] — Warnsdorff's rule with a tie-break and backtracking, any board size;
//! * [`divide`] — a linear-time construction joining precomputed blocks ([`blocks`]);
//! * [`neural`] — the Takefuji–Lee neural network, many seeded trials in parallel;
//! * [`count`] — exact tour counts by exhaustive search on small boards;
//! * [`exists`] — which boards have tours (Schwenk; Conrad et al.), with reasons;
//! * [`check`], [`input`], [`render`] — validation, reading and drawing tours.
//!
//! Everything is iterative (explicit stacks), works on any rectangular board, and every tour
//! is validated before it leaves ([`Tour`] can only be built through [`check::validate`]).

pub mod blocks;
pub mod board;
pub mod check;
pub mod closing;
pub mod count;
pub mod dfs;
pub mod divide;
pub mod error;
pub mod exists;
pub mod hamilton;
pub mod input;
pub mod links;
pub mod memory;
pub mod moves;
pub mod neural;
pub mod progress;
pub mod render;
pub mod rng;
pub mod strips;
pub mod tour;
pub mod warnsdorff;

pub use board::{parse_square, Board, Square};
pub use error::KnightsError;
pub use moves::MoveOrder;
pub use tour::Tour;
