//! Everything that finds tours and walks: [`method`] names the tour methods and dispatches to
//! them (shared by `knights tour` and the Prolog bridge); [`auto`] is the default method.
//!
//! * [`dfs`] — the paper's depth-first search, node for node;
//! * [`warnsdorff`] — Warnsdorff's rule, Roth's tie-break, backtracking; [`closing`] turns open
//!   tours into closed ones by Pósa rotations;
//! * [`divide`] — linear-time construction from the blocks of [`blocks`] and the strips of
//!   [`strips`], found by the small-graph search of [`hamilton`] and joined as [`links`];
//!   [`open_start`] and [`reroot`] start open tours anywhere;
//! * [`ends`] — tours between two given squares (refusals by theorem, exhaustive search on
//!   small boards, Pósa rotations of the end on large ones);
//! * [`neural`] — the Takefuji–Lee network, seeded trials in parallel;
//! * [`puzzle`] — seed 001's queen puzzle, optimal walks.
//!
//! Tested by: tests/knights_dfs.rs, tests/knights_warnsdorff.rs, tests/knights_divide.rs,
//! tests/knights_every_start.rs, tests/knights_ends.rs, tests/knights_neural.rs, tests/queen_puzzle.rs.

pub mod auto;
pub mod blocks;
pub mod closing;
pub mod dfs;
pub mod divide;
pub mod ends;
pub mod hamilton;
pub mod links;
pub mod method;
pub mod neural;
pub mod open_start;
pub mod puzzle;
pub mod reroot;
pub mod strips;
pub mod warnsdorff;
